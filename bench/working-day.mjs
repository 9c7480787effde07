// The working day (ARCHITECTURE.md section 10): 50 connections acting as the 10 admins
// and 40 field managers of bench/seed-day.ts, each a loop of weighted actions with the mix of a
// real day, on the large set. Every write is read back at once, and the read must show it.
//
// No two people write the same record: a field manager writes at their own site, an admin at
// their own desk (stock, staff, invoices), transfers go to yards nobody reads back, and each admin
// decides the pending requests of their own tenth of the ids. So nothing a person writes can be
// refused by another's write: a stock update sets 100 to 600, a transfer takes 1 to 3 of a
// material that holds at least 20 (and only this person's transfers take from it), a return gives
// back 1 of what is still out, an attendance mark is a past weekend day (the seed marks weekdays
// only) for one staff member at a time, a stock-take counts a manager's own materials, and an
// admin bills a site nobody else works at. Any answer but a success is an error.
import { setTimeout as sleep } from 'node:timers/promises';
import { connection, Latencies, random, runFor, succeeded } from './http.mjs';
import { typed } from './scenarios.mjs';

export const DAY_NAME = 'working day (10 admins, 40 field managers, 50 connections)';
/** The same people with no pause at all: what the machine can serve, not how fast (no budget). */
export const FLAT_OUT_NAME = 'working day flat out (no pause between actions)';

/**
 * How long a person of the day looks at the screen before the next action, in seconds: drawn
 * evenly from this range, a second on average (decision 030). People at work take several
 * seconds between clicks; a second keeps 50 of them a heavy day, a working share of the
 * machine's capacity, while each answer's time is still the service's and not the queue's that
 * a loop with no pause builds (the flat-out day shows that capacity).
 */
export const THINK_SECONDS = { min: 0.5, max: 1.5 };

/** yyyy-MM of this month and the `count - 1` before it. */
function recentMonths(count) {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const month = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
  });
}

const isoDay = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Saturdays and Sundays from a week ago back, newest first: days the seed marked nobody. */
function pastWeekendDays() {
  const days = [];
  const day = new Date();
  day.setDate(day.getDate() - 7);
  while (days.length < 300) {
    if (day.getDay() === 0 || day.getDay() === 6) days.push(isoDay(day));
    day.setDate(day.getDate() - 1);
  }
  return days;
}

const later = (a, b) => Date.parse(a) > Date.parse(b);

/** A record read as the write left it, or changed later: not as it was before the write. */
const sameOrLater = (read, written) =>
  later(read.updatedAt, written.updatedAt) || read.updatedAt === written.updatedAt;

/** A reader and a writer of the day: one connection, the person's records, a generator. */
function person(context, who, role, index) {
  return {
    ...connection(context.apiUrl, who.token),
    role,
    index,
    email: who.email,
    locationId: who.locationId,
    /** How many locations there are: an admin's filters pick any of them. */
    locations: context.dataset.locations,
    rng: random(1000 + index),
    attendanceSlot: 0,
    marks: 0,
  };
}

/** Pages of a list, `limit` 100, until `pages` or the list's end; the rows of each page. */
async function pagesOf(someone, path, pages, rowsOf) {
  const rows = [];
  for (let page = 1; page <= pages; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await someone.call('GET', `${path}${separator}page=${page}&limit=100`);
    if (!succeeded(answer)) throw new Error(`working day setup, ${path}: ${answer.text}`);
    const body = answer.json();
    const found = rowsOf(body);
    rows.push(...found);
    if (found.length < 100) break;
  }
  return rows;
}

/**
 * What each person works on, read before the day starts (not measured): the materials, staff
 * and invoices of their place, a manager's rentals still out and requests, the pending
 * requests each admin decides.
 */
