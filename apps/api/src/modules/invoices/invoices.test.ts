import {
  grandTotalQuantity,
  INVOICE_MESSAGES,
  itemCalculatedQuantity,
  MAX_INVOICE_ITEMS,
  MAX_ITEM_USAGES,
  MESSAGES,
  nextMonthRange,
  toIsoDate,
} from '@stockyard/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { readyToIssue } from '../../../test/issuer-fixtures';
import {
  activityLogs,
  invoiceItems,
  invoiceMaterialUsages,
  invoices,
  materials,
} from '../../db/schema';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
/** A field manager of the actors' location who may manage invoices. */
let writer: { user: { id: number; name: string; email: string }; headers: Record<string, string> };
/** A field manager of that location with no invoice flag. */
let blind: { headers: Record<string, string> };
let other: Awaited<ReturnType<typeof createLocation>>;
let tube: number;
let emptyProp: number;
let otherClamp: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;

async function material(locationId: number, name: string, quantity: number) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { type: 'FIELD' });
  const writerUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { manageInvoices: true },
  });
  writer = { user: writerUser, headers: (await loginAs(t.app, writerUser.email)).headers };
  const blindUser = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { viewInvoices: false, manageInvoices: false },
  });
  blind = { headers: (await loginAs(t.app, blindUser.email)).headers };
  tube = await material(actors.location.id, 'Scaffold tube', 40);
  emptyProp = await material(actors.location.id, 'Empty prop', 0);
  otherClamp = await material(other.id, 'Coupler clamp', 10);
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
const nextId = () => `INV-T${String(++sequence).padStart(5, '0')}`;

type Item = Record<string, unknown>;
const sqm = (change: Item = {}): Item => ({
  location: 'Block A',
  item_date: '2025-03-02',
  job_description: 'Facade scaffold',
  job_type: 'Erection',
  uom: 'SQM (M2)',
  quantity: 2,
  length: 3,
  width: 4,
  height: 9,
  remark: 'North side',
  ...change,
});

function invoice(change: Record<string, unknown> = {}) {
  return {
    invoiceId: nextId(),
    locationId: actors.location.id,
    clientName: 'Harbour Works Ltd',
    clientAddress: '7 Dock Street',
    issueDate: '2025-03-01',
    dueDate: '2025-03-16',
    department: 'Civil',
    job_period: 'March',
    job_details: 'Scaffold for the facade',
    signature: 'J. Smith',
    notes: 'Thank you',
    invoice_remark: 'Net 15',
    items: [sqm()],
    ...change,
  };
}

type InvoiceReply = {
  id: number;
  invoiceId: string;
  locationId: number;
  status: string;
  createdById: number | null;
  grandTotalCalculatedVolumeQty: number;
  issueDate: string;
  dueDate: string;
  clientName: string;
  notes: string | null;
  job_details: string | null;
  invoice_remark: string | null;
  items: Array<{
    id: number;
    job_type: string;
    uom: string;
    quantity: number;
    length: number;
    width: number;
    height: number;
    item_date: string | null;
    itemTotalCalculatedQuantity: number;
    materialUsages: Array<Record<string, unknown>>;
  }>;
};

async function create(
  headers: Record<string, string> = admin(),
  change: Record<string, unknown> = {},
) {
  const response = await call('POST', '/invoices', headers, invoice(change));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as InvoiceReply;
}

async function finalize(id: number) {
  await readyToIssue(t.db);
  const response = await call('PATCH', `/invoices/${id}/status`, admin(), {
    status: 'FINALIZED',
  });
  expect(response.statusCode, response.body).toBe(200);
}

const activityOf = (action: string, id: number) =>
  t.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.action, action), eq(activityLogs.entityId, String(id))));

