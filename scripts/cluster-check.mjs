// `npm run cluster-check`: Stockyard as several API processes on one PostgreSQL server
// behind a load balancer, a working day across them, and failures survived. On this machine, with
// Debian packages and npm only: PostgreSQL from Debian's `postgresql` (its own data directory under
// .tmp/cluster, run as `postgres`), the bench's data set scaled down (bench/seed*.ts with
// BENCH_SCALE: seeded in seconds), three API processes (`node server.js` on
// DATABASE_URL, of the committed API built into apps/api/.tmp/cluster: cluster/servers.mjs) and
// HAProxy in front. The bench's working day (bench/working-day.mjs) runs through the balancer while one API
// process is killed (SIGKILL) and started again, the PostgreSQL server restarted (fast shutdown,
// then start), and one process's LISTEN backends stopped (SIGSTOP) for 20 s. Then it checks: every
// acknowledged write is in the database, failed writes sent again with their Idempotency-Key and
// every write sent once more change nothing twice, the ledger holds, errors fell inside the
// failure windows only, notifications reached the sockets on every process, a socket of the killed
// process reconnected to a live one, a session signed out on one process was refused by the
// others at once, and the whole check took under 10 minutes. Clients wait for an answer
// as long as the balancer does (decision 065): whether a call failed is told by the balancer,
// which follows each process's state, not by a clock of the client's; calls slower than the web
// app's own 10 s are counted and reported beside. Prints one summary line, writes
// bench/results/cluster-latest.md and cluster-YYYY-MM-DD.json, exits non-zero when a check fails.
//
// CLUSTER_DAY_SECONDS (the day, 150), CLUSTER_STOP_SECONDS (the SIGSTOP, 20), CLUSTER_SCALE (the
// data set's share of the bench's, 0.02), CLUSTER_KEEP=1 (keep .tmp/cluster's database
// afterwards), CLUSTER_BUILD=never (use the last build as it is).

import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { callTimeout, connection, observeCalls, succeeded } from '../bench/http.mjs';
import {
  closeWorkingDay,
  DAY_NAME,
  prepareWorkingDay,
  runWorkingDay,
} from '../bench/working-day.mjs';
import {
  followingSocket,
  notificationCheck,
  reconnectCheck,
  revocationCheck,
} from '../cluster/live.mjs';
import {
  createPostgres,
  ensureBuild,
  ensurePackages,
  freePort,
  haproxyConfig,
  listenBackendsOf,
  startApi,
  startHaproxy,
  stopChild,
  stopLeftover,
  untilHealthy,
} from '../cluster/servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.tmp/cluster');
// The ports wanted; the next free one when a test of this machine holds one.
let PG_PORT = 5532;
let BALANCER_PORT = 7100;
const API_PORTS = [7101, 7102, 7103];
/** Each process opens up to 10 + 3 + 1 connections (docs/operations.md); the seed and psql a few. */
const MAX_CONNECTIONS = 60;
const DAY_SECONDS = Number(process.env.CLUSTER_DAY_SECONDS ?? 150);
/** The bench's data set scaled down (BENCH_SCALE): seeded in seconds, not minutes. */
const SCALE = process.env.CLUSTER_SCALE ?? '0.02';
/**
 * How long a client waits for an answer: longer than the balancer's `timeout server` (180 s), so
 * that a call's failure is the balancer's word (a process refused, reset or went down), not the
 * client's clock on a busy machine.
 */
const CALL_TIMEOUT_MS = 200_000;
/** The web app's own limit (REQUEST_TIMEOUT_MS, packages/shared/src/constants.ts): slower calls are counted. */
const SLOW_MS = 10_000;
/** The issue's budget for the whole check on this two-core machine. */
const BUDGET_MINUTES = 10;
const STOP_SECONDS = Number(process.env.CLUSTER_STOP_SECONDS ?? 20);
/** After a failure is repaired (its process or server answers again), errors still count to it this long. */
const GRACE_MS = 3000;

const t0 = Date.now();
const stamp = () => `[${String(Math.round((Date.now() - t0) / 1000)).padStart(4)} s]`;
const log = (...args) => console.log(stamp(), ...args);

const state = { apis: [], balancer: null, postgres: null };

async function cleanUp() {
  await Promise.all(state.apis.map((api) => stopChild(api.child)));
  await stopChild(state.balancer?.child);
  try {
    await state.postgres?.stopFast();
  } catch {
    state.postgres?.stopImmediate();
  }
  if (process.env.CLUSTER_KEEP !== '1') {
    await fs.rm(path.join(dir, 'pgdata'), { recursive: true, force: true });
  }
}

/** The seed as committed (the build's tree: its migrations are those of the API it runs). */
function seed(tree, url, secret) {
  const out = path.join(dir, 'seed.json');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(tree, 'cluster/seed.ts'), out],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url, JWT_SECRET: secret, BENCH_SCALE: SCALE },
    },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  return fs.readFile(out, 'utf8').then(JSON.parse);
}

/** The materials whose quantity (or repair stock) is not the sum of their ledger's movements. */
async function ledgerBreaks(db) {
  const { rows } = await db.query(`
    select count(*)::int as breaks from (
      select m.id from materials m
      left join stock_movements s on s.material_id = m.id
      group by m.id, m.quantity, m.repair_quantity
      having m.quantity <> coalesce(sum(s.delta), 0)
          or m.repair_quantity <> coalesce(sum(s.repair_delta), 0)) broken`);
  return rows[0].breaks;
}