export async function prepareWorkingDay(context) {
  const { day, sample } = context;
  const largest = sample.invoices.detailInvoiceId;
  const people = [
    ...day.admins.map((who, i) => person(context, who, 'admin', i)),
    ...day.managers.map((who, i) => person(context, who, 'manager', day.admins.length + i)),
  ];
  await Promise.all(
    people.map(async (p) => {
      const place = p.locationId;
      const options = await p.call('GET', `/api/materials/options?locationId=${place}`);
      if (!succeeded(options)) throw new Error(`working day setup: ${options.text}`);
      p.materials = options.json().data;
      const staff = await pagesOf(p, `/api/staff?locationId=${place}`, 1, (b) => b.data);
      // Anyone's record is read; those who work there (active, or on leave and back for a
      // day) are marked, not those who left.
      p.staffIds = staff.map((s) => s.id);
      p.staff = staff.filter((s) => s.status !== 'INACTIVE').map((s) => s.id);
      const invoices = await pagesOf(
        p,
        `/api/invoices?locationId=${place}`,
        3,
        (b) => b.data.invoices,
      );
      // Not the large invoices (a detail and the files): a person edits an ordinary one.
      p.invoices = invoices.filter((i) => i.id < largest).map((i) => i.id);
      p.drafts = invoices.filter((i) => i.id < largest && i.status === 'DRAFT').map((i) => i.id);
      if (p.role === 'manager') {
        const rentals = await pagesOf(
          p,
          `/api/material-rentals?locationId=${place}`,
          3,
          (b) => b.data.rentals,
        );
        p.rentalIds = rentals.map((r) => r.id);
        p.returnable = rentals
          .filter((r) => r.status === 'ACTIVE' || r.status === 'OVERDUE')
          .flatMap((r) =>
            r.items.map((item) => ({
              rentalId: r.id,
              rentalDate: r.rentalDate,
              itemId: item.id,
              out:
                item.quantity -
                item.quantityActuallyReturned -
                item.quantityDamaged -
                item.quantityLost,
            })),
          )
          .filter((item) => item.out > 0);
        p.requestIds = (await pagesOf(p, '/api/rental-requests', 2, (b) => b.data)).map(
          (r) => r.id,
        );
      }
    }),
  );
  for (const p of people) {
    const read = ['materials', 'staffIds', 'invoices'];
    if (p.role === 'manager') read.push('rentalIds', 'requestIds');
    const none = read.filter((pool) => p[pool].length === 0);
    if (none.length) throw new Error(`working day setup: ${p.email} has no ${none.join(', ')}`);
  }
  const admins = people.filter((p) => p.role === 'admin');
  await prepareAdminDesks(people, admins);
  await deliverToEachSite(people, admins);
  const pending = await pagesOf(admins[0], '/api/rental-requests?status=PENDING', 100, (b) =>
    b.data.map((r) => r.id),
  );
  for (const admin of admins) {
    admin.pending = pending.filter((id) => id % admins.length === admin.index);
  }
  return {
    people,
    context,
    months: recentMonths(12),
    weekendDays: pastWeekendDays(),
    // As a query string carries them ("gulf coast" has a space).
    words: {
      invoices: typed(sample.invoices.clientWords).map(encodeURIComponent),
      people: typed(sample.words.people).map(encodeURIComponent),
      staff: typed(sample.words.staff).map(encodeURIComponent),
    },
  };
}

/**
 * What the admins' newer actions work on: the catalogue's numbered types (the label sheet and the
 * import preview) and, for each admin, sites with a customer that no field manager of the day
 * works at, a tenth of them each (the billing run of one site).
 */
async function prepareAdminDesks(people, admins) {
  const [types, places] = await Promise.all([
    admins[0].call('GET', '/api/catalogue/options'),
    admins[0].call('GET', '/api/locations/options'),
  ]);
  if (!succeeded(types) || !succeeded(places)) throw new Error('working day setup: options');
  const numbered = types.json().data.filter((type) => type.itemNumber);
  const sites = new Set(people.filter((p) => p.role === 'manager').map((p) => p.locationId));
  const billable = places
    .json()
    .data.filter((place) => place.hasCustomer && place.status === 'ACTIVE' && !sites.has(place.id));
  const names = new Map(places.json().data.map((place) => [place.id, place.name]));
  for (const admin of admins) {
    admin.types = numbered;
    admin.placeName = names.get(admin.locationId);
    admin.billSites = billable
      .filter((_, i) => i % admins.length === admin.index)
      .slice(0, SITES_BILLED_BY_EACH);
  }
  if (numbered.length === 0 || admins.some((admin) => admin.billSites.length === 0)) {
    throw new Error('working day setup: no numbered types or no site to bill');
  }
  // Billed up to the month before last, as an office that bills every month has (not measured):
  // the day's run of a site then bills last month, not the three years the seed holds.
  for (const admin of admins) {
    for (const site of admin.billSites) {
      const caughtUp = await admin.call('POST', '/api/billing/runs', {
        periodType: 'MONTH',
        month: monthsBack(2),
        locationId: site.id,
      });
      if (!succeeded(caughtUp)) throw new Error(`working day setup, billing: ${caughtUp.text}`);
    }
  }
}

