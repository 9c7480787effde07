import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** Field 41 of /proc/<pid>/stat: the scheduling policy (0 normal, 3 batch). */
function schedulingPolicy(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
}

const SCHED_BATCH = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// The embedded server only: a server of one's own (TEST_DATABASE_URL) is scheduled by its host.
describe.runIf(!process.env.TEST_DATABASE_URL && process.platform === 'linux')(
  'the embedded PostgreSQL server',
  () => {
    it("runs its backends as batch work, so that a query's wake-up does not preempt the API", async () => {
      const { rows } = await t.db.$client.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(schedulingPolicy(rows[0]!.pid)).toBe(SCHED_BATCH);
      expect(schedulingPolicy(process.pid)).toBe(0);
    });
  },
);
