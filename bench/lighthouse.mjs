// `npm run lighthouse`: the browser verdict of ARCHITECTURE.md section 10 on a phone, measured by
// Lighthouse itself. It starts the server `npm start` runs (the built app) on a fresh data
// directory, seeds a small company through the API (a yard of 40 materials, a site of 25 of its
// own with 12 rentals to it, that site's field manager), and runs Lighthouse (mobile, its default
// simulated throttling) on each page as the field manager and as an admin, LH_RUNS times each
// (3), and judges the median: performance at least 90, Largest Contentful Paint at most 2.5 s,
// Total Blocking Time at most 200 ms, Cumulative Layout Shift at most 0.1. It prints
// a table, writes bench/results/lighthouse-latest.md and exits 1 when a page misses.
//
// LH_RUNS (3), LH_ONLY=<regex on "role page">, LH_PORT (4390), CHROMIUM_PATH change the run;
// LH_SERVER=<a built server.js> audits another build (a copy of apps/api/dist beside its web/dist);
// LH_SAVE=<dir> keeps each run's full report (JSON) and its trace (`<name>.trace.json`) there, to
// read where the main thread went (bench/long-tasks.mjs); LH_TRACE_CATEGORIES adds Chromium trace
// categories to the trace (`disabled-by-default-v8.cpu_profiler` for the CPU's samples, `fonts`,
// `blink.debug` for style and font work): each adds its own overhead, so such runs are for reading,
// not for the verdict.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LH_PORT ?? 4390);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.LH_RUNS ?? 3);
const only = process.env.LH_ONLY ? new RegExp(process.env.LH_ONLY, 'i') : null;
const ADMIN = { email: 'admin@lighthouse.test', password: 'Lighthouse-Admin-1' };
const BUDGET = { performance: 90, lcp: 2500, tbt: 200, cls: 0.1 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function startServer() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-lighthouse-'));
  const entry = process.env.LH_SERVER ?? 'scripts/start.mjs';
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(token, method, url, body) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

const login = (account) => call(null, 'POST', '/api/auth/login', account);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The small company above (a yard, a site, its field manager), through the API as its admin. */
async function seedCompany() {
  const admin = await login(ADMIN);
  const t = admin.token;
  const location = async (name, type) =>
    (
      await call(t, 'POST', '/api/locations/create', {
        name,
        address: '12 Quarry Road, Leeds',
        type,
        status: 'ACTIVE',
      })
    ).data;
  const yard = await location('North Yard', 'BMR_YARD');
  const site = await location('Riverside Site', 'FIELD');
  const names = ['Scaffold Tube', 'Ledger Board', 'Base Plate', 'Putlog', 'Coupler', 'Toe Board'];
  const yardMaterials = [];
  for (let i = 0; i < 40; i += 1) {
    const made = await call(t, 'POST', '/api/materials/create', {
      name: `${names[i % names.length]} ${i + 1}`,
      locationId: yard.id,
      quantity: 200 + i,
      unit: 'EACH',
    });
    yardMaterials.push(made.data);
  }
  for (let i = 0; i < 25; i += 1) {
    await call(t, 'POST', '/api/materials/create', {
      name: `Site ${names[i % names.length]} ${i + 1}`,
      locationId: site.id,
      quantity: 10 + i,
      unit: 'EACH',
    });
  }
  const rentals = [];
  for (let i = 0; i < 12; i += 1) {
    const items = [0, 1].map((k) => ({
      materialId: yardMaterials[(i * 3 + k) % yardMaterials.length].id,
      quantity: 2 + k,
      unit: 'EACH',
    }));
    const rental = await call(t, 'POST', '/api/material-rentals', {
      fromLocationId: yard.id,
      toLocationId: site.id,
      expectedReturnDate: day(14 + i),
      items,
    });
    rentals.push(rental.data);
  }
  const fmAccount = { email: 'field.manager@lighthouse.test', password: 'Field-Manager-1' };
  // Every flag (packages/shared PERMISSION_FLAGS), so that each page below opens for them.
  const flags = ['Inventory', 'Locations', 'Users', 'Invoices', 'Attendance'];
  const permissions = Object.fromEntries(
    flags.flatMap((flag) => [
      [`view${flag}`, true],
      [`manage${flag}`, true],
    ]),
  );
  await call(t, 'POST', '/api/users/register', {
    name: 'Fiona Field',
    role: 'USER',
    locationId: site.id,
    ...fmAccount,
    permissions,
  });
  const fieldManager = await login(fmAccount);
  return { admin, fieldManager, rental: rentals[0] };
}

function pagesOf(rental) {
  const one = `/material-rentals?search=${rental.id}`;
  return [
    ['field manager', 'sign-in', '/login', false],
    ['field manager', 'dashboard', '/', true],
    ['field manager', 'inventory', '/inventory', true],
    ['field manager', 'material rentals', '/material-rentals', true],
    ['field manager', 'one rental', one, true],
    ['field manager', 'rental requests', '/rental-requests', true],
    ['field manager', 'staff', '/staff', true],
    ['field manager', 'attendance', '/attendance', true],
    ['field manager', 'invoices', '/invoices', true],
    ['admin', 'dashboard', '/', true],
    ['admin', 'inventory', '/inventory', true],
    ['admin', 'catalogue', '/catalogue', true],
    ['admin', 'material rentals', '/material-rentals', true],
    ['admin', 'one rental', one, true],
    ['admin', 'rental requests', '/rental-requests', true],
    ['admin', 'staff', '/staff', true],
    ['admin', 'attendance', '/attendance', true],
    ['admin', 'invoices', '/invoices', true],
  ].map(([role, name, url, signedIn]) => ({ role, name, url, signedIn }));
}

/**
 * One audit on a fresh tab: the origin's storage emptied (the device's copy included, as on a
 * first visit), then the session put where the app keeps it (localStorage) from a page of the
 * origin that runs no script; Lighthouse empties the HTTP cache and the service worker itself.
 */
async function audit(url, session, name) {
  // A browser of its own for each audit: a fresh profile, and one crash spoils one run only.
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS,
    headless: true,
    defaultViewport: null,
  });
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.goto(`${origin}/favicon.svg`);
    if (session) {
      await page.evaluate(
        ({ token, user }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', JSON.stringify(user));
        },
        { token: session.token, user: session.user },
      );
    }
    const categories = process.env.LH_TRACE_CATEGORIES;
    const result = await lighthouse(
      `${origin}${url}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      categories
        ? { extends: 'lighthouse:default', settings: { additionalTraceCategories: categories } }
        : undefined,
      page,
    );
    const lhr = result.lhr;
    if (process.env.LH_SAVE) {
      await fs.mkdir(process.env.LH_SAVE, { recursive: true });
      await fs.writeFile(path.join(process.env.LH_SAVE, `${name}.json`), JSON.stringify(lhr));
      await fs.writeFile(
        path.join(process.env.LH_SAVE, `${name}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl);
    if (session && finalUrl.pathname === '/login') throw new Error(`${url}: landed on sign-in`);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // The host's speed as Lighthouse measured it (a quiet laptop is 1,000 to 2,500): its
      // simulated phone is this machine slowed 4 times, so a busy machine makes a slow phone.
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
  }
}

