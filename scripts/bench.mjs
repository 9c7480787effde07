// `npm run bench` (ARCHITECTURE.md section 10): the large data set on an embedded
// PostgreSQL, then the engine measured as people use it, against floors measured in the same run:
// the floors (bench/scenarios.mjs), reads asked cold, the dashboard after a write, the Excel file
// of a 500-item invoice asked afresh and a 100-line delivery note's PDF, and a working day of 50
// people (bench/working-day.mjs).
// Prints each budget's verdict and `budgets: N met, M missed`, and exits non-zero when one is
// missed. The server runs in a child process (bench/server.ts via tsx) so that the load generator
// here does not share its event loop. Results go to bench/results.
//
// BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_DAY_DURATION (s, 3 x BENCH_DURATION),
// BENCH_ROUNDS (3), BENCH_CONNECTIONS (50, autocannon's), BENCH_ONLY (a regex of scenario
// names; the session check is always measured, every budget being a ratio to it), BENCH_POOL
// (the server's pool), BENCH_PROFILE (a directory for the server's CPU profile), BENCH_SCALE
// (0.01 to 1: a smaller data set, to try a scenario once; its figures judge nothing).
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuPerRequest, serverCpu } from '../bench/cpu.mjs';
import { dayOfRounds, markdown, medianByP99, verdicts } from '../bench/report.mjs';
import {
  afterWriteScenarios,
  billingScenarios,
  coldScenarios,
  fileScenarios,
  floorScenarios,
  importScenarios,
  nextPath,
  SESSION_FLOOR,
} from '../bench/scenarios.mjs';
import {
  closeWorkingDay,
  DAY_NAME,
  FLAT_OUT_NAME,
  prepareWorkingDay,
  runWorkingDay,
} from '../bench/working-day.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const DAY_DURATION = Number(process.env.BENCH_DAY_DURATION ?? 3 * DURATION);
/**
 * Every scenario is measured this many times, round after round, and reported by its median
 * round (by p99): on a shared two-core machine one run of a scenario can be 20% off the next.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

function startServer() {
  const child = fork(path.join(root, 'bench/server.ts'), [], {
    cwd: root,
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message?.type === 'ready') resolve(message);
      if (message?.type === 'error') reject(new Error(message.message));
    });
    child.on('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return { child, ready };
}

/** One autocannon run; with `paths`, each request asks the scenario's next path in turn. */
function autocannonRun(scenario, headers, duration) {
  const requests = scenario.paths && [
    { setupRequest: (request) => ({ ...request, path: nextPath(scenario) }) },
  ];
  return new Promise((resolve, reject) => {
    autocannon(
      { url: scenario.url, connections: CONNECTIONS, duration, headers, requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Waits for the requests a run left in the server (autocannon stops waiting, not the server) to be
 * answered: a health check queues behind their queries for a pooled connection, so its answer
 * means they are done and cannot weigh on the next scenario.
 */
async function drain(apiUrl) {
  const probe = await fetch(`${apiUrl}/api/health`);
  await probe.arrayBuffer();
}

const round2 = (n) => Math.round(n * 100) / 100;

/** One measured run of a scenario: its row. */
async function measure(scenario, context, day, seconds) {
  if (scenario.kind === 'day') return runWorkingDay(day, seconds, { flatOut: scenario.flatOut });
  if (scenario.custom) return scenario.custom(context, seconds);
  const before = serverCpu(context.serverPid);
  const result = await autocannonRun(
    scenario,
    { authorization: `Bearer ${context.token}` },
    seconds,
  );
  const cpu = cpuPerRequest(before, serverCpu(context.serverPid), result.requests.total);
  return {
    cpu,
    p50: result.latency.p50,
    p99: result.latency.p99,
    average: round2(result.latency.average),
    requestsPerSecond: round2(result.requests.average),
    total: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

function logRow(name, row, rate = `${String(row.requestsPerSecond).padStart(8)} req/s`) {
  const errors = row.errors + (row.writes?.errors ?? 0);
  console.log(
    `${name.padEnd(60)} p50 ${String(row.p50).padStart(6)} ms  p99 ${String(row.p99).padStart(6)} ms  ${rate}` +
      (errors
        ? `  (${errors} errors${row.errorSamples?.length ? `: ${row.errorSamples[0]}` : ''})`
        : '') +
      (row.cpu ? `  CPU ${row.cpu.api} + ${row.cpu.db} ms/req` : '') +
      (row.total === 0 ? '  (no answer within the run)' : ''),
  );
}

function logDay(name, result) {
  console.log(
    `${name}: ${result.calls} calls (${result.callsPerSecond} a second), ${result.writes} writes, ${result.readBacks} read back, ${result.violations} not shown` +
      result.violationSamples.map((sample) => `\n  not shown: ${sample}`).join(''),
  );
  for (const action of result.actions) {
    logRow(
      `  ${action.type}${action.write ? ' (write)' : ''}`,
      action,
      `${String(action.total).padStart(8)} calls`,
    );
  }
}

/** A full run's length in minutes, for the log: the seed and sign-ins, then every round. */
function estimateMinutes(chosen) {
  const perRound = chosen.reduce(
    (seconds, s) => seconds + WARMUP + (s.kind === 'day' ? DAY_DURATION : DURATION) + 1,
    0,
  );
  return Math.round((150 + perRound * ROUNDS) / 6) / 10;
}

async function main() {
  const { child, ready } = startServer();
  try {
    console.log('Starting PostgreSQL and generating the data set...');
    const info = await ready;
    console.log('Data set:', info.dataset);
    const context = { ...info, serverPid: child.pid };
    const all = [
      ...floorScenarios(info),
      ...coldScenarios(info),
      ...afterWriteScenarios(),
      ...fileScenarios(),
      { name: DAY_NAME, kind: 'day' },
      { name: FLAT_OUT_NAME, kind: 'day', flatOut: true },
      // Last: each import rewrites 10,000 quantities, which the reads above should not see change,
      // and each billing run writes hire invoices.
      ...importScenarios(),
      ...billingScenarios(),
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const chosen = all.filter((s) => !only || only.test(s.name) || s.name === SESSION_FLOOR);
    console.log(
      `${chosen.length} scenarios, ${ROUNDS} round(s): about ${estimateMinutes(chosen)} minutes in all`,
    );
    for (const scenario of chosen.filter((s) => s.url)) {
      const probe = await fetch(scenario.url, {
        headers: { authorization: `Bearer ${context.token}` },
      });
      if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status} ${await probe.text()}`);
    }
    const day = chosen.some((s) => s.kind === 'day') ? await prepareWorkingDay(context) : null;
    const rounds = chosen.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round} of ${ROUNDS}`);
      for (const [index, scenario] of chosen.entries()) {
        if (WARMUP > 0) await measure(scenario, context, day, WARMUP);
        await drain(info.apiUrl);
        const seconds = scenario.kind === 'day' ? DAY_DURATION : DURATION;
        const row = await measure(scenario, context, day, seconds);
        await drain(info.apiUrl);
        rounds[index].push(row);
        if (scenario.kind === 'day') logDay(scenario.name, row);
        else logRow(scenario.name, row);
      }
    }
    if (day) closeWorkingDay(day);

    const scenarios = [];
    let workingDay = null;
    let flatOut = null;
    for (const [index, scenario] of chosen.entries()) {
      if (scenario.kind === 'day') {
        if (scenario.flatOut) flatOut = dayOfRounds(rounds[index]);
        else workingDay = dayOfRounds(rounds[index]);
        continue;
      }
      const rows = rounds[index];
      scenarios.push({
        name: scenario.name,
        kind: scenario.kind,
        budgetMs: scenario.budgetMs,
        ...medianByP99(rows),
        roundsP99: rows.map((r) => r.p99),
        roundsRequestsPerSecond: rows.map((r) => r.requestsPerSecond),
        errors: rows.reduce((n, r) => n + r.errors, 0),
      });
    }
    const judged = verdicts(scenarios, workingDay);
    const now = new Date();
    const report = {
      date: now.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.versions.node,
      },
      settings: {
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        daySeconds: DAY_DURATION,
        warmupSeconds: WARMUP,
        rounds: ROUNDS,
        only: process.env.BENCH_ONLY ?? null,
      },
      dataset: info.dataset,
      scenarios,
      workingDay,
      flatOut,
      verdicts: judged,
    };
    const dir = path.join(root, 'bench/results');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${now.toISOString().slice(0, 10)}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    await fs.writeFile(path.join(dir, 'latest.md'), markdown(report));
    console.log(
      `\nWritten to bench/results/${now.toISOString().slice(0, 10)}.json and latest.md\n`,
    );
    for (const v of judged) {
      console.log(`${v.met ? 'met    ' : 'MISSED '} ${v.name}: ${v.measured} (budget ${v.budget})`);
    }
    const missed = judged.filter((v) => !v.met).length;
    console.log(`budgets: ${judged.length - missed} met, ${missed} missed`);
    if (missed > 0) process.exitCode = 1;
  } finally {
    if (child.connected) child.send('stop');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
