import { INVOICE_UOMS, JOB_TYPES, MONEY_MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, documentCounters } from '../../db/schema';
import { billingTerms, workRateTable } from './billing-settings.service';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/settings${url}`, headers, payload });
const admin = () => actors.admin.headers;
const year = new Date().getUTCFullYear();

const settings = { currency: 'GBP', vatRatePercent: 17.5, paymentTermsDays: 30 };

describe('GET /api/settings/billing', () => {
  it('answers the defaults until an admin saves, with number 1 of each series', async () => {
    const response = await call('GET', '/billing', admin());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      currency: 'EUR',
      vatRatePercent: 20,
      paymentTermsDays: 15,
      nextInvoiceNumber: 1,
      nextCreditNoteNumber: 1,
      year,
    });
    expect(await billingTerms(t.db)).toEqual({
      currency: 'EUR',
      vatRateBp: 2000,
      paymentTermsDays: 15,
    });
  });

  it('refuses a field manager with 403 and an anonymous caller with 401', async () => {
    expect((await call('GET', '/billing', actors.manager.headers)).statusCode).toBe(403);
    expect((await call('GET', '/billing')).statusCode).toBe(401);
    expect((await call('PUT', '/billing', actors.manager.headers, settings)).statusCode).toBe(403);
  });
});

describe('PUT /api/settings/billing', () => {
  it('saves the settings, which billingTerms then reads, and logs the change', async () => {
    const response = await call('PUT', '/billing', admin(), { ...settings, currency: 'gbp' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject(settings);
    expect(await billingTerms(t.db)).toEqual({
      currency: 'GBP',
      vatRateBp: 1750,
      paymentTermsDays: 30,
    });
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'UPDATE_BILLING_SETTINGS'));
    expect(entries).toHaveLength(1);
  });

  it('raises the next numbers, and refuses to lower them: numbers are never reused', async () => {
    const raised = await call('PUT', '/billing', admin(), {
      ...settings,
      nextInvoiceNumber: 120,
      nextCreditNoteNumber: 7,
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data).toMatchObject({ nextInvoiceNumber: 120, nextCreditNoteNumber: 7 });
    const stored = await t.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.year, year));
    expect(stored.map((r) => [r.series, r.next]).sort()).toEqual([
      ['CREDIT_NOTE', 7],
      ['INVOICE', 120],
    ]);

    // The same numbers again (a form saved as it was read) change nothing.
    const same = await call('PUT', '/billing', admin(), { ...settings, nextInvoiceNumber: 120 });
    expect(same.statusCode).toBe(200);

    const lowered = await call('PUT', '/billing', admin(), { ...settings, nextInvoiceNumber: 119 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toBe(MONEY_MESSAGES.numberLowered('Next invoice number', 120));
    const read = await call('GET', '/billing', admin());
    expect(read.json().data.nextInvoiceNumber).toBe(120);
  });

  it('refuses a number below one a finalization took meanwhile', async () => {
    await t.db
      .update(documentCounters)
      .set({ next: 9 })
      .where(eq(documentCounters.series, 'CREDIT_NOTE'));
    const response = await call('PUT', '/billing', admin(), {
      ...settings,
      nextCreditNoteNumber: 8,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      MONEY_MESSAGES.numberLowered('Next credit note number', 9),
    );
  });

  it.each([
    [{ currency: 'XYZ' }, MONEY_MESSAGES.currency],
    [{ currency: 'EURO' }, MONEY_MESSAGES.currency],
    [{ vatRatePercent: -1 }, MONEY_MESSAGES.vatRate],
    [{ vatRatePercent: 100.5 }, MONEY_MESSAGES.vatRate],
    [{ vatRatePercent: 17.555 }, MONEY_MESSAGES.vatRate],
    // More than two decimals, however small: not silently 0 %.
    [{ vatRatePercent: 1e-9 }, MONEY_MESSAGES.vatRate],
    [{ vatRatePercent: 19.0000001 }, MONEY_MESSAGES.vatRate],
    [{ paymentTermsDays: 366 }, MONEY_MESSAGES.paymentTerms],
    [{ paymentTermsDays: 1.5 }, MONEY_MESSAGES.paymentTerms],
    [{ nextInvoiceNumber: 0 }, MONEY_MESSAGES.documentNumber('Next invoice number')],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await call('PUT', '/billing', admin(), { ...settings, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([0.07, 17.55, 0.1])(
    'keeps a rate of two decimals, %s %%, as it was typed',
    async (rate) => {
      const response = await call('PUT', '/billing', admin(), {
        ...settings,
        vatRatePercent: rate,
      });
      expect(response.statusCode, response.body).toBe(200);
      const read = await call('GET', '/billing', admin());
      expect(read.json().data.vatRatePercent).toBe(rate);
    },
  );
});

describe('/api/settings/work-rates', () => {
  it('lists every job type and unit, with no rate until one is saved', async () => {
    const response = await call('GET', '/work-rates', admin());
    expect(response.statusCode).toBe(200);
    const rates = response.json().data;
    expect(rates).toHaveLength(JOB_TYPES.length * INVOICE_UOMS.length);
    expect(rates[0]).toEqual({ jobType: JOB_TYPES[0], uom: INVOICE_UOMS[0], rateCents: null });
  });

  it('replaces the table; workRateTable reads it by job type and unit', async () => {
    const first = await call('PUT', '/work-rates', admin(), {
      rates: [
        { jobType: 'Erection', uom: 'SQM (M2)', rateCents: 450 },
        { jobType: 'Dismantling', uom: 'CUM (M3)', rateCents: 1275 },
      ],
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '/work-rates', admin(), {
      rates: [
        { jobType: 'Erection', uom: 'SQM (M2)', rateCents: 500 },
        { jobType: 'Dismantling', uom: 'CUM (M3)', rateCents: null },
      ],
    });
    expect(second.statusCode).toBe(200);
    expect(
      second.json().data.filter((r: { rateCents: number | null }) => r.rateCents !== null),
    ).toEqual([{ jobType: 'Erection', uom: 'SQM (M2)', rateCents: 500 }]);
    expect(await workRateTable(t.db)).toEqual(new Map([['Erection|SQM (M2)', 500]]));
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'UPDATE_WORK_RATES'));
    expect(entries).toHaveLength(2);
  });

  it.each([
    [{ jobType: 'Painting', uom: 'SQM (M2)', rateCents: 1 }, MONEY_MESSAGES.jobType],
    [{ jobType: 'Erection', uom: 'Litre', rateCents: 1 }, MONEY_MESSAGES.uom],
    [{ jobType: 'Erection', uom: 'SQM (M2)', rateCents: -1 }, MONEY_MESSAGES.rate('Rate')],
    [{ jobType: 'Erection', uom: 'SQM (M2)', rateCents: 1.5 }, MONEY_MESSAGES.rate('Rate')],
  ])('refuses %o with "%s"', async (rate, message) => {
    const response = await call('PUT', '/work-rates', admin(), { rates: [rate] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a job type and unit listed twice, and a field manager', async () => {
    const rate = { jobType: 'Erection', uom: 'SQM (M2)', rateCents: 1 };
    const twice = await call('PUT', '/work-rates', admin(), { rates: [rate, rate] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(MONEY_MESSAGES.workRateTwice('Erection', 'SQM (M2)'));
    expect((await call('GET', '/work-rates', actors.manager.headers)).statusCode).toBe(403);
  });
});
