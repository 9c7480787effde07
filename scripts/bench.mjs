// `npm run bench`: the large data set on an embedded PostgreSQL, then autocannon against the main
// endpoints beside a bare Fastify route. The server runs in a child process (bench/server.ts via
// tsx) so that the load generator here does not share its event loop. Results go to bench/results.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/**
 * Every scenario is measured this many times, round after round, and reported by its median
 * round (by p99): on a shared two-core machine one run of a scenario can be 20% off the next.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/**
 * Each scenario's p99 budget at 50 connections: ARCHITECTURE.md section 10 (a list or detail
 * endpoint 25 ms, statistics 50 ms), issue 14 (the job type summary 50 ms, the Excel file of a
 * 500-item invoice 500 ms), issue 15 (the rental request list, filtered or searched, 25 ms) and
 * issue 16 (the rental list and a return history 25 ms, the rental stats 50 ms), issue 17 (the staff
 * and attendance lists and a staff member's overview 25 ms, a location's month exported 300 ms). A scenario
 * without one is a floor for reading the others.
 */
const BUDGET_MS = { list: 25, report: 50, excel: 500, attendanceExport: 300 };

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

/** One autocannon run; with `paths`, each request asks the next of them in turn. */
function run(url, headers, duration, paths) {
  let next = 0;
  const requests = paths && [
    { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
  ];
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Waits for the requests a run left in the server (autocannon stops waiting, not the server) to be
 * answered: a health check queues behind their queries for a pooled connection, so its answer
 * means they are done and cannot weigh on the next scenario (a slow one, such as the Excel file or
 * the rental stats, leaves up to 50 behind).
 */
async function drain(apiUrl) {
  const probe = await fetch(`${apiUrl}/api/health`);
  await probe.arrayBuffer();
}

function scenarios(info) {
  const { apiUrl, bareUrl, sample, dataset } = info;
  const { invoices, rentals } = sample;
  // A page near the oldest end, and the middle page: the farthest from both ends, and so the
  // dearest to find (pages past the middle are read from the oldest end).
  const deepPage = Math.floor(dataset.materials / 10) - 10;
  const middlePage = Math.floor(dataset.materials / 20);
  const perLocationLastPage = Math.ceil(dataset.materials / dataset.locations / 10);
  const perLocationMiddlePage = Math.floor(perLocationLastPage / 2);
  return [
    { name: 'bare Fastify route', url: `${bareUrl}/bare` },
    // Floors for reading the rest: one trivial query without a session, then the session check alone.
    { name: 'health (select 1, no session)', url: `${apiUrl}/api/health` },
    { name: 'profile (session check only)', url: `${apiUrl}/api/auth/profile` },
    {
      name: 'materials list, page 1',
      url: `${apiUrl}/api/materials/list?page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `materials list, page ${deepPage}`,
      url: `${apiUrl}/api/materials/list?page=${deepPage}&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `materials list, page ${middlePage} (the middle)`,
      url: `${apiUrl}/api/materials/list?page=${middlePage}&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'materials list at a location, page 1',
      url: `${apiUrl}/api/materials/list?locationId=${sample.locationId}&page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `materials list at a location, page ${perLocationLastPage}`,
      url: `${apiUrl}/api/materials/list?locationId=${sample.locationId}&page=${perLocationLastPage}&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `materials list at a location, page ${perLocationMiddlePage} (the middle)`,
      url: `${apiUrl}/api/materials/list?locationId=${sample.locationId}&page=${perLocationMiddlePage}&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'material detail',
      url: `${apiUrl}/api/materials/detail/${sample.materialId}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'low stock (_limit 10)',
      url: `${apiUrl}/api/materials/low-stock?_limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'users list, page 1',
      url: `${apiUrl}/api/users/getAll?page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'user search (getAll?search=smith)',
      url: `${apiUrl}/api/users/getAll?search=smith`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'locations list, page 1',
      url: `${apiUrl}/api/locations/list?page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    // Invoices (issue 14): the month the large invoices are in, a client name fragment over all
    // three years, the sample location's month, the 50-item invoice, the 500-item one's file.
    {
      name: `invoices list, month ${invoices.month}, page 1`,
      url: `${apiUrl}/api/invoices?page=1&limit=10&month=${invoices.month}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `invoice search (search=${invoices.search})`,
      url: `${apiUrl}/api/invoices?page=1&limit=10&search=${invoices.search}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `invoices list at a location, month ${invoices.month}`,
      url: `${apiUrl}/api/invoices?page=1&limit=10&locationId=${sample.locationId}&month=${invoices.month}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'invoice detail (50 items)',
      url: `${apiUrl}/api/invoices/${invoices.detailInvoiceId}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `job type summary, month ${invoices.month}`,
      url: `${apiUrl}/api/reports/invoice-job-type-summary?month=${invoices.month}`,
      budgetMs: BUDGET_MS.report,
    },
    {
      name: 'invoice Excel (500 items)',
      url: `${apiUrl}/api/invoices/${invoices.excelInvoiceId}/excel`,
      budgetMs: BUDGET_MS.excel,
    },
    // Rental requests (issue 15): the newest page of all, the pending ones, a requester's name.
    {
      name: 'rental requests list, page 1',
      url: `${apiUrl}/api/rental-requests?page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `rental requests, status PENDING (${rentals.pendingRequests})`,
      url: `${apiUrl}/api/rental-requests?page=1&limit=10&status=PENDING`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `rental request search (search=${rentals.requestSearch}, ${rentals.requestSearchMatches})`,
      url: `${apiUrl}/api/rental-requests?page=1&limit=10&search=${rentals.requestSearch}`,
      budgetMs: BUDGET_MS.list,
    },
    // Material rentals (issue 16): the newest page of all and of one destination, the stats of
    // every location, the return history of a rental.
    {
      name: 'material rentals list, page 1',
      url: `${apiUrl}/api/material-rentals?page=1&limit=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'material rentals at a location, page 1',
      url: `${apiUrl}/api/material-rentals?page=1&limit=10&locationId=${sample.locationId}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: 'material rental stats',
      url: `${apiUrl}/api/material-rentals/stats`,
      budgetMs: BUDGET_MS.report,
    },
    {
      name: `rental return history (${rentals.returns} returns)`,
      url: `${apiUrl}/api/material-rentals/${rentals.returnsRentalId}/returns`,
      budgetMs: BUDGET_MS.list,
    },
    ...firstTimeScenarios(apiUrl, sample, dataset),
    ...staffScenarios(apiUrl, sample.locationId),
    ...dashboardScenarios(apiUrl),
    ...changingScenarios(apiUrl, sample),
  ];
}

/**
 * Reads asked for the first time (decision 018): each request asks the next of more URLs than a
 * route keeps answers for (200), in turn, so that none is ever answered from memory: what a new
 * search or another page costs. No budget: the issues set theirs for the reads above.
 */
function firstTimeScenarios(apiUrl, sample, dataset) {
  const { invoices } = sample;
  const turn = (count, pathOf) => Array.from({ length: count }, (_, i) => pathOf(i));
  // The same first page under 300 URLs: `n` is a parameter the API does not read.
  const firstPage = (path) => turn(300, (i) => `${path}&n=${i}`);
  const searches = invoices.searchWords.flatMap((word) =>
    [1, 2, 3, 4, 5].map(
      (page) => `/api/invoices?page=${page}&limit=10&search=${encodeURIComponent(word)}`,
    ),
  );
  const scenario = (name, paths) => ({
    name: `${name}, read each call (${paths.length} URLs in turn)`,
    url: `${apiUrl}${paths[0]}`,
    paths,
  });
  return [
    scenario('materials list, page 1', firstPage('/api/materials/list?page=1&limit=10')),
    scenario(
      'materials list, 300 pages',
      turn(
        300,
        (i) =>
          `/api/materials/list?page=${1 + Math.floor((i * dataset.materials) / 3000)}&limit=10`,
      ),
    ),
    scenario(
      `invoices list, month ${invoices.month}, page 1`,
      firstPage(`/api/invoices?page=1&limit=10&month=${invoices.month}`),
    ),
    scenario('invoice search, 50 words and 5 pages', searches),
    scenario('rental requests list, page 1', firstPage('/api/rental-requests?page=1&limit=10')),
    scenario('material rentals list, page 1', firstPage('/api/material-rentals?page=1&limit=10')),
    scenario(
      'material rentals list, 300 pages',
      turn(300, (i) => `/api/material-rentals?page=${i + 1}&limit=10`),
    ),
    scenario('staff list, page 1', firstPage('/api/staff?page=1&pageSize=10')),
  ];
}

/** How often the scenarios "while a location changes" write (decision 017). */
const CHANGE_EVERY_MS = 100;

/**
 * The kept figures (decision 017) are read once and answered from memory until a table they read
 * changes; the scenarios above change nothing. These run while an admin edits a location's address
 * every CHANGE_EVERY_MS (a write that every figure here depends on), so that each figure is read
 * afresh ten times a second: what the figures cost on a busy day rather than a quiet one.
 */
function changingScenarios(apiUrl, sample) {
  const changing = { everyMs: CHANGE_EVERY_MS };
  const label = `while a location changes every ${CHANGE_EVERY_MS} ms`;
  return [
    {
      name: `dashboard dashboard-counts, admin, month, ${label}`,
      url: `${apiUrl}/api/users/dashboard-counts?filter=month`,
      budgetMs: BUDGET_MS.report,
      changing,
    },
    {
      name: `dashboard dashboard-counts, manager, month, ${label}`,
      url: `${apiUrl}/api/users/dashboard-counts?filter=month`,
      as: 'manager',
      budgetMs: BUDGET_MS.report,
      changing,
    },
    {
      name: `material rental stats, ${label}`,
      url: `${apiUrl}/api/material-rentals/stats`,
      budgetMs: BUDGET_MS.report,
      changing,
    },
    // Kept answers of the read routes (decision 018) are read afresh after each edit as well:
    // these show what a list, a search and a detail cost when they are read rather than kept
    // (no budget: the issues set theirs for reads of the large set, which change nothing).
    {
      name: `material rentals list, page 1, ${label}`,
      url: `${apiUrl}/api/material-rentals?page=1&limit=10`,
      changing,
    },
    {
      name: `invoice search (search=${sample.invoices.search}), ${label}`,
      url: `${apiUrl}/api/invoices?page=1&limit=10&search=${sample.invoices.search}`,
      changing,
    },
    {
      name: `invoice detail (50 items), ${label}`,
      url: `${apiUrl}/api/invoices/${sample.invoices.detailInvoiceId}`,
      changing,
    },
  ];
}

/**
 * Edits a location's address every `everyMs` until stopped (one edit at a time); answers how many
 * edits were made. Location 1 is not the field manager's (17), whose figures change through it
 * all the same: the admin's see every location, and the manager's read the location names.
 */
function keepChanging(apiUrl, headers, everyMs) {
  let stopped = false;
  let edits = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const response = await fetch(`${apiUrl}/api/locations/update/1`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Location 001',
          address: `${edits} Bench Street`,
          type: 'FIELD',
          status: 'ACTIVE',
        }),
      });
      if (!response.ok)
        throw new Error(`location edit: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      edits += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started))),
      );
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return edits;
  };
}

