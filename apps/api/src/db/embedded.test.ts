import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { sharedBuffersFor, startEmbeddedPostgres } from './embedded';
import { isOrphanedServer, type Postmaster, processAlive, readPostmaster } from './embedded-owner';

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

    it("keeps a quarter of the machine's memory as shared buffers", async () => {
      const { rows } = await t.db.$client.query<{ mb: string }>(
        "select setting::bigint * 8192 / 1048576 as mb from pg_settings where name = 'shared_buffers'",
      );
      expect(`${rows[0]!.mb}MB`).toBe(sharedBuffersFor(os.totalmem()));
    });
  },
);

describe('the shared buffers of the embedded server', () => {
  const GB = 1024 ** 3;
  it("are a quarter of the machine's memory, between 128 MB and 8 GB", () => {
    expect(sharedBuffersFor(24 * GB)).toBe('6144MB');
    expect(sharedBuffersFor(4 * GB)).toBe('1024MB');
    expect(sharedBuffersFor(256 * 1024 ** 2)).toBe('128MB');
    expect(sharedBuffersFor(64 * GB)).toBe('8192MB');
  });
});

// The test run's own server: started by vitest's main process, which is alive and recorded.
describe.runIf(!process.env.TEST_DATABASE_URL && process.platform === 'linux')(
  'a PostgreSQL server found running on the data directory at start',
  () => {
    let clusterDir: string;
    let postmaster: Postmaster;
    const scratch: string[] = [];
    beforeAll(async () => {
      const { rows } = await t.db.$client.query<{ dir: string }>(
        'select setting as dir from pg_settings where name = $1',
        ['data_directory'],
      );
      clusterDir = rows[0]!.dir;
      postmaster = (await readPostmaster(clusterDir))!;
    });
    afterAll(async () => {
      for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
    });
    const dataDirRecording = async (appPid: number) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-owner-'));
      scratch.push(dir);
      await fs.writeFile(path.join(dir, 'app.pid'), `${appPid}\n`);
      return dir;
    };

    it('is left alone while the app that started it runs', async () => {
      expect(await isOrphanedServer(path.dirname(clusterDir), clusterDir, postmaster)).toBe(false);
    });

    it('is taken for an orphan once the app recorded for it is gone', async () => {
      const deadPid = spawnSync('true').pid!;
      const dataDir = await dataDirRecording(deadPid);
      expect(await isOrphanedServer(dataDir, clusterDir, postmaster)).toBe(true);
    });

    it('is never taken for an orphan of a data directory it does not serve', async () => {
      const deadPid = spawnSync('true').pid!;
      const dataDir = await dataDirRecording(deadPid);
      const otherCluster = path.join(dataDir, 'postgres');
      await fs.mkdir(otherCluster);
      expect(await isOrphanedServer(dataDir, otherCluster, postmaster)).toBe(false);
      const claimingOther = { ...postmaster, dataDir: otherCluster };
      expect(await isOrphanedServer(dataDir, otherCluster, claimingOther)).toBe(false);
    });
  },
);

// A server of the app's own that does not answer its stop: `npm start`'s stop must still end.
describe.runIf(!process.env.TEST_DATABASE_URL && process.platform === 'linux')(
  "the app's stop of its embedded server",
  () => {
    it('stops a server that does not finish its clean shutdown in time, harder, and returns', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-stop-'));
      try {
        const server = await startEmbeddedPostgres(
          dataDir,
          () => {},
          () => {},
          {
            fastShutdownMs: 1_000,
          },
        );
        const postmaster = (await readPostmaster(path.join(dataDir, 'postgres')))!;
        // Stopped, as a hung host leaves it: it cannot act on SIGINT or SIGQUIT, only die.
        process.kill(postmaster.pid, 'SIGSTOP');
        const started = performance.now();
        await server.stop();
        // 1 s for the clean shutdown and 5 s for the immediate one, then SIGKILL.
        expect(performance.now() - started).toBeLessThan(15_000);
        expect(await processAlive(postmaster.pid)).toBe(false);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
