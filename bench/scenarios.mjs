// The scenarios of `npm run bench` (ARCHITECTURE.md section 10) but the working day
// (bench/working-day.mjs): the floors, the cold reads, the dashboard after a write and the files.
import { connection, Latencies, random, runFor, succeeded } from './http.mjs';

/** The Excel file of a 500-item invoice, asked afresh at FILE_CONNECTIONS: p99 under this. */
export const FILE_BUDGET_MS = 500;
export const FILE_CONNECTIONS = 10;

/** 10,000 rows of stock previewed under IMPORT_PREVIEW_MS and imported under IMPORT_MS. */
const IMPORT_ROWS = 10_000;
const IMPORT_PREVIEW_MS = 5_000;
const IMPORT_MS = 30_000;

/**
 * A billing run of every site's 28-day cycle over the three years of rentals, each run
 * the next cycle after the last one billed (as an office bills, one period after another), every
 * run under BILLING_RUN_MS.
 */
const BILLING_RUN_MS = 30_000;

/** The most URLs a cold-read scenario asks in turn (each at most once before all the others). */
const MAX_URLS = 20_000;

/** The floors: the load generator and the machine, one query without a session, the session check. */
export function floorScenarios({ apiUrl, bareUrl }) {
  return [
    { name: 'bare Fastify route', kind: 'floor', url: `${bareUrl}/bare` },
    { name: 'health (one query, no session)', kind: 'floor', url: `${apiUrl}/api/health` },
    { name: 'session check (profile)', kind: 'floor', url: `${apiUrl}/api/auth/profile` },
  ];
}

/** The name of the floor the budgets are measured against. */
export const SESSION_FLOOR = 'session check (profile)';

/** yyyy-MM of this month and the `count - 1` before it, newest first. */
function lastMonths(count) {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const month = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
  });
}

/** Every combination of the lists' values, as objects keyed like `lists`. */
function combinations(lists) {
  return Object.entries(lists).reduce(
    (rows, [key, values]) =>
      rows.flatMap((row) => values.map((value) => ({ ...row, [key]: value }))),
    [{}],
  );
}