/**
 * Staff and attendance (issue 17, bench/seed-staff.ts: 2,000 staff, 1.57 million records): the
 * staff list, last month's attendance everywhere and at one location, a staff member's overview
 * (25 ms each), and the attendance export of one location's month (300 ms).
 */
function staffScenarios(apiUrl, locationId) {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  return [
    {
      name: 'staff list, page 1',
      url: `${apiUrl}/api/staff?page=1&pageSize=10`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `attendance list, month ${month}, page 1`,
      url: `${apiUrl}/api/attendance?page=1&limit=10&month=${month}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `attendance list at a location, month ${month}, page 1`,
      url: `${apiUrl}/api/attendance?page=1&limit=10&month=${month}&locationId=${locationId}`,
      budgetMs: BUDGET_MS.list,
    },
    {
      // Staff member 17 (bench/seed-staff.ts STAFF_SAMPLE): three years of working days.
      name: 'attendance overview of a staff member',
      url: `${apiUrl}/api/attendance/staff/17/overview`,
      budgetMs: BUDGET_MS.list,
    },
    {
      name: `attendance export of a location, month ${month}`,
      url: `${apiUrl}/api/attendance/export?month=${month}&locationId=${locationId}`,
      budgetMs: BUDGET_MS.attendanceExport,
    },
  ];
}

/**
 * The dashboard's calls (issue 19) for every period, as an admin and as the field manager of
 * bench/seed-dashboard.ts (`as: 'manager'`); the admin's own call is refused to a field manager.
 */
function dashboardScenarios(apiUrl) {
  const calls = [
    'users/dashboard-counts',
    'users/dashboard-stats',
    'users/admin-stats',
    'dashboard/user-stats',
  ];
  return calls.flatMap((call) =>
    ['admin', 'manager']
      .filter((as) => !(call === 'users/admin-stats' && as === 'manager'))
      .flatMap((as) =>
        ['today', 'week', 'month', 'year'].map((filter) => ({
          name: `dashboard ${call.split('/')[1]}, ${as}, ${filter}`,
          url: `${apiUrl}/api/${call}?filter=${filter}`,
          as,
          budgetMs: BUDGET_MS.report,
        })),
      ),
  );
}

/** The bench field manager's session (bench/seed-dashboard.ts; the bench password of bench/server.ts). */
async function managerHeaders(apiUrl) {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.manager@example.com', password: 'Bench-admin-1' }),
  });
  if (!response.ok) throw new Error(`bench manager login failed: ${await response.text()}`);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

const round2 = (n) => Math.round(n * 100) / 100;

/** Within its budget: answered at least once in the run (else its p99 of 0 means nothing), under it. */
const withinBudget = (row) => row.total > 0 && row.p99 < row.budgetMs;

function markdown(report) {
  const lines = [
    `# Benchmark, ${report.date}`,
    '',
    `${report.machine.cpus} x ${report.machine.cpuModel}, Node ${report.machine.node}; ` +
      `${report.settings.connections} connections, ${report.settings.durationSeconds} s per scenario, ` +
      `${report.settings.rounds} round(s), each scenario shown by its median round by p99 ` +
      '(autocannon in the parent process, the API and the bare route in one child process, ' +
      'embedded PostgreSQL on the same machine).',
    '',
    `Data set: ${report.dataset.locations} locations, ${report.dataset.materials} materials ` +
      `(${report.dataset.lowStock} at 10 or under), ${report.dataset.movements} stock movements, ` +
      `${report.dataset.users} users, ${report.dataset.invoices} invoices with ` +
      `${report.dataset.invoiceItems} items and ${report.dataset.materialUsages} material usages, ` +
      `${report.dataset.rentalRequests} rental requests with ${report.dataset.rentalRequestItems} items, ` +
      `${report.dataset.materialRentals} material rentals with ${report.dataset.materialRentalItems} ` +
      `items and ${report.dataset.materialRentalReturns} returns; ` +
      `generated in ${report.dataset.seedSeconds} s.`,
    '',
    '| scenario | p50 ms | p99 ms | req/s | p99 ms by round | errors | p99 budget |',
    '| --- | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const s of report.scenarios) {
    const budget = s.budgetMs ? `${s.budgetMs} ms: ${withinBudget(s) ? 'met' : '**missed**'}` : '-';
    lines.push(
      `| ${s.name} | ${s.p50} | ${s.p99} | ${s.requestsPerSecond} | ${s.roundsP99.join(', ')} | ${s.errors + s.non2xx} | ${budget} |`,
    );
  }
  lines.push(
    '',
    'Rows without a budget are floors for reading the others: the bare route measures the ' +
      'load generator and the machine, health one trivial query without a session, and profile ' +
      'the session check (token and session row) that every signed-in call makes first.',
    '',
    'The dashboard, the rental stats, the job type summary, invoice Excel files and attendance exports are kept until a table ' +
      'they read changes (decision 017): the scenarios above change nothing, so they measure ' +
      `figures kept; those "while a location changes" edit a location every ${CHANGE_EVERY_MS} ms ` +
      `(${report.scenarios
        .filter((s) => s.writes !== undefined)
        .map((s) => s.writes)
        .join(
          ', ',
        )} edits in their median rounds), so that the figures are read afresh ten times a second.`,
    '',
  );
  return lines.join('\n');
}

async function main() {
  const { child, ready } = startServer();
  try {
    console.log('Starting PostgreSQL and generating the data set...');
    const info = await ready;
    console.log('Data set:', info.dataset);
    const headers = { authorization: `Bearer ${info.token}` };
    // BENCH_ONLY=regex runs the matching scenarios only (for iterating on one endpoint).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const chosen = scenarios(info).filter((s) => !only || only.test(s.name));
    const manager = chosen.some((s) => s.as === 'manager')
      ? await managerHeaders(info.apiUrl)
      : null;
    const headersOf = (scenario) => (scenario.as === 'manager' ? manager : headers);
    for (const scenario of chosen) {
      const probe = await fetch(scenario.url, { headers: headersOf(scenario) });
      if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status} ${await probe.text()}`);
    }
    const rounds = chosen.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round} of ${ROUNDS}`);
      for (const [index, scenario] of chosen.entries()) {
        const stopChanging = scenario.changing
          ? keepChanging(info.apiUrl, headers, scenario.changing.everyMs)
          : null;
        if (WARMUP > 0) await run(scenario.url, headersOf(scenario), WARMUP, scenario.paths);
        const result = await run(scenario.url, headersOf(scenario), DURATION, scenario.paths);
        const edits = await stopChanging?.();
        await drain(info.apiUrl);
        const row = {
          name: scenario.name,
          path: new URL(scenario.url).pathname + new URL(scenario.url).search,
          budgetMs: scenario.budgetMs ?? null,
          p50: result.latency.p50,
          p99: result.latency.p99,
          average: round2(result.latency.average),
          requestsPerSecond: round2(result.requests.average),
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          ...(edits === undefined ? {} : { writes: edits }),
        };
        rounds[index].push(row);
        console.log(
          `${row.name.padEnd(44)} p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${String(row.requestsPerSecond).padStart(8)} req/s${row.writes === undefined ? '' : `  (${row.writes} edits)`}${row.non2xx + row.errors ? `  (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}${row.total === 0 ? '  (no response within the run)' : ''}`,
        );
      }
    }
    // Each scenario by its median round, with every round's p99 and all errors kept; a round
    // without a response ranks as the slowest.
    const p99Rank = (row) => (row.total > 0 ? row.p99 : Number.POSITIVE_INFINITY);
    const results = rounds.map((rows) => {
      const median = [...rows].sort((a, b) => p99Rank(a) - p99Rank(b))[
        Math.floor((rows.length - 1) / 2)
      ];
      return {
        ...median,
        roundsP99: rows.map((r) => r.p99),
        non2xx: rows.reduce((n, r) => n + r.non2xx, 0),
        errors: rows.reduce((n, r) => n + r.errors, 0),
      };
    });
    if (ROUNDS > 1) {
      console.log(`\nMedian of ${ROUNDS} rounds (by p99):`);
      for (const row of results) {
        console.log(
          `${row.name.padEnd(44)} p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${String(row.requestsPerSecond).padStart(8)} req/s  (p99 by round: ${row.roundsP99.join(', ')})`,
        );
      }
    }
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
        warmupSeconds: WARMUP,
        rounds: ROUNDS,
      },
      dataset: info.dataset,
      budgetMs: BUDGET_MS,
      scenarios: results,
    };
    const dir = path.join(root, 'bench/results');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${now.toISOString().slice(0, 10)}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    await fs.writeFile(path.join(dir, 'latest.md'), markdown(report));
    console.log(`\nWritten to bench/results/${now.toISOString().slice(0, 10)}.json and latest.md`);
    const missed = results.filter((r) => r.budgetMs && !withinBudget(r));
    if (missed.length > 0) {
      console.log(
        `p99 budget missed by: ${missed.map((r) => `${r.name} (${r.p99} ms, budget ${r.budgetMs} ms)`).join(', ')}`,
      );
      process.exitCode = 1;
    }
    const failed = results.filter((r) => r.non2xx + r.errors > 0 || r.total === 0);
    if (failed.length > 0) {
      console.log(`Errors in: ${failed.map((r) => r.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (child.connected) child.send('stop');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
