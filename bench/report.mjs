// The budgets of `npm run bench` (ARCHITECTURE.md section 10), their verdicts against
// the session check of the same run, and the report written to bench/results/latest.md.
import { FILE_BUDGET_MS, FILE_CONNECTIONS, SESSION_FLOOR } from './scenarios.mjs';
import { DAY_NAME, FLAT_OUT_NAME, THINK_SECONDS } from './working-day.mjs';

/** Each action of the working day: p99 at most this many times the session check's. */
const DAY_P99_TIMES = 4;

const round1 = (n) => Math.round(n * 10) / 10;
const percent = (share) => `${Math.round(share * 100)} %`;

/** A row's errors, those of the writes a custom scenario makes between its calls included. */
const errorsOf = (row) => row.errors + (row.writes?.errors ?? 0);

/**
 * Every budget's verdict: `{ name, budget, measured, met }`. A scenario that answered nothing, or
 * answered an error, misses its budget whatever its figures.
 *
 * The two verdicts of ARCHITECTURE.md section 10 (decision 051): the paced working day (each
 * action's p99 at most DAY_P99_TIMES the session check's, no error, every write read back) and the
 * work that grows (the files, the import and the billing run, each under its own time).
 */
export function verdicts(results, day) {
  const floor = results.find((row) => row.name === SESSION_FLOOR);
  const list = [];
  for (const row of results) {
    // Cold reads and the dashboard after a write are reported, not judged (ARCHITECTURE.md
    // section 10): their share of the session check and CPU per call are in the
    // table; the verdicts are the working day's and the work that grows.
    if (row.kind === 'import' || row.kind === 'batch') {
      const each = row.kind === 'import' ? 'file' : 'run';
      list.push({
        name: row.name,
        budget: `every ${each} under ${row.budgetMs / 1000} s (p99 of ${row.total}), no errors`,
        measured: `p50 ${row.p50} ms, p99 ${row.p99} ms, ${errorsOf(row)} errors`,
        met: row.total > 0 && errorsOf(row) === 0 && row.p99 < row.budgetMs,
      });
    }
    if (row.kind === 'file') {
      list.push({
        name: row.name,
        budget: `p99 < ${FILE_BUDGET_MS} ms at ${FILE_CONNECTIONS} connections, no errors`,
        measured: `p99 ${row.p99} ms, ${errorsOf(row)} errors`,
        met: row.total > 0 && errorsOf(row) === 0 && row.p99 < FILE_BUDGET_MS,
      });
    }
  }
  if (day && floor) {
    const maximum = round1(DAY_P99_TIMES * floor.p99);
    for (const action of day.actions) {
      list.push({
        name: `working day: ${action.type}`,
        budget: `p99 <= ${DAY_P99_TIMES} x the session check's (${maximum} ms)`,
        measured: `p99 ${action.p99} ms over ${action.total} calls`,
        met: action.total > 0 && action.p99 <= maximum,
      });
    }
    const errors = day.actions.reduce((sum, action) => sum + action.errors, 0);
    list.push({
      name: 'working day: errors',
      budget: '0',
      measured: `${errors} of ${day.calls} calls`,
      met: day.calls > 0 && errors === 0,
    });
    list.push({
      name: 'working day: every write visible to its next read',
      budget: '0 writes not shown',
      measured: `${day.violations} of ${day.readBacks} read back`,
      met: day.readBacks > 0 && day.violations === 0,
    });
  }
  return list;
}

/**
 * A row's requests per second as a share of the session check's, and its p99 as a multiple of the
 * session check's, round by round (every scenario runs once in each round).
 */
function sameRoundRatios(row, floor) {
  return {
    shares: row.roundsRequestsPerSecond.map((rps, i) => rps / floor.roundsRequestsPerSecond[i]),
    times: row.roundsP99.map((p99, i) => p99 / floor.roundsP99[i]),
  };
}