/**
 * An audit, run once more when Lighthouse itself says its trace went wrong and to run it again
 * (NO_NAVSTART: Chromium's trace of the load lacked its start, seen once or twice in a run of 18
 * pages); any other failure, and a second one, stop the run.
 */
async function auditAgainIfAsked(url, session, name) {
  try {
    return await audit(url, session, name);
  } catch (error) {
    if (!/Please run Lighthouse again/.test(String(error?.message))) throw error;
    console.error(`${name}: ${error.message}; running it again`);
    return audit(url, session, name);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function verdict(m) {
  const misses = [];
  if (m.performance < BUDGET.performance) misses.push('performance');
  if (m.lcp > BUDGET.lcp) misses.push('LCP');
  if (m.tbt > BUDGET.tbt) misses.push('TBT');
  if (m.cls > BUDGET.cls) misses.push('CLS');
  return misses;
}

async function main() {
  const server = await startServer();
  const rows = [];
  try {
    const { admin, fieldManager, rental } = await seedCompany();
    for (const page of pagesOf(rental)) {
      const label = `${page.role} ${page.name}`;
      if (only && !only.test(label)) continue;
      const session = page.signedIn ? (page.role === 'admin' ? admin : fieldManager) : null;
      const samples = [];
      for (let i = 0; i < runs; i += 1) {
        const name = `${label.replaceAll(' ', '-')}-${i + 1}`;
        samples.push(await auditAgainIfAsked(page.url, session, name));
      }
      const m = {
        performance: median(samples.map((s) => s.performance)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
        benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
      };
      const row = { ...page, ...m, samples, misses: verdict(m) };
      rows.push(row);
      console.log(
        `${label.padEnd(32)} perf ${String(m.performance).padStart(3)}  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  host ${Math.round(m.benchmarkIndex)}  ${row.misses.length ? `MISSED: ${row.misses.join(', ')}` : 'met'}`,
      );
    }
  } finally {
    await server.stop();
  }
  const load = os.loadavg().map((l) => l.toFixed(1));
  const lines = [
    `# Lighthouse, mobile (simulated throttling), median of ${runs}`,
    '',
    `${new Date().toISOString()}, ${os.cpus().length} cores, load ${load.join(' ')}`,
    '',
    '| role | page | performance | LCP | TBT | CLS | host benchmark | verdict |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.role} | ${r.name} | ${r.performance} | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.benchmarkIndex)} | ${r.misses.length ? `missed: ${r.misses.join(', ')}` : 'met'} |`,
    ),
  ];
  const missed = rows.filter((r) => r.misses.length > 0).length;
  lines.push('', `pages: ${rows.length - missed} met, ${missed} missed`);
  console.log(`\n${lines.join('\n')}`);
  await fs.mkdir(path.join(root, 'bench/results'), { recursive: true });
  await fs.writeFile(
    path.join(root, 'bench/results/lighthouse-latest.md'),
    `${lines.join('\n')}\n`,
  );
  process.exitCode = missed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
