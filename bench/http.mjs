// The bench's own HTTP client, for the scenarios that are not one URL asked again and again (the
// working day, a read after a write, a file after an edit): one keep-alive connection per virtual
// user, as a browser holds one, and the time of each call from its first byte sent to its last
// byte read. node:http rather than fetch: on a two-core machine the load generator's own cost
// weighs on the server it measures, and fetch costs several times more per call.

import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** A call that has not answered in this long is counted an error and given up (callTimeout). */
let timeoutMs = 30_000;

/**
 * Sets how long a call may wait for its answer before it is given up. The cluster check waits as
 * long as its balancer does: there, a call's end is told by the balancer.
 */
export function callTimeout(ms) {
  timeoutMs = ms;
}

/** What is told of every call, when set (scripts/cluster-check.mjs keeps each write's key). */
let observer = null;

/**
 * Has `observe` told of each call of every connection once it is answered (or failed): `{ token,
 * method, path, body, key (the Idempotency-Key, or null), at (Date.now() when sent), answer }`.
 * Null stops it.
 */
export function observeCalls(observe) {
  observer = observe;
}

/**
 * One connection to `baseUrl`, signed in with `token`: `call(method, path, body?)` answers
 * `{ status, ms, text, json() }`, or `{ status: 0, error }` when the connection failed. Writes
 * carry an Idempotency-Key, as the web app sends with each.
 */
export function connection(baseUrl, token) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // A Buffer is sent as an upload (its bytes, as lib/upload.ts takes a file), anything else as JSON.
  const call = (method, path, body) =>
    new Promise((answered) => {
      const upload = Buffer.isBuffer(body);
      const payload = body === undefined || upload ? body : JSON.stringify(body);
      const headers = { authorization: `Bearer ${token}` };
      if (payload !== undefined) {
        headers['content-type'] = upload ? 'application/octet-stream' : 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const key = method === 'GET' ? null : randomUUID();
      if (key) headers['idempotency-key'] = key;
      const at = Date.now();
      let told = false;
      const resolve = (answer) => {
        if (!told) observer?.({ token, method, path, body, key, at, answer });
        told = true;
        answered(answer);
      };
      const started = performance.now();
      const request = http.request(
        { agent, hostname, port, method, path, headers, timeout: timeoutMs },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              ms: performance.now() - started,
              text,
              json: () => JSON.parse(text),
            });
          });
          response.on('error', (error) => resolve(failed(started, error)));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      request.on('error', (error) => resolve(failed(started, error)));
      request.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

const failed = (started, error) => ({
  status: 0,
  ms: performance.now() - started,
  text: String(error?.message ?? error),
  json: () => null,
});

/** Whether a call answered with success. */
export const succeeded = (answer) => answer.status >= 200 && answer.status < 300;

/** Latencies (ms) kept whole, for exact percentiles: a run holds at most a few hundred thousand. */
export class Latencies {
  values = [];
  errors = 0;
  /** A few of the errors, for the report: status and the start of the answer. */
  samples = [];

  add(answer) {
    this.values.push(answer.ms);
    if (!succeeded(answer)) {
      this.errors += 1;
      if (this.samples.length < 3)
        this.samples.push(`${answer.status} ${answer.text.slice(0, 160)}`);
    }
  }

  /** p50, p99, the mean and the count, in ms rounded to a tenth. */
  summary() {
    const sorted = Float64Array.from(this.values).sort();
    const at = (q) =>
      sorted.length === 0
        ? 0
        : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    const sum = sorted.reduce((total, value) => total + value, 0);
    const tenth = (n) => Math.round(n * 10) / 10;
    return {
      total: sorted.length,
      p50: tenth(at(0.5)),
      p99: tenth(at(0.99)),
      average: tenth(sorted.length ? sum / sorted.length : 0),
      sum,
      errors: this.errors,
      errorSamples: this.samples,
    };
  }
}

/** A small seeded random generator (mulberry32), so that each run asks the same things. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from `from` to `to`, both included. */
    int: (from, to) => from + Math.floor(next() * (to - from + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Runs `loop(stopped)` on each of `count` workers until `seconds` have passed; waits for them. */
export async function runFor(seconds, workers, loop) {
  const until = performance.now() + seconds * 1000;
  const stopped = () => performance.now() >= until;
  await Promise.all(workers.map((worker) => loop(worker, stopped)));
}
