import { parentPort, Worker } from 'node:worker_threads';

/*
 * Work a request's own input can make long or large (an uploaded spreadsheet) runs on worker
 * threads, off the event loop, and a thread past its memory or time is ended without the process.
 * A few threads, each with its heap capped and its task timed; tasks beyond them wait in a short
 * queue for a bounded time, then are refused (`PoolBusy`).
 *
 * A thread is ended after a task that failed, after one that left its heap above
 * `retireHeapBytes` (the memory goes back to the system with it) and when idle for `idleMs`; the
 * next task starts a new one. An idle thread never holds the process open.
 */

export type PoolLimits = {
  /** Threads at most, working at once. */
  threads: number;
  /** Tasks at most waiting for a thread; one more is refused. */
  waiting: number;
  /** How long a task may wait for a thread before it is refused. */
  waitMs: number;
  /** How long a task may run; past it, its thread is ended. */
  timeMs: number;
  /** The V8 heap (old generation) a thread may hold; past it, the thread is ended. */
  memoryMb: number;
  /** A thread whose heap is larger after a task is ended. */
  retireHeapBytes: number;
  /** A thread idle this long is ended. */
  idleMs: number;
};

/** No thread was free in time, and the queue was full or the wait too long: try again later. */
export class PoolBusy extends Error {
  override readonly name = 'PoolBusy';
}

/** A task whose thread was ended: it ran past its time, its memory, or crashed. */
export class TaskFailed extends Error {
  override readonly name = 'TaskFailed';
  constructor(
    readonly reason: 'time' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

type Reply<R> =
  | { ready: true }
  | { ok: true; result: R; heapBytes: number }
  | { ok: false; error: string };

/**
 * Makes this worker module answer tasks with `handle` (called in the worker module itself): one
 * task at a time, its result posted back with the size of the thread's heap. The thread says
 * when it is ready: a task's time is counted from then, not while its modules load.
 */
export function serveTasks<T, R>(handle: (task: T) => Promise<R> | R): void {
  parentPort?.postMessage({ ready: true } satisfies Reply<R>);
  parentPort?.on('message', async (task: T) => {
    let reply: Reply<R>;
    try {
      const result = await handle(task);
      // The thread's own heap and the buffers it holds, garbage not yet collected included: an idle
      // thread collects nothing, so what a large task left is freed by ending the thread.
      const { heapUsed, external } = process.memoryUsage();
      reply = { ok: true, result, heapBytes: heapUsed + external };
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(reply);
  });
}

/** How long a new thread may take to load its modules (seconds through tsx on a busy machine). */
const STARTUP_MS = 60_000;

type Waiting<T, R> = {
  task: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
};

/**
 * A pool of threads running the worker module `file` (a URL beside its caller, whose module calls
 * `serveTasks`). A TypeScript module (tests and `npm run dev` run the sources) is loaded through
 * tsx; the build bundles each worker module to JavaScript beside server.js (apps/api/build.mjs).
 */
export function workerPool<T, R>(file: URL, limits: PoolLimits): (task: T) => Promise<R> {
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const queue: Waiting<T, R>[] = [];
  let running = 0;
  const ready = new WeakSet<Worker>();
  const resourceLimits = { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 };

  const spawn = () => {
    // Node 20 applies no loader of the process's (`--import tsx`) to a worker's own module: a
    // TypeScript one is imported by a line that registers tsx in the thread first.
    const worker = file.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
          { eval: true, execArgv: [], resourceLimits },
        )
      : new Worker(file, { resourceLimits });
    // A thread ended later (a retired one) may still report an error: nobody waits for it.
    worker.on('error', () => {});
    worker.unref();
    return worker;
  };

  const park = (worker: Worker) => {
    const timer = setTimeout(() => {
      const at = idle.findIndex((entry) => entry.worker === worker);
      if (at >= 0) idle.splice(at, 1);
      void worker.terminate();
    }, limits.idleMs);
    timer.unref();
    idle.push({ worker, timer });
  };

  const execute = (task: T) =>
    new Promise<R>((resolve, reject) => {
      const kept = idle.pop();
      if (kept) clearTimeout(kept.timer);
      const worker = kept?.worker ?? spawn();
      let settled = false;
      const finish = (retire: boolean, error: unknown, result?: R) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (retire) void worker.terminate();
        else park(worker);
        if (error) reject(error);
        else resolve(result as R);
      };
      const onMessage = (reply: Reply<R>) => {
        if ('ready' in reply) {
          ready.add(worker);
          clearTimeout(timer);
          timer = setTimeout(timedOut, limits.timeMs);
        } else if (reply.ok)
          finish(reply.heapBytes > limits.retireHeapBytes, undefined, reply.result);
        else finish(true, new TaskFailed('crash', reply.error));
      };
      const onError = (error: Error & { code?: string }) =>
        finish(
          true,
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new TaskFailed('memory', error.message)
            : new TaskFailed('crash', error.message),
        );
      const onExit = (code: number) =>
        finish(true, new TaskFailed('crash', `the worker thread stopped (${code})`));
      const timedOut = () => finish(true, new TaskFailed('time', `ran past ${limits.timeMs} ms`));
      // A new thread's modules load before its task's time starts, within STARTUP_MS.
      let timer = ready.has(worker)
        ? setTimeout(timedOut, limits.timeMs)
        : setTimeout(
            () => finish(true, new TaskFailed('crash', 'the worker thread did not start')),
            STARTUP_MS,
          );
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(task);
    });

  const start = async (task: T): Promise<R> => {
    running += 1;
    try {
      return await execute(task);
    } finally {
      running -= 1;
      const next = queue.shift();
      if (next) {
        clearTimeout(next.timer);
        start(next.task).then(next.resolve, next.reject);
      }
    }
  };

  return (task: T) => {
    if (running < limits.threads) return start(task);
    if (queue.length >= limits.waiting) return Promise.reject(new PoolBusy('queue full'));
    return new Promise<R>((resolve, reject) => {
      const waiting: Waiting<T, R> = {
        task,
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiting), 1);
          reject(new PoolBusy('waited too long'));
        }, limits.waitMs),
      };
      queue.push(waiting);
    });
  };
}
