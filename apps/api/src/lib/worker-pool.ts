import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/*
 * Work that would hold the event loop for tens of milliseconds (a 500-item invoice's spreadsheet:
 * about 40 ms of CPU) runs on worker threads, so that the requests behind it are answered
 * meanwhile and the file uses the machine's other cores (decision 031). piscina keeps the pool:
 * one thread per core at most, none while idle (an idle thread ends after IDLE_MS and never holds
 * the process open), each started on the first task that needs it.
 */

const IDLE_MS = 30_000;

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
      minThreads: 0,
      maxThreads: availableParallelism(),
      idleTimeout: IDLE_MS,
      execArgv: typescript && !loaded ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
    });
    pools.set(file.href, pool);
  }
  return pool.run(task) as Promise<R>;
}