/** The working day's rounds as one: each action by its median round by p99, counts summed. */
export function dayOfRounds(rounds) {
  const types = [...new Set(rounds.flatMap((round) => round.actions.map((a) => a.type)))].sort();
  const sum = (key) => rounds.reduce((total, round) => total + round[key], 0);
  return {
    calls: sum('calls'),
    callsPerSecond: round1(
      rounds.reduce((total, round) => total + round.callsPerSecond, 0) / rounds.length,
    ),
    writes: sum('writes'),
    readBacks: sum('readBacks'),
    violations: sum('violations'),
    violationSamples: rounds.flatMap((round) => round.violationSamples).slice(0, 5),
    actions: types.map((type) => {
      const rows = rounds
        .map((round) => round.actions.find((a) => a.type === type))
        .filter(Boolean);
      return {
        ...medianByP99(rows),
        roundsP99: rows.map((row) => row.p99),
        errors: rows.reduce((total, row) => total + row.errors, 0),
        errorSamples: rows.flatMap((row) => row.errorSamples).slice(0, 3),
      };
    }),
  };
}

/** The median of rows by p99; a row that answered nothing ranks as the slowest. */
export function medianByP99(rows) {
  const rank = (row) => (row.total > 0 ? row.p99 : Number.POSITIVE_INFINITY);
  return [...rows].sort((a, b) => rank(a) - rank(b))[Math.floor((rows.length - 1) / 2)];
}

/** A row's CPU per request, the API's and PostgreSQL's together; undefined when not measured. */
const cpuOf = (row) => (row?.cpu ? row.cpu.api + row.cpu.db : undefined);

const cell = (value) => (value === undefined || value === null ? '-' : String(value));

/** A day's section: its title, what it was, and its actions, each with what `budgetOf` says of it. */
function daySection(title, intro, day, budgetOf) {
  const lines = [
    '',
    `## ${title}`,
    '',
    intro,
    '',
    '| action | write | calls | p50 ms | p99 ms | p99 ms by round | errors | budget |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const action of day.actions) {
    lines.push(
      `| ${action.type} | ${action.write ? 'yes' : ''} | ${action.total} | ${action.p50} | ` +
        `${action.p99} | ${action.roundsP99.join(', ')} | ${action.errors} | ` +
        `${budgetOf(`working day: ${action.type}`)} |`,
    );
  }
  const samples = [...day.violationSamples, ...day.actions.flatMap((a) => a.errorSamples)];
  if (samples.length)
    lines.push('', 'First errors and writes not shown:', '', ...samples.map((s) => `- ${s}`));
  return lines;
}