describe('POST /api/invoices', () => {
  it('stores the invoice with the quantities the shared function gives, whatever the client sent', async () => {
    const body = invoice({
      createdById: actors.admin.user.id,
      status: 'FINALIZED',
      grandTotalCalculatedVolumeQty: 999,
      items: [
        sqm({ itemTotalCalculatedQuantity: 1 }),
        sqm({ uom: 'Running MTR', quantity: 5, length: 2.5, width: 7, height: 7 }),
        sqm({
          job_type: 'Dismantling',
          uom: 'CUM (M3) (6-12m)',
          quantity: 2,
          length: 1.5,
          width: 2,
          height: 3,
          materialUsages: [
            { materialId: tube, usageType: 'QTY', quantity: 40, length: 9, notes: 'Tubes' },
            {
              materialId: emptyProp,
              usageType: 'size',
              quantity: 3,
              length: 2,
              width: 1,
              height: 0.5,
            },
          ],
        }),
      ],
    });
    const response = await call('POST', '/invoices', writer.headers, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(INVOICE_MESSAGES.created);
    const data = response.json().data;
    expect(data).toMatchObject({
      invoiceId: body.invoiceId,
      locationId: actors.location.id,
      location: { name: actors.location.name, address: actors.location.address },
      createdById: writer.user.id,
      user: { name: writer.user.name, email: writer.user.email },
      status: 'DRAFT',
      clientName: 'Harbour Works Ltd',
      clientAddress: '7 Dock Street',
      issueDate: '2025-03-01',
      dueDate: '2025-03-16',
      department: 'Civil',
      job_period: 'March',
      job_details: 'Scaffold for the facade',
      signature: 'J. Smith',
      notes: 'Thank you',
      invoice_remark: 'Net 15',
      grandTotalCalculatedVolumeQty: 54.5,
    });
    expect(
      data.items.map((i: { itemTotalCalculatedQuantity: number }) => i.itemTotalCalculatedQuantity),
    ).toEqual([24, 12.5, 18]);
    expect(data.items[0]).toMatchObject({
      location: 'Block A',
      item_date: '2025-03-02',
      job_description: 'Facade scaffold',
      job_type: 'Erection',
      uom: 'SQM (M2)',
      remark: 'North side',
    });
    // QTY keeps the quantity and drops the dimensions; SIZE the other way round.
    expect(data.items[2].materialUsages).toMatchObject([
      {
        materialId: tube,
        materialName: 'Scaffold tube',
        usageType: 'QTY',
        quantity: 40,
        length: 0,
        width: 0,
        height: 0,
        notes: 'Tubes',
      },
      {
        materialId: emptyProp,
        materialName: 'Empty prop',
        usageType: 'SIZE',
        quantity: 0,
        length: 2,
        width: 1,
        height: 0.5,
        notes: null,
      },
    ]);
    // Usage records what a job used: stock does not move.
    const [stock] = await t.db.select().from(materials).where(eq(materials.id, tube));
    expect(stock?.quantity).toBe(40);
    const [entry] = await activityOf('CREATE_INVOICE', data.id);
    expect(entry).toMatchObject({ userId: writer.user.id, locationId: actors.location.id });
  });

  it('reads a blank number as 0 and a form number written as text', async () => {
    const data = await create(admin(), {
      items: [sqm({ quantity: '3', length: '', width: ' 2.5 ', height: null })],
    });
    expect(data.items[0]).toMatchObject({ quantity: 3, length: 0, width: 2.5, height: 0 });
    expect(data.grandTotalCalculatedVolumeQty).toBe(0);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['a blank Invoice ID', { invoiceId: ' ' }, INVOICE_MESSAGES.invoiceIdRequired],
    ['no location', { locationId: undefined }, INVOICE_MESSAGES.locationRequired],
    ['location 0', { locationId: 0 }, INVOICE_MESSAGES.locationRequired],
    ['no client name', { clientName: '' }, INVOICE_MESSAGES.clientNameRequired],
    ['no client address', { clientAddress: undefined }, INVOICE_MESSAGES.clientAddressRequired],
    ['no issue date', { issueDate: '' }, INVOICE_MESSAGES.issueDateRequired],
    [
      'an issue date not on the calendar',
      { issueDate: '2025-02-30' },
      INVOICE_MESSAGES.issueDateRequired,
    ],
    ['no due date', { dueDate: undefined }, INVOICE_MESSAGES.dueDateRequired],
    [
      'a due date before the issue date',
      { dueDate: '2025-02-28' },
      INVOICE_MESSAGES.dueBeforeIssue,
    ],
    ['no items', { items: [] }, INVOICE_MESSAGES.noItemsOnSubmit],
    ['items missing', { items: undefined }, INVOICE_MESSAGES.noItemsOnSubmit],
    [
      'a job type outside the list',
      { items: [sqm({ job_type: 'Painting' })] },
      INVOICE_MESSAGES.jobTypeInvalid,
    ],
    ['a unit outside the list', { items: [sqm({ uom: 'Tonnes' })] }, INVOICE_MESSAGES.uomInvalid],
    [
      'a fractional quantity',
      { items: [sqm({ quantity: 1.5 })] },
      'Quantity must be a whole number of at least 0',
    ],
    [
      'a negative length',
      { items: [sqm({ length: -1 })] },
      'Length must be a number of at least 0',
    ],
    [
      'a width to the tenth of a millimetre',
      { items: [sqm({ width: 1.0001 })] },
      'Width can have at most 3 decimals',
    ],
    [
      'a usage without a material',
      { items: [sqm({ materialUsages: [{ usageType: 'QTY', quantity: 1 }] })] },
      INVOICE_MESSAGES.materialRequired,
    ],
    [
      'a usage type outside QTY and SIZE',
      { items: [sqm({ materialUsages: [{ materialId: 1, usageType: 'WEIGHT' }] })] },
      INVOICE_MESSAGES.usageTypeInvalid,
    ],
    [
      'too many items',
      {
        items: Array.from({ length: MAX_INVOICE_ITEMS + 1 }, () => ({
          job_type: 'Rental',
          uom: 'SQM (M2)',
        })),
      },
      INVOICE_MESSAGES.tooManyItems,
    ],
    [
      'too many usages on an item',
      {
        items: [
          sqm({
            materialUsages: Array.from({ length: MAX_ITEM_USAGES + 1 }, () => ({
              materialId: 1,
              usageType: 'QTY',
            })),
          }),
        ],
      },
      INVOICE_MESSAGES.tooManyUsages,
    ],
  ];
  it.each(refusals)('refuses %s with its message', async (_case, change, message) => {
    const response = await call('POST', '/invoices', admin(), invoice(change));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses a location that does not exist (400 on the field)', async () => {
    const response = await call('POST', '/invoices', admin(), invoice({ locationId: 999_999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'locationId', message: 'Location not found' }]);
  });

  it("refuses a material that is not a live material of the invoice's location", async () => {
    const removed = await material(actors.location.id, 'Removed board', 5);
    await t.db.update(materials).set({ deletedAt: new Date() }).where(eq(materials.id, removed));
    for (const materialId of [otherClamp, removed, 999_999]) {
      const response = await call(
        'POST',
        '/invoices',
        admin(),
        invoice({
          items: [sqm(), sqm({ materialUsages: [{ materialId, usageType: 'QTY', quantity: 1 }] })],
        }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        message: INVOICE_MESSAGES.materialNotAtLocation,
        errors: [{ path: 'items.1.materialUsages.0.materialId' }],
      });
    }
  });

  it("refuses a QTY usage above the material's stock with the toast's message", async () => {
    const response = await call(
      'POST',
      '/invoices',
      writer.headers,
      invoice({
        items: [sqm({ materialUsages: [{ materialId: tube, usageType: 'QTY', quantity: 41 }] })],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: INVOICE_MESSAGES.usageExceedsStock(40),
      errors: [{ path: 'items.0.materialUsages.0.quantity' }],
    });
    expect(response.json().message).toBe(
      'Invalid Quantity: Cannot use more than the available quantity of 40.',
    );
    // A SIZE usage measures, it takes no count from stock.
    await create(writer.headers, {
      items: [
        sqm({
          materialUsages: [{ materialId: emptyProp, usageType: 'SIZE', length: 50, width: 50 }],
        }),
      ],
    });
  });

  it('refuses an Invoice ID already taken, whatever its case (409 on the field)', async () => {
    const first = await create();
    const response = await call(
      'POST',
      '/invoices',
      admin(),
      invoice({ invoiceId: first.invoiceId.toLowerCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: INVOICE_MESSAGES.invoiceIdTaken,
      errors: [{ path: 'invoiceId', message: INVOICE_MESSAGES.invoiceIdTaken }],
    });
  });

  it('needs a session (401), the Manage Invoices flag (403) and the own location (403)', async () => {
    expect((await call('POST', '/invoices', undefined, invoice())).statusCode).toBe(401);
    const flagless = await call('POST', '/invoices', actors.manager.headers, invoice());
    expect(flagless.statusCode).toBe(403);
    const elsewhere = await call(
      'POST',
      '/invoices',
      writer.headers,
      invoice({ locationId: other.id }),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(MESSAGES.otherLocation);
  });
});

describe('GET /api/invoices', () => {
  let listYard: Awaited<ReturnType<typeof createLocation>>;
  const list = (query: string, headers: Record<string, string> = admin()) =>
    call('GET', `/invoices?${query}`, headers);

  beforeAll(async () => {
    listYard = await createLocation(t.db);
    // Twelve invoices in January 2024, one in February, newest issue date first.
    for (let day = 1; day <= 12; day++) {
      await create(admin(), {
        locationId: listYard.id,
        clientName: day === 3 ? 'Acme 100% Ltd' : day === 4 ? 'Acme 100X Ltd' : `Client ${day}`,
        issueDate: `2024-01-${String(day).padStart(2, '0')}`,
        dueDate: '2024-02-28',
      });
    }
    await create(admin(), {
      locationId: listYard.id,
      clientName: 'February Client',
      issueDate: '2024-02-10',
      dueDate: '2024-02-28',
    });
  });

  it('pages a month of a location, newest issue date first, 10 a page', async () => {
    const first = await list(`locationId=${listYard.id}&month=2024-01`);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ totalInvoices: 12, totalPages: 2, currentPage: 1 });
    expect(data.invoices).toHaveLength(10);
    expect(data.invoices.map((i: { issueDate: string }) => i.issueDate)).toEqual(
      Array.from({ length: 10 }, (_, k) => `2024-01-${String(12 - k).padStart(2, '0')}`),
    );
    expect(data.invoices[0]).toMatchObject({
      locationId: listYard.id,
      location: { name: listYard.name, address: listYard.address },
      status: 'DRAFT',
      grandTotalCalculatedVolumeQty: 24,
    });
    const second = (await list(`locationId=${listYard.id}&month=2024-01&page=2`)).json().data;
    expect(second).toMatchObject({ totalInvoices: 12, totalPages: 2, currentPage: 2 });
    expect(second.invoices.map((i: { issueDate: string }) => i.issueDate)).toEqual([
      '2024-01-02',
      '2024-01-01',
    ]);
    const past = (await list(`locationId=${listYard.id}&month=2024-01&page=5`)).json().data;
    expect(past).toMatchObject({ invoices: [], totalInvoices: 12 });
  });

  it('orders one issue date by id, newest first', async () => {
    const a = await create(admin(), { issueDate: '2023-06-15', dueDate: '2023-06-30' });
    const b = await create(admin(), { issueDate: '2023-06-15', dueDate: '2023-06-30' });
    const data = (await list(`month=2023-06&locationId=${actors.location.id}`)).json().data;
    expect(data.invoices.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
  });

  it('searches the Invoice ID and the client name, case-insensitively, % and _ literally', async () => {
    const byName = (await list(`locationId=${listYard.id}&search=acme 100%25`)).json().data;
    expect(byName.invoices.map((i: { clientName: string }) => i.clientName)).toEqual([
      'Acme 100% Ltd',
    ]);
    const underscore = (await list(`locationId=${listYard.id}&search=acme 100_`)).json().data;
    expect(underscore.totalInvoices).toBe(0);
    const some = (await list(`locationId=${listYard.id}&search=ACME`)).json().data;
    expect(some.totalInvoices).toBe(2);
    const target = some.invoices[0];
    const byId = (await list(`search=${target.invoiceId.toLowerCase()}`)).json().data;
    expect(byId.invoices.map((i: { id: number }) => i.id)).toEqual([target.id]);
  });

  it('searches with one or two characters as with more, a % still literal', async () => {
    const words = async (search: string) =>
      (await list(`locationId=${listYard.id}&search=${encodeURIComponent(search)}`)).json().data;
    const percent = await words('%');
    expect(percent.invoices.map((i: { clientName: string }) => i.clientName)).toEqual([
      'Acme 100% Ltd',
    ]);
    const twoLetters = await words('cM');
    const longer = await words('acme');
    expect(twoLetters.totalInvoices).toBe(longer.totalInvoices);
    expect(twoLetters.invoices).toEqual(longer.invoices);
  });

  it('pages a search newest issue date first, with its total on every page and past the last', async () => {
    // "client" is in ten January names and February's: eleven matches, over two months.
    const query = `locationId=${listYard.id}&search=client`;
    const first = (await list(query)).json().data;
    expect(first).toMatchObject({ totalInvoices: 11, totalPages: 2, currentPage: 1 });
    expect(first.invoices.map((i: { issueDate: string }) => i.issueDate)).toEqual([
      '2024-02-10',
      ...[12, 11, 10, 9, 8, 7, 6, 5, 2].map((day) => `2024-01-${String(day).padStart(2, '0')}`),
    ]);
    const second = (await list(`${query}&page=2`)).json().data;
    expect(second).toMatchObject({ totalInvoices: 11, currentPage: 2 });
    expect(second.invoices.map((i: { issueDate: string }) => i.issueDate)).toEqual(['2024-01-01']);
    const past = (await list(`${query}&page=3`)).json().data;
    expect(past).toMatchObject({ invoices: [], totalInvoices: 11 });
    const inMonth = (await list(`${query}&month=2024-01`)).json().data;
    expect(inMonth.totalInvoices).toBe(10);
  });

  it('filters by status (any case) and takes location 0 for all locations', async () => {
    const one = await create(admin(), { issueDate: '2022-05-05', dueDate: '2022-05-20' });
    await create(admin(), {
      locationId: other.id,
      issueDate: '2022-05-06',
      dueDate: '2022-05-20',
    });
    await finalize(one.id);
    const finalized = (await list('month=2022-05&status=finalized')).json().data;
    expect(finalized.invoices.map((i: { id: number }) => i.id)).toEqual([one.id]);
    expect(finalized.invoices[0].status).toBe('FINALIZED');
    const all = (await list('month=2022-05&locationId=0')).json().data;
    expect(all.totalInvoices).toBe(2);
    const drafts = (await list('month=2022-05&status=DRAFT')).json().data;
    expect(drafts.totalInvoices).toBe(1);
  });

  it('refuses a month not written yyyy-MM and an unknown status', async () => {
    for (const query of ['month=2024-13', 'month=01-2024', 'status=PAID', 'locationId=-1']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await list('month=2024-1')).json().message).toBe('Month must be written yyyy-MM');
  });

  it("gives a field manager their location's invoices only, another location's is 404", async () => {
    await create(admin(), { locationId: other.id, issueDate: '2021-01-05', dueDate: '2021-01-20' });
    const own = await create(admin(), { issueDate: '2021-01-06', dueDate: '2021-01-20' });
    const data = (await list('month=2021-01', actors.manager.headers)).json().data;
    expect(data.invoices.map((i: { id: number }) => i.id)).toEqual([own.id]);
    const allForManager = (await list('month=2021-01&locationId=0', actors.manager.headers)).json();
    expect(allForManager.data.totalInvoices).toBe(1);
    expect((await list(`locationId=${other.id}`, actors.manager.headers)).statusCode).toBe(404);
  });

  it('needs a session (401) and the View Invoices flag (403)', async () => {
    expect((await call('GET', '/invoices')).statusCode).toBe(401);
    expect((await list('', blind.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/invoices/:id', () => {
  it('answers the invoice with its items in order and their usages', async () => {
    const created = await create(admin(), {
      items: [
        sqm({ job_description: 'first' }),
        sqm({
          job_description: 'second',
          materialUsages: [
            { materialId: tube, usageType: 'QTY', quantity: 2 },
            { materialId: tube, usageType: 'QTY', quantity: 3 },
          ],
        }),
        sqm({ job_description: 'third' }),
      ],
    });
    const response = await call('GET', `/invoices/${created.id}`, actors.manager.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.items.map((i: { job_description: string }) => i.job_description)).toEqual([
      'first',
      'second',
      'third',
    ]);
    expect(data.items[1].materialUsages.map((u: { quantity: number }) => u.quantity)).toEqual([
      2, 3,
    ]);
    expect(data).toEqual(created);
  });

  it('is 404 when missing and to a field manager of another location, 400 for a bad id', async () => {
    const elsewhere = await create(admin(), { locationId: other.id });
    const hidden = await call('GET', `/invoices/${elsewhere.id}`, actors.manager.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(INVOICE_MESSAGES.notFound);
    expect((await call('GET', '/invoices/999999', admin())).statusCode).toBe(404);
    expect((await call('GET', '/invoices/abc', admin())).statusCode).toBe(400);
    expect((await call('GET', `/invoices/${elsewhere.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/invoices/${elsewhere.id}`, blind.headers)).statusCode).toBe(403);
  });
});

describe('PUT /api/invoices/:id', () => {
  it('replaces the item set and its usages, and calculates the totals again', async () => {
    const created = await create(writer.headers, {
      items: [
        sqm({ materialUsages: [{ materialId: tube, usageType: 'QTY', quantity: 1 }] }),
        sqm(),
      ],
    });
    const oldItemIds = created.items.map((i) => i.id);
    const response = await call(
      'PUT',
      `/invoices/${created.id}`,
      writer.headers,
      invoice({
        invoiceId: created.invoiceId,
        clientName: 'Renamed Client',
        createdById: actors.admin.user.id,
        items: [
          sqm({
            uom: 'CUM (M3)',
            quantity: 1,
            length: 2,
            width: 3,
            height: 4,
            itemTotalCalculatedQuantity: 0,
          }),
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(INVOICE_MESSAGES.updated);
    const data = response.json().data;
    expect(data).toMatchObject({
      clientName: 'Renamed Client',
      createdById: writer.user.id,
      grandTotalCalculatedVolumeQty: 24,
      items: [{ uom: 'CUM (M3)', itemTotalCalculatedQuantity: 24, materialUsages: [] }],
    });
    const left = await t.db
      .select()
      .from(invoiceMaterialUsages)
      .where(inArray(invoiceMaterialUsages.itemId, oldItemIds));
    expect(left).toEqual([]);
    const items = await t.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, created.id));
    expect(items).toHaveLength(1);
    const [entry] = await activityOf('UPDATE_INVOICE', created.id);
    expect(entry).toMatchObject({ userId: writer.user.id });
  });

  it('keeps its own Invoice ID in another case, and refuses one of another invoice (409)', async () => {
    const a = await create();
    const b = await create();
    const same = await call(
      'PUT',
      `/invoices/${a.id}`,
      admin(),
      invoice({ invoiceId: a.invoiceId.toLowerCase() }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const taken = await call(
      'PUT',
      `/invoices/${a.id}`,
      admin(),
      invoice({ invoiceId: b.invoiceId }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(INVOICE_MESSAGES.invoiceIdTaken);
  });

  it('refuses to change a finalized invoice, an admin too (409: a credit note corrects it; decision 044)', async () => {
    const created = await create(writer.headers);
    await finalize(created.id);
    const before = (await call('GET', `/invoices/${created.id}`, admin())).json().data;
    const body = invoice({ invoiceId: created.invoiceId, clientName: 'Late change' });
    for (const headers of [writer.headers, admin()]) {
      const refused = await call('PUT', `/invoices/${created.id}`, headers, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
    }
    expect((await call('GET', `/invoices/${created.id}`, admin())).json().data).toEqual(before);
  });

  it("refuses a field manager moving an invoice away (403), another location's (404), a bad body (400)", async () => {
    const own = await create(writer.headers);
    const moved = await call(
      'PUT',
      `/invoices/${own.id}`,
      writer.headers,
      invoice({ invoiceId: own.invoiceId, locationId: other.id }),
    );
    expect(moved.statusCode).toBe(403);
    const elsewhere = await create(admin(), { locationId: other.id });
    const hidden = await call(
      'PUT',
      `/invoices/${elsewhere.id}`,
      writer.headers,
      invoice({ locationId: actors.location.id }),
    );
    expect(hidden.statusCode).toBe(404);
    const missing = await call('PUT', '/invoices/999999', admin(), invoice());
    expect(missing.statusCode).toBe(404);
    const bad = await call('PUT', `/invoices/${own.id}`, writer.headers, invoice({ items: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVOICE_MESSAGES.noItemsOnSubmit);
    const flagless = await call('PUT', `/invoices/${own.id}`, actors.manager.headers, invoice());
    expect(flagless.statusCode).toBe(403);
    expect((await call('PUT', `/invoices/${own.id}`, undefined, invoice())).statusCode).toBe(401);
  });
});

describe('DELETE /api/invoices/:id', () => {
  it('deletes a draft with its items and usages, and logs it', async () => {
    const created = await create(writer.headers, {
      items: [sqm({ materialUsages: [{ materialId: tube, usageType: 'QTY', quantity: 1 }] })],
    });
    const response = await call('DELETE', `/invoices/${created.id}`, writer.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(INVOICE_MESSAGES.deleted);
    expect((await call('GET', `/invoices/${created.id}`, admin())).statusCode).toBe(404);
    const items = await t.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, created.id));
    expect(items).toEqual([]);
    const [entry] = await activityOf('DELETE_INVOICE', created.id);
    expect(entry).toMatchObject({ userId: writer.user.id, locationId: actors.location.id });
  });

  it('refuses to delete a finalized invoice, an admin too (409; decision 044)', async () => {
    const created = await create(writer.headers);
    await finalize(created.id);
    for (const headers of [writer.headers, admin()]) {
      const refused = await call('DELETE', `/invoices/${created.id}`, headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
    }
    expect((await call('GET', `/invoices/${created.id}`, admin())).statusCode).toBe(200);
  });

  it("is 404 for another location's invoice and a missing one, 401 and 403 without session or flag", async () => {
    const elsewhere = await create(admin(), { locationId: other.id });
    expect((await call('DELETE', `/invoices/${elsewhere.id}`, writer.headers)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/invoices/999999', admin())).statusCode).toBe(404);
    expect((await call('DELETE', `/invoices/${elsewhere.id}`)).statusCode).toBe(401);
    const own = await create(writer.headers);
    expect((await call('DELETE', `/invoices/${own.id}`, actors.manager.headers)).statusCode).toBe(
      403,
    );
  });
});

describe('PATCH /api/invoices/:id/status', () => {
  it('finalizes a draft (status in any case); then nobody takes it back to a draft (409)', async () => {
    await readyToIssue(t.db);
    const created = await create(writer.headers);
    const url = `/invoices/${created.id}/status`;
    const response = await call('PATCH', url, writer.headers, { status: 'finalized' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: INVOICE_MESSAGES.finalized,
      data: { id: created.id, status: 'FINALIZED' },
    });
    for (const headers of [writer.headers, admin()]) {
      const again = await call('PATCH', url, headers, { status: 'DRAFT' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(INVOICE_MESSAGES.finalizedCannotChange);
    }
    // Finalizing it again changes nothing: the same number, no second entry.
    const twice = await call('PATCH', url, admin(), { status: 'FINALIZED' });
    expect(twice.json().data).toMatchObject({
      status: 'FINALIZED',
      number: response.json().data.number,
    });
    const entries = await activityOf('UPDATE_INVOICE_STATUS', created.id);
    expect(entries).toHaveLength(1);
  });

  it('refuses a status outside the list (400), and answers 401, 403 and 404 as the others', async () => {
    const created = await create(writer.headers);
    const url = `/invoices/${created.id}/status`;
    const bad = await call('PATCH', url, writer.headers, { status: 'PAID' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of DRAFT, FINALIZED');
    expect((await call('PATCH', url, undefined, { status: 'FINALIZED' })).statusCode).toBe(401);
    expect(
      (await call('PATCH', url, actors.manager.headers, { status: 'FINALIZED' })).statusCode,
    ).toBe(403);
    const elsewhere = await create(admin(), { locationId: other.id });
    const hidden = await call('PATCH', `/invoices/${elsewhere.id}/status`, writer.headers, {
      status: 'FINALIZED',
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('POST /api/invoices/:id/convert-to-rental', () => {
  it('makes a DRAFT rental invoice of the Erection items, dated today, for next month', async () => {
    const source = await create(writer.headers, {
      items: [
        sqm({ job_description: 'Erect north', quantity: 3, length: 1.333, width: 1.1 }),
        sqm({ job_type: 'Dismantling', job_description: 'Strike' }),
        sqm({
          job_description: 'Erect tower',
          uom: 'CUM (M3) (0-6m)',
          quantity: 2,
          length: 1.255,
          width: 1.5,
          height: 2,
          materialUsages: [{ materialId: tube, usageType: 'QTY', quantity: 4 }],
        }),
      ],
    });
    await finalize(source.id);
    const before = new Date();
    const response = await call('POST', `/invoices/${source.id}/convert-to-rental`, writer.headers);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(INVOICE_MESSAGES.converted);
    const data = response.json().data as InvoiceReply & Record<string, unknown>;
    const stamp = Number(/^INV-RENT-(\d+)$/.exec(data.invoiceId)?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before.getTime());
    expect(stamp).toBeLessThanOrEqual(Date.now());
    const today = {
      year: before.getFullYear(),
      month: before.getMonth() + 1,
      day: before.getDate(),
    };
    const { issueDate, dueDate } = nextMonthRange(today);
    expect(data).toMatchObject({
      status: 'DRAFT',
      locationId: source.locationId,
      clientName: source.clientName,
      clientAddress: '7 Dock Street',
      department: 'Civil',
      createdById: writer.user.id,
      issueDate,
      dueDate,
    });
    for (const text of [data.notes, data.job_details, data.invoice_remark]) {
      expect(text).toContain(source.invoiceId);
    }
    expect(data.items.map((i) => i.job_type)).toEqual(['Rental', 'Rental']);
    expect(data.items.map((i) => i.item_date)).toEqual([toIsoDate(today), toIsoDate(today)]);
    expect(data.items.map((i) => i.itemTotalCalculatedQuantity)).toEqual([4.4, 7.53]);
    expect(data.items.every((i) => i.materialUsages.length === 0)).toBe(true);
    expect(data.grandTotalCalculatedVolumeQty).toBe(11.93);
    // The source stays as it was.
    const kept = (await call('GET', `/invoices/${source.id}`, admin())).json().data;
    expect(kept.items).toHaveLength(3);
    expect(kept.status).toBe('FINALIZED');
    const [entry] = await activityOf('CONVERT_INVOICE_TO_RENTAL', data.id);
    expect(entry?.details).toMatchObject({ sourceInvoiceId: source.invoiceId });
  });

  it('refuses an invoice without Erection items (400)', async () => {
    const source = await create(writer.headers, {
      items: [sqm({ job_type: 'Dismantling' }), sqm({ job_type: 'Rental' })],
    });
    const response = await call('POST', `/invoices/${source.id}/convert-to-rental`, writer.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVOICE_MESSAGES.noErectionItems);
  });

  it('answers 401, 403 without the flag and 404 for another location', async () => {
    const elsewhere = await create(admin(), { locationId: other.id });
    const url = `/invoices/${elsewhere.id}/convert-to-rental`;
    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('POST', url, actors.manager.headers)).statusCode).toBe(403);
    expect((await call('POST', url, writer.headers)).statusCode).toBe(404);
    expect((await call('POST', '/invoices/999999/convert-to-rental', admin())).statusCode).toBe(
      404,
    );
  });
});

describe('what invoices keep', () => {
  it('a location with invoices cannot be deleted (409, advice to set it Inactive)', async () => {
    const yard = await createLocation(t.db);
    await create(admin(), { locationId: yard.id });
    const response = await call('DELETE', `/locations/remove/${yard.id}`, admin());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(
      /1 invoice refers to it\. Set it to Inactive instead\./,
    );
  });

  it('a material used on an invoice keeps the location it has since moved to (409, not 500)', async () => {
    const yard = await createLocation(t.db);
    const plank = await material(actors.location.id, 'Plank', 0);
    await create(admin(), {
      items: [sqm({ materialUsages: [{ materialId: plank, usageType: 'SIZE', length: 1 }] })],
    });
    await t.db.update(materials).set({ locationId: yard.id }).where(eq(materials.id, plank));
    const response = await call('DELETE', `/locations/remove/${yard.id}`, admin());
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(/Set it to Inactive instead\./);
  });

  it('a material used on an invoice is removed from the lists but kept for the invoice', async () => {
    const board = await material(actors.location.id, 'Toe board', 0);
    const created = await create(admin(), {
      items: [sqm({ materialUsages: [{ materialId: board, usageType: 'SIZE', length: 2 }] })],
    });
    const removed = await call('DELETE', `/materials/remove/${board}`, admin());
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.db.select().from(materials).where(eq(materials.id, board));
    expect(row?.deletedAt).not.toBeNull();
    const kept = (await call('GET', `/invoices/${created.id}`, admin())).json().data;
    expect(kept.items[0].materialUsages[0]).toMatchObject({
      materialId: board,
      materialName: 'Toe board',
    });
  });
});

describe('stored quantities', () => {
  it('are the calculated ones rounded to 2 decimals, read back as numbers', async () => {
    const created = await create(admin(), {
      items: [sqm({ quantity: 7, length: 1.005, width: 1.115 })],
    });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, created.id));
    const expected = itemCalculatedQuantity({
      uom: 'SQM (M2)',
      quantity: 7,
      length: 1.005,
      width: 1.115,
    });
    expect(row?.grandTotalCalculatedVolumeQty).toBe(expected);
    expect(created.items[0]?.itemTotalCalculatedQuantity).toBe(expected);
    expect(
      grandTotalQuantity([{ uom: 'SQM (M2)', quantity: 7, length: 1.005, width: 1.115 }]),
    ).toBe(expected);
  });
});