/** The sites each admin bills in the day. */
const SITES_BILLED_BY_EACH = 2;

/**
 * One delivery to each field manager's site before the day (not measured), from an admin's desk,
 * so that each manager has a delivery note to print from the start; the day's returns add theirs.
 */
async function deliverToEachSite(people, admins) {
  const managers = people.filter((p) => p.role === 'manager');
  const due = new Date();
  due.setDate(due.getDate() + 14);
  for (const [i, manager] of managers.entries()) {
    const admin = admins[i % admins.length];
    const material = admin.materials.reduce((most, m) => (m.quantity > most.quantity ? m : most));
    if (material.quantity < 2) throw new Error(`working day setup: ${admin.email} has no stock`);
    const sent = await admin.call('POST', '/api/material-rentals', {
      fromLocationId: admin.locationId,
      toLocationId: manager.locationId,
      expectedReturnDate: isoDay(due),
      items: [{ materialId: material.id, quantity: 1, unit: material.unit }],
    });
    if (!succeeded(sent)) throw new Error(`working day setup, a delivery: ${sent.text}`);
    material.quantity -= 1;
    manager.notes = await notesOf(manager, sent.json().data.id);
    if (manager.notes.length === 0) throw new Error('working day setup: a delivery without a note');
  }
}

/** The ids of a rental's notes (its delivery note, then a note per return). */
async function notesOf(someone, rentalId) {
  const answer = await someone.call('GET', `/api/movement-notes?rentalId=${rentalId}`);
  if (!succeeded(answer)) throw new Error(`working day, the notes of ${rentalId}: ${answer.text}`);
  return answer.json().data.map((note) => note.id);
}

/** Closes the day's connections. */
export function closeWorkingDay(day) {
  for (const p of day.people) p.close();
}

/** A read of a screen, measured under `type`, of the path `path(person, day)` makes. */
const read = (weight, type, path) => ({ weight, run: (d, p) => get(d, p, type, path(p, d)) });
/** A write (which reads back what it wrote). */
const write = (weight, run) => ({ weight, run });

/**
 * The day's actions by role, each with its weight: reads of the screens people open most
 * (the dashboard first, lists with filters and searches, details), and more than 10 % writes,
 * each read back.
 */
