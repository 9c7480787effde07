import { localToday } from '@stockyard/shared';
import { expect } from 'vitest';
import { billingSettings, invoiceCharges, invoices, workRates } from '../src/db/schema';
import type { TestApp } from './helpers';
import { readyToIssue } from './issuer-fixtures';

/** What the money tests share: calls, the company's terms and rates, invoices of both kinds. */

export const YEAR = Number(localToday().slice(0, 4));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function moneyFixtures(app: () => TestApp) {
  const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
    app().app.inject({ method, url: `/api${url}`, headers, payload });

  let sequence = 0;
  const invoiceBody = (locationId: number, change: Record<string, unknown> = {}) => ({
    invoiceId: `INV-M${String(++sequence).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
    locationId,
    clientName: 'Harbour Works Ltd',
    clientAddress: '7 Dock Street',
    issueDate: '2026-03-01',
    dueDate: '2026-03-16',
    items: [
      // 2 x 3 x 4 = 24 m² at 12.50: 300.00.
      { job_type: 'Erection', uom: 'SQM (M2)', quantity: 2, length: 3, width: 4 },
      // 1 x 0.5 x 0.5 x 0.5 = 0.125, stored 0.13 m³, at 3.33: 0.4329, 0.43 (rounded once).
      {
        job_type: 'Dismantling',
        uom: 'CUM (M3)',
        quantity: 1,
        length: 0.5,
        width: 0.5,
        height: 0.5,
      },
      // 4 x 1.255 = 5.02 running metres, no rate: 0.
      { job_type: 'Erection', uom: 'Running MTR', quantity: 4, length: 1.255 },
    ],
    ...change,
  });

  return {
    call,
    invoiceBody,

    /** The company's currency and VAT rate, and work rates by job type and unit. */
    async setTerms(currency: string, vatRateBp: number, rates: [string, string, number][]) {
      const db = app().db;
      await db
        .insert(billingSettings)
        .values({ id: 1, currency, vatRateBp })
        .onConflictDoUpdate({ target: billingSettings.id, set: { currency, vatRateBp } });
      await db.delete(workRates);
      if (rates.length > 0) {
        await db.insert(workRates).values(
          rates.map(([jobType, uom, rateCents]) => ({
            jobType: jobType as 'Erection',
            uom: uom as 'SQM (M2)',
            rateCents,
          })),
        );
      }
    },

    async createWork(headers: Record<string, string>, locationId: number, change = {}) {
      const response = await call('POST', '/invoices', headers, invoiceBody(locationId, change));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },

    async finalize(id: number, headers: Record<string, string>) {
      await readyToIssue(app().db);
      const response = await call('PATCH', `/invoices/${id}/status`, headers, {
        status: 'FINALIZED',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },

    async get(id: number, headers: Record<string, string>) {
      const response = await call('GET', `/invoices/${id}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },

    /**
     * A draft hire invoice as a billing run writes it: two HIRE lines and a WRITE_OFF line,
     * 120.00 + 35.00 + 80.00 net at 20 %.
     */
    async insertHire(locationId: number) {
      const db = app().db;
      const [row] = await db
        .insert(invoices)
        .values({
          invoiceId: `HIRE-${Math.random().toString(36).slice(2, 10)}`,
          kind: 'HIRE',
          locationId,
          clientName: 'Harbour Works Ltd',
          clientAddress: '7 Dock Street',
          issueDate: '2026-04-01',
          dueDate: '2026-04-16',
          periodStart: '2026-03-01',
          periodEnd: '2026-03-31',
          currency: 'GBP',
          vatRateBp: 2000,
          netCents: 23500,
          vatCents: 4700,
          grossCents: 28200,
        })
        .returning();
      await db.insert(invoiceCharges).values([
        {
          invoiceId: row!.id,
          position: 0,
          kind: 'HIRE',
          description: 'Scaffold tube 6m',
          unit: 'EACH',
          quantity: 40,
          fromDate: '2026-03-01',
          toDate: '2026-03-30',
          days: 30,
          dayCents: 10,
          weekCents: null,
          minimumDays: 7,
          amountCents: 12000,
        },
        {
          invoiceId: row!.id,
          position: 1,
          kind: 'HIRE',
          description: 'Base plate',
          unit: 'EACH',
          quantity: 10,
          fromDate: '2026-03-10',
          toDate: '2026-03-31',
          days: 22,
          dayCents: 20,
          weekCents: 100,
          minimumDays: 0,
          amountCents: 3500,
        },
        {
          invoiceId: row!.id,
          position: 2,
          kind: 'WRITE_OFF',
          description: 'Coupler (lost)',
          unit: 'EACH',
          quantity: 2,
          unitCents: 4000,
          amountCents: 8000,
        },
      ]);
      return row!;
    },
  };
}