/** What a write changes, counted: the same before and after every write is sent again. */
async function footprint(db) {
  const { rows } = await db.query(`select
    (select count(*) from activity_logs)::int as activity,
    (select count(*) from stock_movements)::int as movements,
    (select coalesce(sum(quantity), 0) from materials)::float8 as stock,
    (select count(*) from attendance)::int as attendance,
    (select count(*) from rental_requests)::int as requests,
    (select count(*) from rental_requests where status = 'PENDING')::int as pending,
    (select count(*) from material_rental_returns)::int as returns,
    (select count(*) from idempotency_keys)::int as keys`);
  return rows[0];
}

/** A write sent again as it was first sent: same user, key, method, path and body. */
async function sendAgain(balancer, write) {
  const headers = { authorization: `Bearer ${write.token}`, 'idempotency-key': write.key };
  if (write.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const answer = await fetch(`${balancer}${write.path}`, {
      method: write.method,
      headers,
      body: write.body === undefined ? undefined : JSON.stringify(write.body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await answer.text();
    return {
      status: answer.status,
      replayed: answer.headers.get('idempotent-replayed') === 'true',
      text,
    };
  } catch (error) {
    return { status: 0, replayed: false, text: String(error?.message ?? error) };
  }
}

/** A 409 of a write sent again: its change committed with its key, its answer lost (decision 019). */
const answerLost = (answer) =>
  answer.status === 409 && /answer was lost|still being carried out/.test(answer.text);

/** Runs `work` on each item, `width` at a time. */
async function eachLimited(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function main() {
  PG_PORT = await freePort(PG_PORT);
  BALANCER_PORT = await freePort(BALANCER_PORT);
  for (const [i, port] of API_PORTS.entries()) {
    API_PORTS[i] = await freePort(port, [BALANCER_PORT, ...API_PORTS.slice(0, i)]);
  }
  log(
    `Cluster check: PostgreSQL on ${PG_PORT}, API processes on ${API_PORTS.join(', ')}, HAProxy on ${BALANCER_PORT}`,
  );
  const loadAtStart = os.loadavg();
  log(
    `Load average ${loadAtStart.map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} CPUs`,
  );
  callTimeout(CALL_TIMEOUT_MS);
  ensurePackages(log);
  const { server, tree } = ensureBuild(root, 'cluster', log);
  stopLeftover(dir);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });

  const password = randomBytes(12).toString('hex');
  const secret = randomBytes(32).toString('hex');
  log('Starting PostgreSQL (initdb, pg_ctl start as postgres)...');
  state.postgres = await createPostgres(dir, PG_PORT, {
    maxConnections: MAX_CONNECTIONS,
    password,
  });
  const postgres = state.postgres;
  log(`Seeding the bench's data set × ${SCALE} on ${postgres.url.replace(password, '***')}...`);
  // The bench's seed writes with `session_replication_role = replica` (its triggers off, the
  // ledger written as a whole), which takes a superuser: the app's role is one for the seed only.
  postgres.psql('alter role stockyard superuser');
  const info = await seed(tree, postgres.url, secret);
  postgres.psql('alter role stockyard nosuperuser');
  // The seed's writes flushed now, not by a checkpoint in the middle of the day.
  postgres.psql('checkpoint');
  log(
    `Seeded in ${info.dataset.seedSeconds} s: ${info.dataset.materials} materials, ${info.dataset.invoices} invoices`,
  );

  const apiEnv = { DATABASE_URL: postgres.url, JWT_SECRET: secret };
  const apiNames = API_PORTS.map((_, i) => `api${i + 1}`);
  state.apis = API_PORTS.map((port, i) =>
    startApi(root, dir, { name: apiNames[i], port, env: apiEnv, server }),
  );
  // A busy machine takes a while to start three Node processes at once.
  await Promise.all(state.apis.map((api) => untilHealthy(`${api.url}/api/health`, 300_000)));
  log(`API processes up: ${state.apis.map((a) => `${a.name} (pid ${a.child.pid})`).join(', ')}`);
  state.balancer = await startHaproxy(dir, BALANCER_PORT, state.apis);
  const balancer = state.balancer.url;
  await untilHealthy(`${balancer}/api/health`);
  log(`HAProxy up (${state.balancer.config})`);

  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on('error', () => undefined);
  const query = async (work) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work(db);
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(1000);
      }
    }
  };
  const breaksBefore = await query(ledgerBreaks);
  log(`Ledger before the day: ${breaksBefore} materials off their movements`);

  // Every call of the day, and the live checks' writes: when, what, and how it was answered.
  const calls = [];
  const record = (call) => calls.push(call);
  observeCalls(record);
  const context = { apiUrl: balancer, dataset: info.dataset, sample: info.sample, day: info.day };
  const day = await prepareWorkingDay(context);
  // What the live checks' field manager asks for, read before the day like the day's people's.
  const { requester } = info.probe;
  const options = await fetch(
    `${balancer}/api/materials/options?locationId=${requester.locationId}`,
    {
      headers: { authorization: `Bearer ${requester.token}` },
    },
  );
  requester.materials = (await options.json()).data;
  calls.length = 0;

  // A client that asks for health through the balancer every 250 ms: the outage as seen there,
  // from the first probe sent that failed to the answer of the next that succeeded. A probe waits
  // for the balancer's answer; the slowest one is reported.
  const connections = { peak: 0 };
  const health = {
    calls: 0,
    failures: 0,
    longestMs: 0,
    slowestMs: 0,
    since: null,
    stop: false,
    outages: [],
  };
  const healthProbe = (async () => {
    while (!health.stop) {
      const at = Date.now();
      let ok = false;
      try {
        const answer = await fetch(`${balancer}/api/health`, {
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        await answer.arrayBuffer();
        ok = answer.ok;
      } catch {
        ok = false;
      }
      health.slowestMs = Math.max(health.slowestMs, Date.now() - at);
      health.calls += 1;
      if (health.calls % 20 === 0) {
        // The connections the processes hold, every 5 s: against max_connections.
        db.query(
          "select count(*)::int as n from pg_stat_activity where datname = 'stockyard'",
        ).then(
          ({ rows }) => {
            connections.peak = Math.max(connections.peak, rows[0].n - 1);
          },
          () => undefined,
        );
      }
      if (!ok) {
        health.failures += 1;
        health.since ??= at;
      } else if (health.since !== null) {
        health.longestMs = Math.max(health.longestMs, Date.now() - health.since);
        health.outages.push({ from: health.since, to: Date.now() });
        health.since = null;
      }
      await sleep(250);
    }
  })();

  const windows = [];
  const live = [];
  const reconnects = [];
  const revocations = [];
  let revoked = 0;
  const apis = () => state.apis;
  const failedCheck = (error) => ({ ok: false, detail: `failed: ${error?.message ?? error}` });
  const checkLive = async (when, via) => {
    const result = await notificationCheck({
      balancer,
      apis: apis(),
      admin: info.probe.admin,
      requester: info.probe.requester,
      via,
      record,
    }).catch(failedCheck);
    live.push({ when, ...result });
    log(`Live check (${when}): ${result.ok ? 'ok' : 'FAILED'}, ${result.detail}`);
  };
  const checkRevocation = async (when) => {
    const session = info.probe.revoked[revoked];
    const via = apis()[revoked % apis().length];
    revoked += 1;
    const result = await revocationCheck({
      balancer,
      apis: apis(),
      token: session.token,
      via,
    }).catch(failedCheck);
    revocations.push({ when, ...result });
    log(`Revocation check (${when}): ${result.ok ? 'ok' : 'FAILED'}, ${result.detail}`);
  };
  const allHealthy = () =>
    Promise.all(apis().map((api) => untilHealthy(`${api.url}/api/health`, 300_000)));
  const at = (fraction) => t0day + fraction * DAY_SECONDS * 1000;
  const untilAt = (time) => sleep(Math.max(0, time - Date.now()));

  /** `count` rental requests of the live checks' field manager at once, each on its own connection. */
  const burst = (url, count) => {
    const { requester } = info.probe;
    const material = requester.materials[0];
    const today = new Date().toISOString().slice(0, 10);
    const back = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const client = connection(url, requester.token);
        await client.call('POST', '/api/rental-requests', {
          locationId: requester.locationId,
          requestedDate: today,
          returnDate: back,
          notes: `Cluster check: in flight during a failure (${Date.now()}, ${i})`,
          items: [
            { materialId: material.id, name: material.name, quantity: 1, unit: material.unit },
          ],
        });
        client.close();
      }),
    );
  };

  const failures = async () => {
    await untilAt(at(0.1));
    await checkLive('before the failures', apis()[0]);
    await checkRevocation('before the failures');

    // 1. An API process killed outright, and started again.
    await untilAt(at(0.2));
    const victim = apis()[1];
    const kill = {
      name: `SIGKILL ${victim.name}, started again`,
      from: Date.now(),
      processLoss: true,
    };
    // A socket on the victim, kept there by its cookie, as a browser's is: it must reconnect
    // through the balancer to a live process and hear what happens next.
    const follower = followingSocket(balancer, info.probe.admin.token, victim.name);
    await follower.connected;
    // Writes in flight through the balancer when it dies: HAProxy sends those it had sent to the
    // victim again to another process, so no client should see an error.
    const beforeKill = burst(balancer, 20);
    await sleep(40);
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    log(`SIGKILL ${victim.name} (pid ${victim.child.pid})`);
    const reconnected = reconnectCheck({
      balancer,
      follower,
      lostAt: killedAt,
      requester: info.probe.requester,
      record,
    }).catch(failedCheck);
    await sleep(3000);
    const startedAt = Date.now();
    const restarted = startApi(root, dir, {
      name: victim.name,
      port: victim.port,
      env: apiEnv,
      server,
    });
    state.apis[1] = restarted;
    await untilHealthy(`${restarted.url}/api/health`, 300_000);
    kill.restartSeconds = Math.round((Date.now() - startedAt) / 100) / 10;
    await beforeKill;
    const reconnect = await reconnected;
    reconnects.push({ when: `a socket on ${victim.name} when it was killed`, ...reconnect });
    log(`Reconnect check: ${reconnect.ok ? 'ok' : 'FAILED'}, ${reconnect.detail}`);
    kill.to = Date.now() + GRACE_MS;
    windows.push(kill);
    log(
      `${victim.name} started again (pid ${restarted.child.pid}): answered ${kill.restartSeconds} s after its start, ${((Date.now() - kill.from) / 1000).toFixed(1)} s after the kill`,
    );
    await sleep(GRACE_MS);
    await checkLive(`after ${victim.name} came back`, restarted);
    await checkRevocation(`after ${victim.name} came back`);

    // 2. The PostgreSQL server restarted: a fast shutdown, then a start.
    await untilAt(at(0.45));
    const restart = { name: 'PostgreSQL fast shutdown and start', from: Date.now() };
    log('PostgreSQL: fast shutdown...');
    const beforeStop = burst(balancer, 20);
    await sleep(40);
    await postgres.stopFast();
    log(`PostgreSQL stopped in ${((Date.now() - restart.from) / 1000).toFixed(1)} s, starting...`);
    await postgres.start();
    await allHealthy();
    // And the balancer serves again: it marks a process up after two good checks.
    await untilHealthy(`${balancer}/api/health`, 300_000);
    await beforeStop;
    restart.to = Date.now() + GRACE_MS;
    windows.push(restart);
    log(
      `PostgreSQL back, every process healthy ${((Date.now() - restart.from) / 1000).toFixed(1)} s after the shutdown began`,
    );
    await sleep(GRACE_MS);
    await checkLive('after the PostgreSQL restart', apis()[2]);

    // 3. One process's LISTEN backends stopped (a connection that hangs without closing).
    await untilAt(at(0.65));
    const deaf = apis()[2];
    const backends = listenBackendsOf(postgres, deaf.child.pid);
    const stop = {
      name: `SIGSTOP ${deaf.name}'s LISTEN backends for ${STOP_SECONDS} s`,
      from: Date.now(),
    };
    for (const b of backends) process.kill(b.backend, 'SIGSTOP');
    log(
      `SIGSTOP ${deaf.name}'s LISTEN backends: ${backends.map((b) => `${b.backend} (${b.name})`).join(', ') || 'none found'}`,
    );
    if (backends.length === 0) stop.problem = 'no LISTEN backend of the process was found';
    await sleep(Math.min(10_000, (STOP_SECONDS * 1000) / 2));
    await checkLive(`${deaf.name}'s LISTEN backends stopped`, apis()[0]);
    await untilAt(stop.from + STOP_SECONDS * 1000);
    for (const b of backends) {
      try {
        process.kill(b.backend, 'SIGCONT');
      } catch {
        // gone already
      }
    }
    stop.to = Date.now() + GRACE_MS;
    windows.push(stop);
    log(`SIGCONT ${backends.map((b) => b.backend).join(', ')}`);
    await sleep(GRACE_MS);
    await checkLive(`after SIGCONT of ${deaf.name}'s LISTEN backends`, deaf);
  };

  log(`${DAY_NAME} through the balancer for ${DAY_SECONDS} s, with the failures...`);
  const t0day = Date.now();
  const [dayResult, failed] = await Promise.all([
    runWorkingDay(day, DAY_SECONDS),
    failures().then(
      () => null,
      (error) => error,
    ),
  ]);
  const dayEnded = Date.now();
  // Each process's resident memory at the end of the day, in MB.
  const rss = Object.fromEntries(
    await Promise.all(
      state.apis.map(async (api) => {
        const status = await fs.readFile(`/proc/${api.child.pid}/status`, 'utf8').catch(() => '');
        return [api.name, Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)];
      }),
    ),
  );
  health.stop = true;
  await healthProbe;
  closeWorkingDay(day);
  if (failed) throw failed;
  log(
    `Day over: ${dayResult.calls} calls, ${dayResult.writes} writes, ${dayResult.violations} read-backs not shown`,
  );
  await checkLive('at the end', apis()[1]);
  await checkRevocation('at the end');

  // Errors: inside a failure window (the call overlapped it) or outside.
  const inWindow = (call) =>
    windows.some((w) => call.at <= w.to && call.at + call.answer.ms >= w.from);
  const dayCalls = calls.filter((c) => c.at >= t0day && c.at <= dayEnded);
  const errors = dayCalls.filter((c) => !succeeded(c.answer));
  const errorsInside = errors.filter(inWindow);
  const errorsOutside = errors.filter((c) => !inWindow(c));
  const overlaps = (c, w) => c.at <= w.to && c.at + c.answer.ms >= w.from;
  // Answered, but slower than the web app would have waited: counted, inside and outside.
  const slow = dayCalls.filter((c) => succeeded(c.answer) && c.answer.ms > SLOW_MS);
  const slowInside = slow.filter(inWindow);
  const slowestMs = Math.max(0, ...dayCalls.map((c) => c.answer.ms));
  const perWindow = windows.map((w) => ({
    ...w,
    seconds: Math.round((w.to - w.from) / 100) / 10,
    errors: errors.filter((c) => overlaps(c, w)).length,
    // Writes in flight on the killed process that committed there, its answer lost with it: the
    // balancer sent them again and the key answered "carried out, answer lost".
    answerLost: errors.filter((c) => overlaps(c, w) && answerLost(c.answer)).length,
    slow: slow.filter((c) => overlaps(c, w)).length,
  }));
  // Each error: when (s into the day), how long it took, what it was, and in which window.
  const errorList = errors.map((e) => ({
    second: Math.round((e.at - t0day) / 100) / 10,
    ms: Math.round(e.answer.ms),
    call: `${e.method} ${e.path.split('?')[0]}`,
    answer: `${e.answer.status} ${e.answer.text.slice(0, 100)}`,
    window: windows.find((w) => overlaps(e, w))?.name ?? null,
  }));
  const errorKinds = {};
  for (const e of errors) {
    const kind = `${e.answer.status} ${e.answer.text.slice(0, 70)}`;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  // The longest a person of the day saw nothing but failures: first failed call to next success.
  // A write in flight on a killed process that committed there is no outage of the service: its
  // change is made, and sent again it is answered "carried out, answer lost",
  // after waiting for the key (up to 10 s); how long those waited is reported apart.
  let longestClientMs = 0;
  let answerLostWaitMs = 0;
  const clientOutages = [];
  const failingSince = new Map();
  for (const c of [...dayCalls].sort((a, b) => a.at - b.at)) {
    if (answerLost(c.answer)) {
      answerLostWaitMs = Math.max(answerLostWaitMs, c.answer.ms);
    } else if (!succeeded(c.answer)) {
      if (!failingSince.has(c.token)) failingSince.set(c.token, c.at);
    } else if (failingSince.has(c.token)) {
      longestClientMs = Math.max(longestClientMs, c.at + c.answer.ms - failingSince.get(c.token));
      clientOutages.push({ from: failingSince.get(c.token), to: c.at + c.answer.ms });
      failingSince.delete(c.token);
    }
  }
  // The longest outage a client or the health probe saw that overlapped a window.
  const outageIn = (w) =>
    Math.max(
      0,
      ...[...clientOutages, ...health.outages]
        .filter((o) => o.from <= w.to && o.to >= w.from)
        .map((o) => o.to - o.from),
    );
  const longestOutageMs = Math.max(longestClientMs, health.longestMs);

  // Writes: the failed ones sent again with their key until answered; then every acknowledged one
  // must be in the database, and sending each once more must change nothing.
  observeCalls(null);
  const writes = calls.filter((c) => c.key);
  const failedWrites = writes.filter((w) => !succeeded(w.answer));
  const retried = { total: failedWrites.length, applied: 0, replayed: 0, refused: {}, lost: 0 };
  await eachLimited(failedWrites, 6, async (write) => {
    let answer;
    for (let attempt = 1; attempt <= 3; attempt++) {
      answer = await sendAgain(balancer, write);
      if (answer.status !== 0 && answer.status < 500) break;
      await sleep(1000);
    }
    write.retry = answer;
    if (answer.status >= 200 && answer.status < 300) {
      if (answer.replayed) retried.replayed += 1;
      else retried.applied += 1;
    } else if (
      answer.status === 409 &&
      /answer was lost|still being carried out/.test(answer.text)
    ) {
      // The change committed with its key, its answer lost with the process or the connection.
      retried.lost += 1;
      write.lost = true;
    } else {
      const kind = `${answer.status} ${answer.text.slice(0, 80)}`;
      retried.refused[kind] = (retried.refused[kind] ?? 0) + 1;
    }
  });
  const acknowledged = writes.filter(
    (w) => succeeded(w.answer) || (w.retry && w.retry.status < 300 && w.retry.status >= 200),
  );
  const lostAnswers = writes.filter((w) => w.lost);
  const keys = [...acknowledged, ...lostAnswers].map((w) => w.key);
  const { rows: stored } = await query((d) =>
    d.query('select key, status_code from idempotency_keys where key = any($1)', [keys]),
  );
  const storedKeys = new Map(stored.map((r) => [r.key, r.status_code]));
  const notFound = [...acknowledged, ...lostAnswers].filter((w) => !storedKeys.has(w.key));
  // And the records they answered with, where the answer names one.
  const idsOf = (method, prefix) =>
    acknowledged
      .filter((w) => w.method === method && w.path.startsWith(prefix))
      .map((w) => {
        try {
          return JSON.parse(w.retry?.text ?? w.answer.text).data.id;
        } catch {
          return null;
        }
      })
      .filter((id) => Number.isInteger(id));
  const entityChecks = [
    ['attendance', idsOf('POST', '/api/attendance')],
    ['rental_requests', idsOf('POST', '/api/rental-requests')],
    ['material_rental_returns', idsOf('POST', '/api/material-rentals/')],
  ];
  const missingRecords = [];
  for (const [table, ids] of entityChecks) {
    const { rows } = await query((d) =>
      d.query(`select id from ${table} where id = any($1)`, [ids]),
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) missingRecords.push(`${table} ${id}`);
  }
  const decided = acknowledged
    .filter((w) => /\/api\/rental-requests\/\d+\/(approve|reject)$/.test(w.path))
    .map((w) => Number(w.path.split('/')[3]));
  const { rows: stillPending } = await query((d) =>
    d.query("select id from rental_requests where id = any($1) and status = 'PENDING'", [decided]),
  );
  missingRecords.push(...stillPending.map((r) => `decision on rental request ${r.id}`));

  log(`Sending the ${acknowledged.length} acknowledged writes once more, each with its key...`);
  const before = await query(footprint);
  // A write whose change committed but whose answer could not be stored (the server went down
  // between the two) is answered 409 when sent again, and changes nothing either.
  const replays = { total: 0, replayed: 0, answerNotStored: 0, different: [] };
  await eachLimited(acknowledged, 6, async (write) => {
    const answer = await sendAgain(balancer, write);
    replays.total += 1;
    const status =
      write.retry && !succeeded(write.answer) ? write.retry.status : write.answer.status;
    if (answer.replayed && answer.status === status) replays.replayed += 1;
    else if (
      storedKeys.get(write.key) === null &&
      answer.status === 409 &&
      /answer was lost|still being carried out/.test(answer.text)
    )
      replays.answerNotStored += 1;
    else if (replays.different.length < 5)
      replays.different.push(
        `${write.method} ${write.path}: ${answer.status} ${answer.text.slice(0, 80)}`,
      );
  });
  const after = await query(footprint);
  const changedBy = Object.keys(before).filter((k) => k !== 'keys' && before[k] !== after[k]);
  const breaksAfter = await query(ledgerBreaks);

  // A backup taken and restored, as docs/operations.md says: the restored copy has what the
  // database has (its ledger too).
  log('Backup: pg_dump --format=custom, then pg_restore into a new database...');
  const dumpFile = path.join(dir, 'stockyard.dump');
  let started = Date.now();
  await postgres.dump(dumpFile);
  const backup = {
    dumpSeconds: (Date.now() - started) / 1000,
    dumpMb: Math.round((await fs.stat(dumpFile)).size / 2 ** 20),
  };
  started = Date.now();
  await postgres.restore(dumpFile, 'stockyard_restored');
  backup.restoreSeconds = (Date.now() - started) / 1000;
  const restoredDb = new pg.Pool({
    connectionString: postgres.url.replace(/\/stockyard$/, '/stockyard_restored'),
    max: 1,
  });
  const restored = await footprint(restoredDb);
  backup.restoredBreaks = await ledgerBreaks(restoredDb);
  await restoredDb.end();
  backup.same = Object.keys(after).every((k) => restored[k] === after[k]);
  log(
    `Backup: dump ${backup.dumpSeconds} s (${backup.dumpMb} MB), restore ${backup.restoreSeconds} s, ${backup.same ? 'the same counts' : 'DIFFERENT counts'}`,
  );

  const liveOk = live.filter((l) => l.ok).length;
  const revokedOk = revocations.filter((r) => r.ok).length;
  const minutes = Math.round((Date.now() - t0) / 6000) / 10;
  const loadAtEnd = os.loadavg();
  const checks = [
    {
      name: 'errors only inside the failure windows',
      ok: errorsOutside.length === 0,
      detail: `${errorsOutside.length} outside`,
    },
    {
      name: 'every acknowledged write is in the database',
      ok: notFound.length === 0 && missingRecords.length === 0,
      detail: `${keys.length - notFound.length} of ${keys.length} keys found (${lostAnswers.length} of them of writes whose answer was lost)${missingRecords.length ? `, missing: ${missingRecords.slice(0, 5).join(', ')}` : ''}`,
    },
    {
      name: 'failed writes sent again with their key were answered',
      ok: Object.keys(retried.refused).length === 0,
      detail: JSON.stringify(retried),
    },
    {
      name: 'every write sent once more changed nothing',
      ok: replays.replayed + replays.answerNotStored === replays.total && changedBy.length === 0,
      detail: `${replays.replayed} of ${replays.total} replayed, ${replays.answerNotStored} answered 409 (answer not stored)${changedBy.length ? `; changed: ${changedBy.map((k) => `${k} ${before[k]} → ${after[k]}`).join(', ')}` : ''}${replays.different.length ? `; ${replays.different.join('; ')}` : ''}`,
    },
    {
      name: 'the ledger holds',
      ok: breaksAfter === 0,
      detail: `${breaksAfter} materials off their movements (before the day: ${breaksBefore})`,
    },
    {
      name: 'notifications reached the sockets on every process',
      ok: liveOk === live.length,
      detail: `${liveOk} of ${live.length} checks`,
    },
    {
      name: 'a socket of the killed process reconnected to a live one and heard the next notification',
      ok: reconnects.length > 0 && reconnects.every((r) => r.ok),
      detail: reconnects.map((r) => r.detail).join('; ') || 'not run',
    },
    {
      name: 'a session signed out on one process was refused by the others at once',
      ok: revokedOk === revocations.length,
      detail: `${revokedOk} of ${revocations.length} checks`,
    },
    {
      name: 'the working day read back every write',
      ok: dayResult.violations === 0,
      detail: `${dayResult.violations} not shown`,
    },
    {
      name: 'a backup restored holds what the database holds',
      ok: backup.same && backup.restoredBreaks === 0,
      detail: `pg_dump ${backup.dumpSeconds} s (${backup.dumpMb} MB), pg_restore ${backup.restoreSeconds} s`,
    },
    ...perWindow
      .filter((w) => w.problem)
      .map((w) => ({ name: w.name, ok: false, detail: w.problem })),
    // A process lost behind the balancer is invisible to its clients.
    ...perWindow
      .filter((w) => w.processLoss)
      .flatMap((w) => [
        {
          name: `${w.name}: no error a client sees but a write in flight on it whose answer was lost`,
          ok: w.errors - w.answerLost === 0,
          detail: `${w.errors} errors in its window of ${w.seconds} s, ${w.answerLost} of them writes in flight on the process that committed there, their answer lost with it (409)`,
        },
        {
          name: `${w.name}: the longest outage a client sees is under 1 s`,
          ok: outageIn(w) < 1000,
          detail: `${(outageIn(w) / 1000).toFixed(1)} s (the process answered ${w.restartSeconds} s after it was started again; ${w.slow} calls in the window slower than ${SLOW_MS / 1000} s${w.answerLost ? `; the ${w.answerLost} writes whose answer was lost were answered after ${(answerLostWaitMs / 1000).toFixed(1)} s at most` : ''})`,
        },
      ]),
    {
      name: `the whole check inside ${BUDGET_MINUTES} minutes`,
      // The report is written in the seconds after this.
      ok: minutes < BUDGET_MINUTES,
      detail: `${minutes} minutes at load ${loadAtStart[0].toFixed(1)} (start) and ${loadAtEnd[0].toFixed(1)} (end) on ${os.cpus().length} CPUs`,
    },
  ];
  const passed = checks.every((c) => c.ok);
  const summary =
    `cluster-check: ${dayCalls.length} requests, ${errors.length} errors (${errorsInside.length} inside the failure windows, ${errorsOutside.length} outside), ` +
    `${acknowledged.length} writes acknowledged, ${acknowledged.length - notFound.filter((w) => !w.lost).length} found (${replays.answerNotStored} of them without their answer stored), ` +
    `${retried.total} failed writes sent again (${retried.applied} applied, ${retried.replayed} replayed, ${retried.lost} answer lost), ` +
    `ledger ${breaksAfter === 0 ? 'whole' : `${breaksAfter} off`}, live ${liveOk}/${live.length}, revoked ${revokedOk}/${revocations.length}, ` +
    `longest outage seen by a client ${(longestOutageMs / 1000).toFixed(1)} s, ${slow.length} calls slower than ${SLOW_MS / 1000} s (${slowInside.length} inside the windows, slowest ${(slowestMs / 1000).toFixed(1)} s), ` +
    `${minutes} minutes at load ${loadAtStart[0].toFixed(1)}: ${passed ? 'PASS' : 'FAIL'}`;

  const now = new Date();
  const report = {
    date: now.toISOString(),
    minutes,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.versions.node,
      loadAtStart: loadAtStart.map((l) => Math.round(l * 10) / 10),
      loadAtEnd: loadAtEnd.map((l) => Math.round(l * 10) / 10),
    },
    settings: {
      daySeconds: DAY_SECONDS,
      stopSeconds: STOP_SECONDS,
      processes: API_PORTS.length,
      maxConnections: MAX_CONNECTIONS,
      scale: Number(SCALE),
      callTimeoutMs: CALL_TIMEOUT_MS,
      people: day.people.length,
    },
    dataset: info.dataset,
    postgres: postgres.psql('show server_version').trim(),
    haproxy: execFileSync('haproxy', ['-v'], { encoding: 'utf8' }).split('\n')[0],
    summary,
    passed,
    checks,
    windows: perWindow.map(({ from, to, ...w }) => ({
      ...w,
      longestOutageMs: outageIn({ from, to }),
      startedAtSecond: Math.round((from - t0day) / 1000),
    })),
    requests: dayCalls.length,
    errors: {
      total: errors.length,
      inside: errorsInside.length,
      outside: errorsOutside.length,
      kinds: errorKinds,
      list: errorList,
    },
    slowCalls: {
      overMs: SLOW_MS,
      total: slow.length,
      inside: slowInside.length,
      slowestMs: Math.round(slowestMs),
    },
    writes: {
      sent: writes.length,
      acknowledged: acknowledged.length,
      found: acknowledged.length - notFound.filter((w) => !w.lost).length,
      answerLost: lostAnswers.length,
      answerLostFound: lostAnswers.length - notFound.filter((w) => w.lost).length,
      retried,
      replays: {
        total: replays.total,
        replayed: replays.replayed,
        answerNotStored: replays.answerNotStored,
      },
      footprintBefore: before,
      footprintAfter: after,
    },
    backup,
    memoryMb: rss,
    connections: { peakOfTheProcesses: connections.peak, maxConnections: MAX_CONNECTIONS },
    outage: {
      longestSeenByAClientMs: longestClientMs,
      longestSeenByHealthProbeMs: health.longestMs,
      longestWaitOfAWriteWhoseAnswerWasLostMs: Math.round(answerLostWaitMs),
      healthProbes: health.calls,
      healthFailures: health.failures,
      slowestHealthProbeMs: health.slowestMs,
    },
    live,
    reconnects,
    revocations,
    day: {
      calls: dayResult.calls,
      callsPerSecond: dayResult.callsPerSecond,
      writes: dayResult.writes,
      readBacks: dayResult.readBacks,
      violations: dayResult.violations,
      violationSamples: dayResult.violationSamples,
    },
    haproxyConfig: haproxyConfig(BALANCER_PORT, state.apis),
  };
  const results = path.join(root, 'bench/results');
  await fs.writeFile(
    path.join(results, `cluster-${now.toISOString().slice(0, 10)}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  await fs.writeFile(path.join(results, 'cluster-latest.md'), markdown(report));
  await db.end();
  for (const c of checks) console.log(`${c.ok ? 'ok     ' : 'FAILED '} ${c.name}: ${c.detail}`);
  console.log(summary);
  if (!passed) process.exitCode = 1;
}

function markdown(r) {
  const lines = [
    '# Cluster check (issues 34 and 54)',
    '',
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.minutes} minutes in all, by \`npm run cluster-check\` on ${r.machine.cpus} × ${r.machine.cpuModel} (load average ${r.machine.loadAtStart.join(', ')} at the start, ${r.machine.loadAtEnd.join(', ')} at the end), Node ${r.machine.node}; ${r.postgres.startsWith('PostgreSQL') ? r.postgres : `PostgreSQL ${r.postgres}`}, ${r.haproxy}.`,
    `${r.settings.processes} API processes behind HAProxy, the working day of ${r.settings.people} people through it for ${r.settings.daySeconds} s, on the bench's data set × ${r.settings.scale} (${r.dataset.materials} materials, ${r.dataset.invoices} invoices, ${r.dataset.rentalRequests} rental requests, ${r.dataset.materialRentals} rentals; seeded in ${r.dataset.seedSeconds} s). A client waits for the balancer's answer (up to ${r.settings.callTimeoutMs / 1000} s; decision 065).`,
    '',
    '```',
    r.summary,
    '```',
    '',
    '| Check | Result | |',
    '|---|---|---|',
    ...r.checks.map(
      (c) => `| ${c.name} | ${c.ok ? 'ok' : '**FAILED**'} | ${c.detail.replaceAll('|', '/')} |`,
    ),
    '',
    '## Failures and their windows',
    '',
    `| Failure | At (s into the day) | Window (s) | Errors in it | Longest outage (s) | Calls over ${r.slowCalls.overMs / 1000} s in it |`,
    '|---|---|---|---|---|---|',
    ...r.windows.map(
      (w) =>
        `| ${w.name}${w.restartSeconds === undefined ? '' : ` (answered ${w.restartSeconds} s after its start)`} | ${w.startedAtSecond} | ${w.seconds} | ${w.errors} | ${(w.longestOutageMs / 1000).toFixed(1)} | ${w.slow} |`,
    ),
    '',
    `Longest outage seen by a person of the day: ${(r.outage.longestSeenByAClientMs / 1000).toFixed(1)} s; by a health probe through the balancer every 250 ms: ${(r.outage.longestSeenByHealthProbeMs / 1000).toFixed(1)} s (${r.outage.healthFailures} of ${r.outage.healthProbes} probes failed; the slowest answered in ${(r.outage.slowestHealthProbeMs / 1000).toFixed(1)} s).`,
    '',
    `Calls answered but slower than the web app's ${r.slowCalls.overMs / 1000} s: ${r.slowCalls.total} of ${r.requests} (${r.slowCalls.inside} inside the failure windows); the slowest ${(r.slowCalls.slowestMs / 1000).toFixed(1)} s.`,
    '',
    '## Errors',
    '',
    ...Object.entries(r.errors.kinds).map(
      ([kind, n]) => `- ${n} × \`${kind.replaceAll('`', "'")}\``,
    ),
    ...(Object.keys(r.errors.kinds).length ? [] : ['None.']),
    '',
    ...(r.errors.list.length
      ? [
          '| s into the day | ms | Call | Answer | Window |',
          '|---|---|---|---|---|',
          ...r.errors.list
            .slice(0, 40)
            .map(
              (e) =>
                `| ${e.second} | ${e.ms} | ${e.call} | ${e.answer.replaceAll('|', '/').replaceAll('`', "'")} | ${e.window ?? '**outside**'} |`,
            ),
          '',
        ]
      : []),
    '## Live checks',
    '',
    ...r.live.map((l) => `- ${l.when}: ${l.ok ? 'ok' : '**failed**'}, ${l.detail}`),
    ...r.reconnects.map((l) => `- ${l.when}: ${l.ok ? 'ok' : '**failed**'}, ${l.detail}`),
    ...r.revocations.map(
      (l) => `- revocation ${l.when}: ${l.ok ? 'ok' : '**failed**'}, ${l.detail}`,
    ),
    '',
    `Backup: \`pg_dump --format=custom\` ${r.backup.dumpSeconds} s (${r.backup.dumpMb} MB), \`pg_restore --jobs=2\` into a new database ${r.backup.restoreSeconds} s, the same counts: ${r.backup.same ? 'yes' : '**no**'}.`,
    '',
    `Memory of each API process at the end of the day: ${Object.entries(r.memoryMb)
      .map(([n, mb]) => `${n} ${mb} MB`)
      .join(', ')}.`,
    '',
    `Connections to PostgreSQL at most (sampled every 5 s): ${r.connections.peakOfTheProcesses} of max_connections ${r.connections.maxConnections}.`,
    '',
    `The day: ${r.day.calls} calls (${r.day.callsPerSecond} a second), ${r.day.writes} writes, ${r.day.readBacks} read back, ${r.day.violations} not shown.`,
    '',
  ];
  return lines.join('\n');
}

process.once('SIGINT', () => {
  console.log('Interrupted: stopping the cluster...');
  cleanUp().finally(() => process.exit(130));
});

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    process.exit(process.exitCode ?? 0);
  });