/** A query string of the values given (undefined and null left out), in the order given. */
function query(values) {
  const parts = Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** What people type in a search box, word by word: each word's first 3, 4, 5... letters. */
export function typed(words) {
  return [...new Set(words.flatMap((word) => [3, 4, 5, 6, 8].map((n) => word.slice(0, n))))];
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** `paths` in a fixed random order, at most MAX_URLS of them. */
function inTurn(paths, seed) {
  const rng = random(seed);
  const shuffled = [...new Set(paths)];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  return shuffled.slice(0, MAX_URLS);
}

/**
 * The cold reads (ARCHITECTURE.md section 10): each scenario asks, in turn, thousands of distinct
 * URLs of one screen's call (pages, filters, searches, ids) on the large set as an admin, who sees
 * every location: far more than any cache could keep, so each answer is read from the database
 * as a read asked for the first time is. A scenario goes on where its previous run stopped, so
 * the warm-up and the rounds ask different URLs while there are any left. The materials list
 * asks every page (its far pages are read from the nearer end); the other lists
 * the first 300 pages, as far as people page, under each of their filters.
 */
export function coldScenarios({ apiUrl, dataset, sample }) {
  const { invoices, words } = sample;
  const locations = range(1, dataset.locations);
  const allOrOne = [0, ...locations];
  const months = lastMonths(36);
  const invoiceIds = range(1, invoices.detailInvoiceId - 1);
  const scenario = (name, kind, paths, seed) => {
    const turn = inTurn(paths, seed);
    return { name: `${name} (${turn.length} URLs)`, kind, url: `${apiUrl}${turn[0]}`, paths: turn };
  };
  const list = (path, lists) => combinations(lists).map((values) => `${path}${query(values)}`);
  const ids = (path, all) => all.map((id) => path.replace(':id', id));
  return [
    scenario(
      'materials list, every page',
      'list',
      list('/api/materials/list', { page: range(1, dataset.materials / 10), limit: [10] }),
      1,
    ),
    scenario(
      'materials list at a location',
      'list',
      list('/api/materials/list', { locationId: locations, page: range(1, 50), limit: [10] }),
      2,
    ),
    scenario(
      'low stock',
      'list',
      list('/api/materials/low-stock', { _limit: range(5, 50), locationId: locations }),
      3,
    ),
    scenario(
      'material detail',
      'detail',
      ids('/api/materials/detail/:id', range(1, dataset.materials)),
      4,
    ),
    scenario(
      'invoices of a month',
      'list',
      list('/api/invoices', {
        page: [1],
        limit: [10],
        month: months,
        locationId: allOrOne,
        status: [undefined, 'DRAFT', 'FINALIZED'],
      }),
      5,
    ),
    scenario(
      'invoice search',
      'search',
      [
        ...list('/api/invoices', {
          page: [1],
          limit: [10],
          search: typed([...invoices.clientWords, ...invoices.tradeWords]),
          status: [undefined, 'DRAFT', 'FINALIZED'],
          month: [undefined, ...months.slice(0, 12)],
        }),
        ...list('/api/invoices', {
          page: range(2, 5),
          limit: [10],
          search: typed(invoices.clientWords),
        }),
      ],
      6,
    ),
    scenario('invoice detail', 'detail', ids('/api/invoices/:id', invoiceIds), 7),
    scenario(
      'job type summary',
      'figures',
      list('/api/reports/invoice-job-type-summary', { month: months, locationId: allOrOne }),
      8,
    ),
    scenario(
      'rental requests',
      'list',
      [
        ...list('/api/rental-requests', { page: range(1, 300), limit: [10] }),
        ...list('/api/rental-requests', {
          page: range(1, 300),
          limit: [10],
          status: ['PENDING', 'APPROVED', 'REJECTED'],
        }),
      ],
      9,
    ),
    scenario(
      'rental request search',
      'search',
      list('/api/rental-requests', {
        page: range(1, 5),
        limit: [10],
        search: typed(words.people),
        status: [undefined, 'PENDING', 'APPROVED', 'REJECTED'],
      }),
      10,
    ),
    scenario(
      'rental request detail',
      'detail',
      ids('/api/rental-requests/:id', range(1, dataset.rentalRequests)),
      11,
    ),
    scenario(
      'material rentals',
      'list',
      [
        ...list('/api/material-rentals', { page: range(1, 300), limit: [10] }),
        ...list('/api/material-rentals', {
          page: range(1, 3),
          limit: [10],
          status: [undefined, 'ACTIVE', 'OVERDUE', 'RETURNED'],
          locationId: locations,
        }),
      ],
      12,
    ),
    scenario(
      'material rental search',
      'search',
      list('/api/material-rentals', {
        page: range(1, 3),
        limit: [10],
        search: typed(words.materials),
        status: [undefined, 'ACTIVE', 'OVERDUE', 'RETURNED'],
      }),
      13,
    ),
    scenario(
      'material rental detail',
      'detail',
      ids('/api/material-rentals/:id', range(1, dataset.materialRentals)),
      14,
    ),
    scenario(
      'staff list',
      'list',
      list('/api/staff', {
        page: [1, 2],
        pageSize: [10],
        locationId: allOrOne,
        status: [undefined, 'ACTIVE', 'INACTIVE', 'ON_LEAVE'],
      }),
      15,
    ),
    scenario(
      'staff search',
      'search',
      list('/api/staff', {
        page: [1],
        pageSize: [10],
        search: typed(words.staff),
        locationId: allOrOne,
      }),
      16,
    ),
    scenario(
      'attendance of a month',
      'list',
      list('/api/attendance', {
        page: [1],
        limit: [10],
        month: months,
        locationId: allOrOne,
        status: [undefined, 'PRESENT', 'ABSENT', 'LATE', 'HALF_DAY'],
      }),
      17,
    ),
    scenario(
      "a staff member's attendance overview",
      'detail',
      ids('/api/attendance/staff/:id/overview', range(1, dataset.staff)),
      18,
    ),
    scenario(
      'user search',
      'search',
      list('/api/users/getAll', {
        page: [1, 2],
        limit: [10],
        search: typed(words.people),
        role: [undefined, 'ADMIN', 'USER'],
      }),
      19,
    ),
  ];
}

/** Takes the next of a scenario's paths, from where its previous run stopped. */
export function nextPath(scenario) {
  scenario.next = ((scenario.next ?? 0) + 1) % scenario.paths.length;
  return scenario.paths[scenario.next];
}

/**
 * The dashboard's call after a write: each of 50 connections, signed in as one of the day's
 * admins (or field managers), sets the stock of a material of its own (at the admin's desk, the
 * manager's site) and then asks for the dashboard as the page does, again and again. Every call
 * so follows a write to a table its figures read, and none can be answered from figures kept
 * before it. Only the dashboard's call is measured; its requests per second are those the
 * connections would make of it alone at that latency (connections / mean latency, as a closed
 * loop of autocannon's makes them), since half of each connection's time goes to its write.
 */
export function afterWriteScenarios() {
  const scenario = (as) => ({
    name: `dashboard after a write, ${as === 'admins' ? 'admin' : 'field manager'}`,
    kind: 'figures',
    custom: (context, seconds) => dashboardAfterWrite(context, as, seconds),
  });
  return [scenario('admins'), scenario('managers')];
}

/** 50 connections of the day's people of `as`, each with a material of its own to write. */
async function writers(context, as) {
  const people = context.day[as];
  const connections = 50;
  const perPerson = Math.ceil(connections / people.length);
  const materials = await Promise.all(
    people.map(async (person) => {
      const { call } = connection(context.apiUrl, person.token);
      const answer = await call('GET', `/api/materials/options?locationId=${person.locationId}`);
      if (!succeeded(answer)) throw new Error(`materials of ${person.email}: ${answer.text}`);
      return answer.json().data.slice(0, perPerson);
    }),
  );
  return Array.from({ length: connections }, (_, i) => {
    const person = people[i % people.length];
    const material = materials[i % people.length][Math.floor(i / people.length)];
    return { ...connection(context.apiUrl, person.token), material, rng: random(i + 1) };
  });
}

async function dashboardAfterWrite(context, as, seconds) {
  const workers = await writers(context, as);
  const reads = new Latencies();
  const writes = new Latencies();
  await runFor(seconds, workers, async (worker, stopped) => {
    while (!stopped()) {
      const write = await worker.call('PATCH', `/api/materials/${worker.material.id}/stock`, {
        operation: 'set',
        quantity: worker.rng.int(100, 600),
      });
      writes.add(write);
      reads.add(await worker.call('GET', '/api/users/dashboard-counts?filter=today'));
    }
  });
  for (const worker of workers) worker.close();
  return closedLoopRow(reads, 50, { writes: writes.summary() });
}

/** A custom scenario's row, its req/s those of a closed loop of `connections` at its latency. */
function closedLoopRow(latencies, connections, extra = {}) {
  const { sum, ...summary } = latencies.summary();
  const requestsPerSecond = sum > 0 ? (connections * summary.total * 1000) / sum : 0;
  return { ...summary, requestsPerSecond: Math.round(requestsPerSecond * 10) / 10, ...extra };
}

/**
 * The Excel file of a 500-item invoice at FILE_CONNECTIONS connections, asked afresh each time.
 * Afresh means as a person asks for it after a change: before each ask the connection changes
 * the address of its invoice's location, which the file prints, so a file built before the change
 * would be wrong and no kept file can answer (each connection has an invoice and a location of
 * its own, bench/seed.ts FILE_LOCATIONS). Only the file's call is measured.
 */
export function fileScenarios() {
  return [
    {
      name: `invoice Excel file, 500 items, asked afresh, ${FILE_CONNECTIONS} connections`,
      kind: 'file',
      custom: excelAfresh,
    },
    {
      name: `delivery note PDF, ${NOTE_LINES} lines, ${FILE_CONNECTIONS} connections`,
      kind: 'file',
      custom: notePdfs,
    },
  ];
}

/** The lines of the delivery notes whose PDFs are asked (a rental's most). */
const NOTE_LINES = 100;
let bigNotes = null;

/**
 * FILE_CONNECTIONS delivery notes of NOTE_LINES lines each, made once: each a dispatch of one unit
 * of NOTE_LINES materials of a yard nobody of the working day reads back, to a field manager's
 * site. A note is frozen once issued and nothing keeps its PDF: each ask draws it again.
 */
async function deliveryNotes(context) {
  if (bigNotes) return bigNotes;
  const admin = connection(context.apiUrl, context.token);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const notes = [];
  for (let k = 0; k < FILE_CONNECTIONS; k++) {
    const yard = context.day.yards[k % context.day.yards.length];
    const site = context.day.managers[k % context.day.managers.length].locationId;
    const options = await admin.call('GET', `/api/materials/options?locationId=${yard}`);
    if (!succeeded(options)) throw new Error(`materials of yard ${yard}: ${options.text}`);
    const stocked = options
      .json()
      .data.filter((m) => m.quantity >= 2)
      .slice(0, NOTE_LINES);
    // A smaller data set (BENCH_SCALE, which judges nothing) has fewer materials a yard.
    const full = context.dataset.materials >= 100_000;
    if (stocked.length === 0 || (full && stocked.length < NOTE_LINES)) {
      throw new Error(`yard ${yard} has not ${NOTE_LINES} materials to send`);
    }
    const sent = await admin.call('POST', '/api/material-rentals', {
      fromLocationId: yard,
      toLocationId: site,
      expectedReturnDate: due,
      notes: `The large delivery ${k + 1} of the bench`,
      items: stocked.map((m) => ({ materialId: m.id, quantity: 1, unit: m.unit })),
    });
    if (!succeeded(sent)) throw new Error(`a ${NOTE_LINES}-line delivery: ${sent.text}`);
    const listed = await admin.call('GET', `/api/movement-notes?rentalId=${sent.json().data.id}`);
    if (!succeeded(listed)) throw new Error(`its notes: ${listed.text}`);
    notes.push(listed.json().data[0].id);
  }
  admin.close();
  bigNotes = notes;
  return notes;
}

async function notePdfs(context, seconds) {
  const notes = await deliveryNotes(context);
  const workers = notes.map((id) => ({ ...connection(context.apiUrl, context.token), id }));
  const reads = new Latencies();
  await runFor(seconds, workers, async (worker, stopped) => {
    while (!stopped()) reads.add(await worker.call('GET', `/api/movement-notes/${worker.id}/pdf`));
  });
  for (const worker of workers) worker.close();
  return closedLoopRow(reads, FILE_CONNECTIONS);
}

async function excelAfresh(context, seconds) {
  const files = context.sample.invoices.files.slice(0, FILE_CONNECTIONS);
  const workers = await Promise.all(
    files.map(async (file) => {
      const worker = { ...connection(context.apiUrl, context.token), file, edits: 0 };
      const answer = await worker.call('GET', `/api/locations/${file.locationId}`);
      if (!succeeded(answer)) throw new Error(`location ${file.locationId}: ${answer.text}`);
      const { name, type, status, address } = answer.json().data;
      worker.location = { name, type, status, address };
      return worker;
    }),
  );
  const reads = new Latencies();
  const edits = new Latencies();
  await runFor(seconds, workers, async (worker, stopped) => {
    while (!stopped()) {
      worker.edits += 1;
      edits.add(
        await worker.call('PUT', `/api/locations/update/${worker.file.locationId}`, {
          ...worker.location,
          address: `${worker.edits} ${worker.location.address}`.slice(0, 200),
        }),
      );
      reads.add(await worker.call('GET', `/api/invoices/${worker.file.id}/excel`));
    }
  });
  for (const worker of workers) worker.close();
  return closedLoopRow(reads, FILE_CONNECTIONS, { writes: edits.summary() });
}

/**
 * An admin moving a company in: a CSV of 10,000 stock rows (the catalogue's item numbers at 20
 * locations, as a spreadsheet program writes it: semicolons, a byte order mark), previewed, then
 * imported. Each file sets new quantities, so each import writes 10,000 movements; one connection,
 * one file after another. The budgets are absolute: the 5 s and 30 s.
 */
export function importScenarios() {
  return [
    {
      name: `import preview, ${IMPORT_ROWS.toLocaleString('en-GB')} stock rows`,
      kind: 'import',
      budgetMs: IMPORT_PREVIEW_MS,
      custom: (context, seconds) => importLoop(context, seconds, 'preview'),
    },
    {
      name: `import, ${IMPORT_ROWS.toLocaleString('en-GB')} stock rows, each file new quantities`,
      kind: 'import',
      budgetMs: IMPORT_MS,
      custom: (context, seconds) => importLoop(context, seconds, 'import'),
    },
  ];
}

let importFiles = 0;

async function stockFile(worker) {
  const [locations, types] = await Promise.all([
    worker.call('GET', '/api/locations/options'),
    worker.call('GET', '/api/catalogue/options'),
  ]);
  if (!succeeded(locations) || !succeeded(types)) throw new Error('import: the options failed');
  const numbered = types.json().data.filter((t) => t.itemNumber);
  const perLocation = Math.min(numbered.length, IMPORT_ROWS);
  const places = locations.json().data.slice(0, Math.ceil(IMPORT_ROWS / perLocation));
  importFiles += 1;
  const lines = ['Location;Item number;Quantity'];
  for (const place of places) {
    for (const type of numbered.slice(0, perLocation)) {
      if (lines.length > IMPORT_ROWS) break;
      lines.push(`${place.name};${type.itemNumber};${20 + ((type.id * 7 + importFiles) % 400)}`);
    }
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

async function importLoop(context, seconds, step) {
  const worker = connection(context.apiUrl, context.token);
  const latencies = new Latencies();
  await runFor(seconds, [worker], async (_worker, stopped) => {
    // At least one file however short the run: an import takes seconds.
    do {
      const file = await stockFile(worker);
      const name = encodeURIComponent(`bench-stock-${importFiles}.csv`);
      const preview = await worker.call(
        'POST',
        `/api/imports/stock/preview?fileName=${name}`,
        file,
      );
      if (step === 'preview') {
        latencies.add(preview);
        continue;
      }
      latencies.add(await worker.call('POST', `/api/imports/stock?fileName=${name}`, file));
    } while (!stopped());
  });
  worker.close();
  return closedLoopRow(latencies, 1);
}

/**
 * Billing runs: each run bills the next 28-day cycle of every site with a customer
 * (bench/seed.ts gives every field site one, and every type a hire rate), from the first rental's
 * cycle forward: the hire of the rentals out in that cycle, their returns, losses and scraps, and
 * every earlier rental line looked at again (the lines never billed, a rate given late). Runs
 * are one after another, as an office makes them; a cycle is never billed twice, so no run
 * answers from what another did.
 */
export function billingScenarios() {
  return [
    {
      name: 'billing run, the next 28-day cycle of every site',
      kind: 'batch',
      budgetMs: BILLING_RUN_MS,
      custom: (context, seconds) => billingLoop(context, seconds),
    },
  ];
}

const DAY_MS = 86_400_000;
/** The first cycle: the seed's rentals go back 1,095 days (bench/seed.ts). */
let nextCycle = Date.now() - 1_096 * DAY_MS;

async function billingLoop(context, seconds) {
  const worker = connection(context.apiUrl, context.token);
  const latencies = new Latencies();
  await runFor(seconds, [worker], async (_worker, stopped) => {
    // At least one run however short the scenario: a run takes seconds.
    do {
      // Hire is billed once a cycle has ended: the last cycle that has, then no more.
      if (nextCycle + 28 * DAY_MS > Date.now() - DAY_MS) break;
      const start = new Date(nextCycle).toISOString().slice(0, 10);
      nextCycle += 28 * DAY_MS;
      latencies.add(
        await worker.call('POST', '/api/billing/runs', { periodType: 'CYCLE_28', start }),
      );
    } while (!stopped());
  });
  worker.close();
  return closedLoopRow(latencies, 1);
}
