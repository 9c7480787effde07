import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/*
 * Work that would hold the event loop for tens of milliseconds (a 500-item invoice's spreadsheet:
 * about 40 ms of CPU) runs on worker threads, so that the requests behind it are answered
 * meanwhile and the file uses another core (decision 031). piscina keeps the pool: a thread for
 * each core but one, which the event loop and PostgreSQL keep (with as many threads as cores, the
 * files' p99 was half again as long), and at least one. The threads start with the pool (at its
 * module's first task) and stay, as a pool's connections do: a thread started for a burst of work
 * spends its first second loading its modules and its first files unoptimised, which a thread
 * that stays does once. An idle thread never holds the process open.
 */

const THREADS = Math.max(1, availableParallelism() - 1);

const pools = new Map<string, Piscina>();

/**
 * The worker module `file` (a URL beside its caller) runs `task` on a thread of its own pool and
 * answers what the module's default export returns. A TypeScript module (tests and `npm run dev`
 * run the sources) is loaded through tsx; the build bundles each worker to JavaScript.
 */
export function runInWorker<T, R>(file: URL, task: T): Promise<R> {
  let pool = pools.get(file.href);
  if (!pool) {
    const typescript = file.pathname.endsWith('.ts');
    const loaded = process.execArgv.some((arg) => arg.includes('tsx'));
    pool = new Piscina({
      filename: file.href,
      minThreads: THREADS,
      maxThreads: THREADS,
      execArgv: typescript && !loaded ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
    });
    pools.set(file.href, pool);
  }
  return pool.run(task) as Promise<R>;
}