const ACTIONS = {
  manager: [
    read(12, 'dashboard', (p) => dashboardPath(p)),
    read(10, 'materials list', (p) => `/api/materials/list?page=${firstPages(p, 50)}&limit=10`),
    read(6, 'material detail', (p) => `/api/materials/detail/${p.rng.pick(p.materials).id}`),
    read(
      3,
      'material history',
      (p) => `/api/materials/${p.rng.pick(p.materials).id}/movements?page=1&limit=10`,
    ),
    read(
      5,
      'invoices list',
      (p, d) =>
        `/api/invoices?page=${firstPages(p, 3)}&limit=10&month=${p.rng.pick(d.months.slice(0, 3))}${maybe(p, 0.3, '&status=DRAFT')}`,
    ),
    read(
      3,
      'invoice search',
      (p, d) => `/api/invoices?page=1&limit=10&search=${p.rng.pick(d.words.invoices)}`,
    ),
    read(4, 'invoice detail', (p) => `/api/invoices/${p.rng.pick(p.invoices)}`),
    read(
      3,
      'rental requests list',
      (p) =>
        `/api/rental-requests?page=${firstPages(p, 3)}&limit=10${maybe(p, 0.3, '&status=PENDING')}`,
    ),
    read(2, 'rental request detail', (p) => `/api/rental-requests/${p.rng.pick(p.requestIds)}`),
    read(
      4,
      'material rentals list',
      (p) =>
        `/api/material-rentals?page=${firstPages(p, 3)}&limit=10${maybe(p, 0.4, `&status=${p.rng.pick(['ACTIVE', 'OVERDUE'])}`)}`,
    ),
    read(3, 'material rental detail', (p) => `/api/material-rentals/${p.rng.pick(p.rentalIds)}`),
    read(
      3,
      'staff list',
      (p, d) =>
        `/api/staff?page=1&pageSize=10${maybe(p, 0.4, `&search=${p.rng.pick(d.words.staff)}`)}`,
    ),
    read(
      5,
      'attendance list',
      (p, d) =>
        `/api/attendance?page=${firstPages(p, 3)}&limit=10&month=${p.rng.pick(d.months.slice(0, 2))}`,
    ),
    read(
      2,
      'attendance overview',
      (p) => `/api/attendance/staff/${p.rng.pick(p.staffIds)}/overview`,
    ),
    read(3, 'notifications', () => '/api/notifications?page=1&limit=10'),
    read(2, 'delivery note PDF', (p) => `/api/movement-notes/${p.rng.pick(p.notes)}/pdf`),
    write(4, stockUpdate),
    write(2, transfer),
    write(2, rentalReturn),
    write(3, attendanceMark),
    write(2, rentalRequest),
    write(2, invoiceEdit),
    write(1, stockTakeCount),
  ],
  admin: [
    read(12, 'dashboard', (p) => dashboardPath(p)),
    read(
      8,
      'materials list',
      (p) =>
        `/api/materials/list?page=${firstPages(p, 50)}&limit=10${maybe(p, 0.5, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      2,
      'low stock',
      (p) => `/api/materials/low-stock?_limit=10${maybe(p, 0.5, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      4,
      'material detail',
      (p, d) => `/api/materials/detail/${p.rng.int(1, d.context.dataset.materials)}`,
    ),
    read(
      6,
      'invoices list',
      (p, d) =>
        `/api/invoices?page=${firstPages(p, 3)}&limit=10&month=${p.rng.pick(d.months)}${maybe(p, 0.4, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      4,
      'invoice search',
      (p, d) => `/api/invoices?page=1&limit=10&search=${p.rng.pick(d.words.invoices)}`,
    ),
    read(
      4,
      'invoice detail',
      (p, d) => `/api/invoices/${p.rng.int(1, d.context.sample.invoices.detailInvoiceId - 1)}`,
    ),
    read(
      2,
      'job type summary',
      (p, d) =>
        `/api/reports/invoice-job-type-summary?month=${p.rng.pick(d.months.slice(0, 3))}${maybe(p, 0.5, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      6,
      'rental requests list',
      (p) =>
        `/api/rental-requests?page=${firstPages(p, 3)}&limit=10${maybe(p, 0.5, '&status=PENDING')}`,
    ),
    read(
      2,
      'rental request search',
      (p, d) => `/api/rental-requests?page=1&limit=10&search=${p.rng.pick(d.words.people)}`,
    ),
    read(
      3,
      'rental request detail',
      (p, d) => `/api/rental-requests/${p.rng.int(1, d.context.dataset.rentalRequests)}`,
    ),
    read(
      4,
      'material rentals list',
      (p) =>
        `/api/material-rentals?page=${firstPages(p, 3)}&limit=10${maybe(p, 0.4, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(2, 'rental stats', () => '/api/material-rentals/stats'),
    read(
      2,
      'material rental detail',
      (p, d) => `/api/material-rentals/${p.rng.int(1, d.context.dataset.materialRentals)}`,
    ),
    read(
      3,
      'staff list',
      (p, d) =>
        `/api/staff?page=1&pageSize=10${maybe(p, 0.4, `&search=${p.rng.pick(d.words.staff)}`)}${maybe(p, 0.4, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      3,
      'attendance list',
      (p, d) =>
        `/api/attendance?page=1&limit=10&month=${p.rng.pick(d.months.slice(0, 2))}${maybe(p, 0.5, `&locationId=${anyLocation(p)}`)}`,
    ),
    read(
      3,
      'users list',
      (p, d) =>
        `/api/users/getAll?page=1&limit=10${maybe(p, 0.5, `&search=${p.rng.pick(d.words.people)}`)}`,
    ),
    read(2, 'locations list', (p) => `/api/locations/list?page=${p.rng.int(1, 20)}&limit=10`),
    read(2, 'activity log', () => '/api/activity-logs/list?page=1&limit=10'),
    read(3, 'notifications', () => '/api/notifications?page=1&limit=10'),
    read(3, 'catalogue', (p) => `/api/catalogue/list?page=${firstPages(p, 20)}&limit=10`),
    read(
      1,
      'label sheet',
      (p) =>
        `/api/labels?types=${Array.from({ length: 12 }, () => p.rng.pick(p.types).id).join(',')}&locations=${p.locationId}`,
    ),
    { weight: 2, run: importPreview },
    write(2, billingRunOfSite),
    write(5, requestDecision),
    write(2, rentalDispatch),
    write(3, stockUpdate),
    write(2, invoiceEdit),
    write(2, attendanceMark),
    write(1, transfer),
  ],
};

/** The write actions, for the share of writes. */
const WRITES = new Set([
  'stock update',
  'transfer',
  'rental return',
  'rental dispatch',
  'attendance mark',
  'rental request',
  'request decision',
  'invoice edit',
  'stock-take count',
  'billing run of one site',
]);

const dashboardPath = (p) =>
  `/api/users/dashboard-counts?filter=${p.rng.pick(['today', 'today', 'today', 'week', 'month', 'year'])}`;
/** Page 1 more often than not, else one of the next `last - 1`. */
const firstPages = (p, last) => (p.rng.next() < 0.6 ? 1 : p.rng.int(2, last));
const maybe = (p, chance, text) => (p.rng.next() < chance ? text : '');
const anyLocation = (p) => p.rng.int(1, p.locations);

/** One call, measured under `type`; answers its answer. */
async function get(day, p, type, path) {
  return measured(day, type, await p.call('GET', path));
}

async function send(day, p, type, method, path, body) {
  return measured(day, type, await p.call(method, path, body));
}

function measured(day, type, answer) {
  if (!day.run.actions.has(type)) day.run.actions.set(type, new Latencies());
  day.run.actions.get(type).add(answer);
  day.run.calls += 1;
  if (WRITES.has(type)) day.run.writes += 1;
  return answer;
}

/**
 * The read right after a write, measured as the read it is: the write is visible when `shows`
 * holds for what it answers. A read that fails is an error, not a violation.
 */
async function readBack(day, p, type, path, shows, what) {
  const answer = await get(day, p, type, path);
  if (!succeeded(answer)) return;
  day.run.readBacks += 1;
  if (!shows(answer.json().data)) {
    day.run.violations += 1;
    if (day.run.violationSamples.length < 5) {
      day.run.violationSamples.push(`${p.email}: ${what} not shown by GET ${path}`);
    }
  }
}

async function stockUpdate(day, p) {
  const material = p.rng.pick(p.materials);
  const quantity = p.rng.int(100, 600);
  const answer = await send(
    day,
    p,
    'stock update',
    'PATCH',
    `/api/materials/${material.id}/stock`,
    {
      operation: 'set',
      quantity,
    },
  );
  if (!succeeded(answer)) return;
  material.quantity = quantity;
  const written = answer.json().data;
  await readBack(
    day,
    p,
    'material detail',
    `/api/materials/detail/${material.id}`,
    (read) =>
      sameOrLater(read, written) &&
      (read.updatedAt !== written.updatedAt || read.quantity === quantity),
    `stock of material ${material.id} set to ${quantity}`,
  );
}

async function transfer(day, p) {
  const stocked = p.materials.filter((m) => m.quantity >= 20);
  if (stocked.length === 0) return stockUpdate(day, p);
  const material = p.rng.pick(stocked);
  const quantity = p.rng.int(1, 3);
  const answer = await send(day, p, 'transfer', 'POST', `/api/materials/${material.id}/transfer`, {
    fromLocation: p.locationId,
    toLocation: p.rng.pick(day.context.day.yards),
    quantity,
  });
  if (!succeeded(answer)) return;
  material.quantity -= quantity;
  const { source } = answer.json().data;
  await readBack(
    day,
    p,
    'material detail',
    `/api/materials/detail/${material.id}`,
    (read) =>
      sameOrLater(read, source) &&
      (read.updatedAt !== source.updatedAt || read.quantity === source.quantity),
    `transfer of ${quantity} out of material ${material.id}`,
  );
}

async function rentalReturn(day, p) {
  const open = p.returnable.filter((item) => item.out > 0);
  if (open.length === 0) return stockUpdate(day, p);
  const item = p.rng.pick(open);
  // Every kind of return: one unit good, damaged or lost, off hire today or on a day
  // of the last week (never before the rental went out), entered now.
  const condition = p.rng.pick(['good', 'good', 'damaged', 'lost']);
  const back = new Date();
  // A damaged or lost unit is reported a day or more after it came off hire: always a past day.
  back.setDate(back.getDate() - (condition === 'good' ? p.rng.int(0, 5) : p.rng.int(1, 5)));
  const returnDate = [isoDay(back), item.rentalDate].sort()[1];
  const answer = await send(
    day,
    p,
    'rental return',
    'POST',
    `/api/material-rentals/${item.rentalId}/returns`,
    {
      rentalItemId: item.itemId,
      returnedQuantity: condition === 'good' ? 1 : 0,
      damagedQuantity: condition === 'damaged' ? 1 : 0,
      lostQuantity: condition === 'lost' ? 1 : 0,
      returnDate,
      notes: `Returned to the yard (${condition})`,
    },
  );
  if (!succeeded(answer)) return;
  item.out -= 1;
  const written = answer.json().data;
  await readBack(
    day,
    p,
    'material rental detail',
    `/api/material-rentals/${item.rentalId}`,
    (read) =>
      read.items.some(
        (i) =>
          i.id === item.itemId &&
          i.quantityActuallyReturned + i.quantityDamaged + i.quantityLost >=
            written.cumulativeReturned,
      ),
    `return ${written.id} of rental ${item.rentalId}`,
  );
}

/**
 * A dispatch entered late: an admin sends 1 to 3 units of one of their own materials
 * (one holding at least 20, which only their own dispatches and transfers take from) to a field
 * manager's site, dated the day it left, 1 to 10 days ago; read back with that day.
 */
async function rentalDispatch(day, p) {
  const stocked = p.materials.filter((m) => m.quantity >= 20);
  if (stocked.length === 0) return stockUpdate(day, p);
  const material = p.rng.pick(stocked);
  const quantity = p.rng.int(1, 3);
  const sites = day.people.filter(
    (other) => other.role === 'manager' && other.locationId !== p.locationId,
  );
  if (sites.length === 0) return stockUpdate(day, p);
  const left = new Date();
  left.setDate(left.getDate() - p.rng.int(1, 10));
  const due = new Date();
  due.setDate(due.getDate() + 14);
  const rentalDate = isoDay(left);
  const answer = await send(day, p, 'rental dispatch', 'POST', '/api/material-rentals', {
    fromLocationId: p.locationId,
    toLocationId: p.rng.pick(sites).locationId,
    rentalDate,
    expectedReturnDate: isoDay(due),
    notes: `Sent out late-entered (${p.email}, ${++p.marks})`,
    items: [{ materialId: material.id, quantity, unit: material.unit }],
  });
  if (!succeeded(answer)) return;
  material.quantity -= quantity;
  const written = answer.json().data;
  await readBack(
    day,
    p,
    'material rental detail',
    `/api/material-rentals/${written.id}`,
    (read) => read.rentalDate === rentalDate && read.items[0]?.quantity === quantity,
    `dispatch ${written.id} dated ${rentalDate}`,
  );
}

async function attendanceMark(day, p) {
  if (p.staff.length === 0) return stockUpdate(day, p);
  const slot = p.attendanceSlot++;
  const staffId = p.staff[slot % p.staff.length];
  const date = day.weekendDays[Math.floor(slot / p.staff.length) % day.weekendDays.length];
  const answer = await send(day, p, 'attendance mark', 'POST', '/api/attendance', {
    staffId,
    date,
    locationId: p.locationId,
    status: 'PRESENT',
    checkIn: '08:00',
    checkOut: '16:30',
    notes: 'Weekend shift',
  });
  if (!succeeded(answer)) return;
  const written = answer.json().data;
  await readBack(
    day,
    p,
    "a staff member's day",
    `/api/attendance/staff/${staffId}?date=${date}`,
    (read) => read.some((record) => record.id === written.id),
    `attendance ${written.id} of staff ${staffId} on ${date}`,
  );
}

async function rentalRequest(day, p) {
  const today = new Date();
  const back = new Date(today);
  back.setDate(back.getDate() + 14);
  const picked = [p.rng.pick(p.materials), p.rng.pick(p.materials)].filter(
    (m, i, all) => all.findIndex((other) => other.id === m.id) === i,
  );
  const notes = `Needed for the next lift (${p.email}, ${++p.marks})`;
  const answer = await send(day, p, 'rental request', 'POST', '/api/rental-requests', {
    locationId: p.locationId,
    requestedDate: isoDay(today),
    returnDate: isoDay(back),
    notes,
    items: picked.map((m) => ({
      materialId: m.id,
      name: m.name,
      quantity: p.rng.int(1, 20),
      unit: m.unit,
    })),
  });
  if (!succeeded(answer)) return;
  const written = answer.json().data;
  p.requestIds.push(written.id);
  await readBack(
    day,
    p,
    'rental request detail',
    `/api/rental-requests/${written.id}`,
    (read) => read.notes === notes,
    `request ${written.id}`,
  );
}

async function requestDecision(day, p) {
  if (p.pending.length === 0) {
    // The seeded ones decided: the newest pending, the field managers' own requests among them.
    const answer = await get(
      day,
      p,
      'rental requests list',
      '/api/rental-requests?page=1&limit=10&status=PENDING',
    );
    if (succeeded(answer)) {
      const admins = day.people.filter((other) => other.role === 'admin').length;
      p.pending = answer
        .json()
        .data.map((r) => r.id)
        .filter((id) => id % admins === p.index);
    }
    if (p.pending.length === 0) return stockUpdate(day, p);
  }
  const id = p.pending.pop();
  const approve = p.rng.next() < 0.8;
  const answer = await send(
    day,
    p,
    'request decision',
    'PATCH',
    `/api/rental-requests/${id}/${approve ? 'approve' : 'reject'}`,
    { notes: approve ? 'Approved, deliver from the main yard' : 'Not in stock at the yard' },
  );
  if (!succeeded(answer)) return;
  const written = answer.json().data;
  await readBack(
    day,
    p,
    'rental request detail',
    `/api/rental-requests/${id}`,
    (read) => read.status === (approve ? 'APPROVED' : 'REJECTED') && sameOrLater(read, written),
    `decision on request ${id}`,
  );
}

/**
 * A stock-take counted in the app: five of the manager's materials, each counted at what the
 * manager last knew it held or a few units off; read back as one of them.
 */
async function stockTakeCount(day, p) {
  const counted = [...new Set(Array.from({ length: 5 }, () => p.rng.pick(p.materials)))].map(
    (material) => ({ material, counted: Math.max(0, material.quantity + p.rng.int(-2, 2)) }),
  );
  const answer = await send(
    day,
    p,
    'stock-take count',
    'POST',
    `/api/stock-takes/${p.locationId}/counts`,
    {
      countDate: isoDay(new Date()),
      counts: counted.map(({ material, counted: n }) => ({ materialId: material.id, counted: n })),
    },
  );
  if (!succeeded(answer)) return;
  for (const { material, counted: n } of counted) material.quantity = n;
  const { material, counted: n } = counted[0];
  await readBack(
    day,
    p,
    'material detail',
    `/api/materials/detail/${material.id}`,
    (read) => read.quantity === n,
    `stock-take count of material ${material.id} at ${n}`,
  );
}

/**
 * An admin checks a stock file before importing it: 200 rows of their desk's stock, previewed
 * (nothing is written; measured as the read it is).
 */
async function importPreview(day, p) {
  const lines = ['Location;Item number;Quantity'];
  const start = p.rng.int(0, Math.max(0, p.types.length - 200));
  for (const type of p.types.slice(start, start + 200)) {
    lines.push(`${p.placeName};${type.itemNumber};${p.rng.int(20, 400)}`);
  }
  const file = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  const name = encodeURIComponent(`day-stock-${p.index}-${++p.marks}.csv`);
  await send(day, p, 'import preview', 'POST', `/api/imports/stock/preview?fileName=${name}`, file);
}

/** The month `count` months before this one, yyyy-MM. */
function monthsBack(count) {
  const month = new Date();
  month.setDate(1);
  month.setMonth(month.getMonth() - count);
  return isoDay(month).slice(0, 7);
}

/**
 * A billing run of one site for last month, as an office bills at the start of a month (sites
 * with a customer that nobody of the day works at, billed before the day up to the month before,
 * each admin their own): the first run bills the month, a later one finds its days billed; an
 * invoice it made is read back.
 */
async function billingRunOfSite(day, p) {
  const site = p.rng.pick(p.billSites);
  const answer = await send(day, p, 'billing run of one site', 'POST', '/api/billing/runs', {
    periodType: 'MONTH',
    month: monthsBack(1),
    locationId: site.id,
  });
  if (!succeeded(answer)) return;
  const [invoice] = answer.json().data.invoices;
  if (!invoice) return;
  await readBack(
    day,
    p,
    'invoice detail',
    `/api/invoices/${invoice.id}`,
    (read) => read.locationId === site.id && read.invoiceId === invoice.invoiceId,
    `invoice ${invoice.id} of the run of site ${site.id}`,
  );
}

/** Leaves out the fields a read answers null: the body then says nothing of them. */
const given = (record) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

async function invoiceEdit(day, p) {
  if (p.drafts.length === 0) return stockUpdate(day, p);
  const id = p.rng.pick(p.drafts);
  // As on the screen: the invoice opened, its notes changed, saved, and shown again.
  const opened = await get(day, p, 'invoice detail', `/api/invoices/${id}`);
  if (!succeeded(opened)) return;
  const invoice = opened.json().data;
  const notes = `Checked on site by ${p.email} (${++p.marks})`;
  const answer = await send(day, p, 'invoice edit', 'PUT', `/api/invoices/${id}`, {
    ...given({
      invoiceId: invoice.invoiceId,
      locationId: invoice.locationId,
      clientName: invoice.clientName,
      clientAddress: invoice.clientAddress,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      department: invoice.department,
      job_period: invoice.job_period,
      job_details: invoice.job_details,
      signature: invoice.signature,
      invoice_remark: invoice.invoice_remark,
    }),
    notes,
    items: invoice.items.map((item) => ({
      ...given({
        location: item.location,
        item_date: item.item_date,
        job_description: item.job_description,
        job_type: item.job_type,
        uom: item.uom,
        quantity: item.quantity,
        length: item.length,
        width: item.width,
        height: item.height,
        remark: item.remark,
      }),
      materialUsages: item.materialUsages.map((usage) =>
        given({
          materialId: usage.materialId,
          usageType: usage.usageType,
          quantity: usage.quantity,
          length: usage.length,
          width: usage.width,
          height: usage.height,
          notes: usage.notes,
        }),
      ),
    })),
  });
  if (!succeeded(answer)) return;
  await readBack(
    day,
    p,
    'invoice detail',
    `/api/invoices/${id}`,
    (read) => read.notes === notes,
    `notes of invoice ${id}`,
  );
}

/** Each role's actions as cumulative weights, to pick one by a number in [0, total). */
const PICKERS = Object.fromEntries(
  Object.entries(ACTIONS).map(([role, actions]) => {
    let total = 0;
    const steps = actions.map(({ weight, run }) => {
      total += weight;
      return { upTo: total, run };
    });
    return [role, { total, steps }];
  }),
);

function pickAction(p) {
  const { total, steps } = PICKERS[p.role];
  const at = p.rng.next() * total;
  return steps.find((step) => at < step.upTo).run;
}

/**
 * A PDF drawn and a file previewed before the day, not measured: the threads that do that work
 * are running, as on a server that has been up all morning (here they run the TypeScript sources
 * through tsx, seconds to start on a busy machine; the build starts a thread in a fraction of it).
 */
async function startWorkerThreads(day) {
  const admin = day.people.find((p) => p.role === 'admin');
  const managers = day.people.filter((p) => p.role === 'manager');
  const pdf = (m) => m.call('GET', `/api/movement-notes/${m.notes[0]}/pdf`);
  // Two at once, on two connections: the PDFs' two threads (movement-notes.service.ts).
  const [one, two] = await Promise.all([
    pdf(managers[0]),
    pdf(managers[1]),
    importPreview({ run: { actions: new Map(), calls: 0, writes: 0 } }, admin),
  ]);
  for (const drawn of [one, two]) {
    if (!succeeded(drawn)) throw new Error(`working day, a PDF before it: ${drawn.text}`);
  }
}

/**
 * Runs the day for `seconds`, each person pausing THINK_SECONDS after each action (a write and
 * its read-back are one), or never when `flatOut`; answers each action type's latencies and
 * errors, the calls, the writes among them, and the read-backs with the writes they did not show.
 */
export async function runWorkingDay(day, seconds, { flatOut = false } = {}) {
  day.run = {
    actions: new Map(),
    calls: 0,
    writes: 0,
    readBacks: 0,
    violations: 0,
    violationSamples: [],
  };
  await startWorkerThreads(day);
  const started = Date.now();
  const { min, max } = THINK_SECONDS;
  const think = (p) => sleep(1000 * (min + p.rng.next() * (max - min)));
  await runFor(seconds, day.people, async (p, stopped) => {
    // Not all at the same moment: each person starts after a pause of their own.
    if (!flatOut) await think(p);
    while (!stopped()) {
      await pickAction(p)(day, p);
      if (!flatOut && !stopped()) await think(p);
    }
  });
  const { actions, ...totals } = day.run;
  return {
    ...totals,
    callsPerSecond: Math.round((10 * totals.calls) / ((Date.now() - started) / 1000)) / 10,
    actions: [...actions.entries()]
      .map(([type, latencies]) => {
        const { sum, ...summary } = latencies.summary();
        return { type, write: WRITES.has(type), ...summary };
      })
      .sort((a, b) => a.type.localeCompare(b.type)),
  };
}