export function markdown(report) {
  const { machine, settings, dataset } = report;
  const lines = [
    `# Benchmark, ${report.date}`,
    '',
    `${machine.cpus} x ${machine.cpuModel}, Node ${machine.node}; ${settings.connections} ` +
      `connections (the files ${FILE_CONNECTIONS}), ${settings.durationSeconds} s per scenario and ` +
      `${settings.daySeconds} s of working day after ${settings.warmupSeconds} s of warm-up, ` +
      `${settings.rounds} round(s), each row shown by its median round by p99 (the load in the ` +
      'parent process, the API and the bare route in one child process, embedded PostgreSQL on ' +
      'the same machine). The verdicts (ARCHITECTURE.md section 10, decision 051): the paced ' +
      "working day, each action's p99 at most 4 x the session check's, and the work that grows " +
      '(the files, the import, the billing run); the cold reads are reported, not judged, with ' +
      "their share of the session check's requests a second and their CPU per call.",
    '',
    `Data set: ${dataset.locations} locations, ${dataset.materials} materials ` +
      `(${dataset.lowStock} at 10 or under), ${dataset.movements} stock movements, ` +
      `${dataset.users} users, ${dataset.invoices} invoices with ${dataset.invoiceItems} items, ` +
      `${dataset.rentalRequests} rental requests with ${dataset.rentalRequestItems} items, ` +
      `${dataset.materialRentals} material rentals with ${dataset.materialRentalItems} items and ` +
      `${dataset.materialRentalReturns} returns, ${dataset.staff} staff with three years of ` +
      `attendance; generated in ${dataset.seedSeconds} s.`,
    '',
    '| scenario | kind | p50 ms | p99 ms | req/s | p99 ms by round | share of the session check by round | errors | CPU ms/req: API + PostgreSQL | CPU share | budget |',
    '| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | --- |',
  ];
  const floor = report.scenarios.find((row) => row.name === SESSION_FLOOR);
  const floorCpu = cpuOf(floor);
  const verdictOf = new Map(report.verdicts.map((v) => [v.name, v]));
  const shown = (name) => {
    const verdict = verdictOf.get(name);
    return verdict ? `${verdict.met ? 'met' : '**missed**'}: ${verdict.budget}` : '-';
  };
  for (const row of report.scenarios) {
    lines.push(
      `| ${row.name} | ${row.kind} | ${row.p50} | ${row.p99} | ${row.requestsPerSecond} | ` +
        `${row.roundsP99.join(', ')} | ${floor ? sameRoundRatios(row, floor).shares.map(percent).join(', ') : '-'} | ` +
        `${errorsOf(row)} | ` +
        `${row.cpu ? `${row.cpu.api} + ${row.cpu.db}` : '-'} | ` +
        `${floorCpu && cpuOf(row) ? percent(floorCpu / cpuOf(row)) : '-'} | ${shown(row.name)} |`,
    );
  }
  lines.push(
    '',
    'Cold reads ask their URLs in turn, each once before any is asked again. "dashboard after a ' +
      'write" and the Excel file are loops of a write and the call measured (a stock update; an ' +
      "edit of the address the file prints): their req/s is the connections over the call's mean " +
      "latency, what a closed loop of that call alone makes. CPU ms/req is the CPU time the API's " +
      "process and PostgreSQL's processes spent in the run over its requests (from /proc); its share " +
      "is the session check's over the scenario's: what the share of req/s would be on a machine " +
      'that does nothing else. The verdicts read req/s and p99.',
  );
  const day = report.workingDay;
  if (day) {
    lines.push(
      ...daySection(
        DAY_NAME,
        `Each person pauses ${THINK_SECONDS.min} to ${THINK_SECONDS.max} s after each action (a write ` +
          `and its read-back are one), as people look at a screen before the next click (decision 030). ` +
          `${day.calls} calls, ${day.callsPerSecond} a second; ${day.writes} of them writes ` +
          `(${percent(day.writes / Math.max(1, day.calls))}); ${day.readBacks} writes read back at ` +
          `once, ${day.violations} not shown by that read.`,
        day,
        shown,
      ),
    );
  }
  const flat = report.flatOut;
  if (flat) {
    lines.push(
      ...daySection(
        FLAT_OUT_NAME,
        'The same people and actions with no pause: every connection asks again as soon as it is ' +
          "answered, so the machine is saturated and each call's time is mostly its wait behind the " +
          `others. It shows the capacity, ${flat.callsPerSecond} calls a second (${flat.calls} calls, ` +
          `${flat.writes} writes, ${flat.violations} of ${flat.readBacks} read-backs not shown); no ` +
          'budget reads it.',
        flat,
        () => '-',
      ),
    );
  }
  const met = report.verdicts.filter((v) => v.met).length;
  lines.push(
    '',
    '## Budgets',
    '',
    '| budget | measured | verdict |',
    '| --- | --- | --- |',
    ...report.verdicts.map(
      (v) => `| ${v.name}: ${cell(v.budget)} | ${v.measured} | ${v.met ? 'met' : '**missed**'} |`,
    ),
    '',
    `budgets: ${met} met, ${report.verdicts.length - met} missed`,
    '',
  );
  return lines.join('\n');
}
