/**
 * A second API process for the cross-process socket tests: the app on DATABASE_URL with the
 * signing secret of the test's own instance (JWT_SECRET_BASE64), listening on a free port.
 * It reports `{ port }` over IPC once its adapter has heard the other instance, and stops on
 * SIGTERM.
 */
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { createDatabase } from '../src/db/client';

const db = createDatabase(process.env.DATABASE_URL!, 5);
const ctx = createContext(
  db,
  new Uint8Array(Buffer.from(process.env.JWT_SECRET_BASE64!, 'base64')),
);
// RENTAL_ALERTS=true: this instance sends the overdue rental alerts too, as a server does.
const app = await buildApp({ ctx, rentalAlerts: process.env.RENTAL_ALERTS === 'true' });
await app.listen({ port: 0, host: '127.0.0.1' });

const deadline = Date.now() + 20_000;
while ((await app.io.of('/').adapter.serverCount()) < 2 && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : null });

process.once('SIGTERM', async () => {
  await app.close();
  await db.$client.end();
  process.exit(0);
});
