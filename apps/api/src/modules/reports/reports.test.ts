import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: Awaited<ReturnType<typeof createLocation>>;
let blindHeaders: Record<string, string>;

const URL = '/api/reports/invoice-job-type-summary';
const summary = (query: string, headers: Record<string, string> = actors.admin.headers) =>
  t.app.inject({ method: 'GET', url: `${URL}?${query}`, headers });

let sequence = 0;
const invoiceBody = (locationId: number, issueDate: string, items: object[]) => ({
  locationId,
  clientName: 'Report Client',
  clientAddress: '1 Report Road',
  issueDate,
  dueDate: '2030-01-01',
  items,
});

async function invoice(locationId: number, issueDate: string, items: object[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: actors.admin.headers,
    payload: { invoiceId: `INV-R${++sequence}`, ...invoiceBody(locationId, issueDate, items) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; invoiceId: string };
}

beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db);
  const blind = await createUser(t.db, {
    locationId: actors.location.id,
    permissions: { viewInvoices: false },
  });
  blindHeaders = (await loginAs(t.app, blind.email)).headers;
  const own = actors.location.id;
  // May 2024 at the actors' location: two invoices.
  await invoice(own, '2024-05-02', [
    { job_type: 'Rental', uom: 'Running MTR', quantity: 2, length: 1.5 },
    { job_type: 'Erection', uom: 'CUM (M3)', quantity: 1, length: 1, width: 2, height: 3 },
    { job_type: 'Erection', uom: 'SQM (M2)', quantity: 2, length: 1.25, width: 2 },
  ]);
  await invoice(own, '2024-05-31', [
    { job_type: 'Erection', uom: 'SQM (M2)', quantity: 3, length: 1, width: 1.111 },
    {
      job_type: 'Dismantling',
      uom: 'CUM (M3) (6-12m)',
      quantity: 1,
      length: 1,
      width: 1,
      height: 1,
    },
  ]);
  // The same month elsewhere, and another month here.
  await invoice(other.id, '2024-05-15', [
    { job_type: 'Erection', uom: 'SQM (M2)', quantity: 100, length: 1, width: 1 },
  ]);
  await invoice(own, '2024-06-01', [
    { job_type: 'Erection', uom: 'SQM (M2)', quantity: 50, length: 1, width: 1 },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/reports/invoice-job-type-summary', () => {
  it('sums a month of a location per job type and unit, in the order of the lists', async () => {
    const response = await summary(`month=2024-05&locationId=${actors.location.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        jobType: 'Erection',
        totalCalculatedQuantity: 14.33,
        uoms: [
          { uom: 'SQM (M2)', totalItemQuantity: 5, totalCalculatedQuantity: 8.33 },
          { uom: 'CUM (M3)', totalItemQuantity: 1, totalCalculatedQuantity: 6 },
        ],
      },
      {
        jobType: 'Dismantling',
        totalCalculatedQuantity: 1,
        uoms: [{ uom: 'CUM (M3) (6-12m)', totalItemQuantity: 1, totalCalculatedQuantity: 1 }],
      },
      {
        jobType: 'Rental',
        totalCalculatedQuantity: 3,
        uoms: [{ uom: 'Running MTR', totalItemQuantity: 2, totalCalculatedQuantity: 3 }],
      },
    ]);
  });

  it('covers every location with 0 or none, and every month without one', async () => {
    const all = (await summary('month=2024-05&locationId=0')).json().data;
    expect(all[0]).toMatchObject({ jobType: 'Erection', totalCalculatedQuantity: 114.33 });
    const ever = (await summary(`locationId=${actors.location.id}`)).json().data;
    expect(ever[0].uoms[0]).toEqual({
      uom: 'SQM (M2)',
      totalItemQuantity: 55,
      totalCalculatedQuantity: 58.33,
    });
    expect((await summary('month=1999-01')).json().data).toEqual([]);
  });

  it("gives a field manager their location's invoices only; another location is 404", async () => {
    const mine = (await summary('month=2024-05', actors.manager.headers)).json().data;
    expect(mine[0]).toMatchObject({ jobType: 'Erection', totalCalculatedQuantity: 14.33 });
    const elsewhere = await summary(`locationId=${other.id}`, actors.manager.headers);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a bad month (400), and answers 401 and 403 without session or flag', async () => {
    const bad = await summary('month=2024-5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Month must be written yyyy-MM');
    expect((await summary('locationId=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await summary('', blindHeaders)).statusCode).toBe(403);
  });

  it('follows every write: items replaced, the issue month and the location changed, the invoice deleted', async () => {
    const own = actors.location.id;
    const moved = await invoice(own, '2024-07-10', [
      { job_type: 'Rental', uom: 'SQM (M2)', quantity: 4, length: 2, width: 1 },
    ]);
    const rental = (query: string) =>
      summary(query).then((r) =>
        r.json().data.find((row: { jobType: string }) => row.jobType === 'Rental'),
      );
    expect(await rental(`month=2024-07&locationId=${own}`)).toMatchObject({
      totalCalculatedQuantity: 8,
    });
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/invoices/${moved.id}`,
        headers: actors.admin.headers,
        payload: { invoiceId: moved.invoiceId, ...body },
      });
    // New items and another month: July is empty again, August has the new items only.
    const edited = await put(
      invoiceBody(own, '2024-08-03', [
        { job_type: 'Rental', uom: 'Running MTR', quantity: 3, length: 2 },
      ]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await summary(`month=2024-07&locationId=${own}`)).json().data).toEqual([]);
    expect(await rental(`month=2024-08&locationId=${own}`)).toEqual({
      jobType: 'Rental',
      totalCalculatedQuantity: 6,
      uoms: [{ uom: 'Running MTR', totalItemQuantity: 3, totalCalculatedQuantity: 6 }],
    });
    // Another location, the items as they were: they move with the invoice.
    const elsewhere = await put(
      invoiceBody(other.id, '2024-08-03', [
        { job_type: 'Rental', uom: 'Running MTR', quantity: 3, length: 2 },
      ]),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await summary(`month=2024-08&locationId=${own}`)).json().data).toEqual([]);
    expect(await rental(`month=2024-08&locationId=${other.id}`)).toMatchObject({
      totalCalculatedQuantity: 6,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/invoices/${moved.id}`,
      headers: actors.admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await summary('month=2024-08&locationId=0')).json().data).toEqual([]);
    // The months before are as they were.
    const may = (await summary('month=2024-05&locationId=0')).json().data;
    expect(may[0]).toMatchObject({ jobType: 'Erection', totalCalculatedQuantity: 114.33 });
  });
});
