import {
  ALL_PERMISSIONS,
  API_ACCESS,
  type ApiRoute,
  type ApiRule,
  PERMISSION_FLAGS,
  type Permissions,
  UPLOAD_CONTENT_TYPE,
} from '@stockyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../src/db/schema';
import { createLocation, createUser, loginAs } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { dataUrlOf, JPEG_BYTES, signaturePng } from './images';

/**
 * The authorization matrix: every route of the app, as anonymous, as field managers of location A
 * (without flags and with every flag), and as an admin, against records of locations A and B. What
 * each route allows comes from the shared access table; how to call it is the table below, which
 * must name every route the app has (a new route without an entry fails here).
 */

type Fixtures = Awaited<ReturnType<typeof seed>>;
/** `headers`: the call's own (an upload's content type). */
type Call = { url: string; payload?: object; headers?: Record<string, string> };
/** How to call a route on a record of location A, and on one of B (null: it names no location). */
type Sample = { at: (f: Fixtures, side: Side) => Call; locationBound: boolean };
type Side = 'A' | 'B';

const side = <T>(s: Side, a: T, b: T) => (s === 'A' ? a : b);
const strongPassword = 'Matrix-Test-42';

const SAMPLES: Record<ApiRoute, Sample> = {
  'GET /api/health': { at: () => ({ url: '/api/health' }), locationBound: false },
  'POST /api/auth/login': {
    at: () => ({
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'x' },
    }),
    locationBound: false,
  },
  'POST /api/auth/logout': { at: () => ({ url: '/api/auth/logout' }), locationBound: false },
  'GET /api/auth/profile': { at: () => ({ url: '/api/auth/profile' }), locationBound: false },
  'POST /api/auth/login/2fa': {
    at: () => ({
      url: '/api/auth/login/2fa',
      payload: { challenge: 'not-a-challenge', code: '123456' },
    }),
    locationBound: false,
  },
  'POST /api/auth/2fa/setup': { at: () => ({ url: '/api/auth/2fa/setup' }), locationBound: false },
  'POST /api/auth/2fa/enable': {
    // No setup was started: a refusal, but past the access rule.
    at: () => ({ url: '/api/auth/2fa/enable', payload: { code: '123456' } }),
    locationBound: false,
  },
  'POST /api/auth/2fa/disable': {
    at: () => ({ url: '/api/auth/2fa/disable', payload: { password: 'Not-The-One-1' } }),
    locationBound: false,
  },

  'GET /api/locations/list': {
    at: () => ({ url: '/api/locations/list' }),
    locationBound: false,
  },
  'GET /api/locations/export': {
    at: () => ({ url: '/api/locations/export' }),
    locationBound: false,
  },
  'GET /api/locations/active': {
    at: () => ({ url: '/api/locations/active' }),
    locationBound: false,
  },
  'GET /api/locations/options': {
    at: () => ({ url: '/api/locations/options' }),
    locationBound: false,
  },
  'GET /api/locations/type/:type': {
    at: () => ({ url: '/api/locations/type/FIELD' }),
    locationBound: false,
  },
  'GET /api/locations/:id': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/locations/:id/stats': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/stats` }),
    locationBound: true,
  },
  'GET /api/locations/:id/on-hire': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/on-hire` }),
    locationBound: true,
  },
  'GET /api/locations/:id/on-hire/pdf': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/on-hire/pdf` }),
    locationBound: true,
  },
  'POST /api/locations/:id/on-hire/send': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/on-hire/send` }),
    locationBound: true,
  },
  'POST /api/locations/create': {
    at: () => ({
      url: '/api/locations/create',
      payload: {
        name: `Matrix ${Math.random()}`,
        address: '1 Test Road',
        type: 'FIELD',
        status: 'ACTIVE',
      },
    }),
    locationBound: false,
  },
  'PUT /api/locations/update/:id': {
    at: (f, s) => {
      const location = side(s, f.a, f.b);
      return {
        url: `/api/locations/update/${location.id}`,
        payload: {
          name: location.name,
          address: location.address,
          type: location.type,
          status: location.status,
        },
      };
    },
    locationBound: true,
  },
  'DELETE /api/locations/remove/:id': {
    at: (f, s) => ({ url: `/api/locations/remove/${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/locations/:id/rates': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/rates` }),
    locationBound: true,
  },
  'PUT /api/locations/:id/rates/:materialTypeId': {
    at: (f, s) => ({
      url: `/api/locations/${side(s, f.a.id, f.b.id)}/rates/${f.typeId}`,
      payload: { dayCents: 250, weekCents: null, minimumDays: 0 },
    }),
    locationBound: true,
  },
  'DELETE /api/locations/:id/rates/:materialTypeId': {
    at: (f, s) => ({ url: `/api/locations/${side(s, f.a.id, f.b.id)}/rates/${f.typeId}` }),
    locationBound: true,
  },

  'GET /api/materials/list': {
    at: (f, s) => ({ url: `/api/materials/list?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/materials/export': {
    at: (f, s) => ({ url: `/api/materials/export?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/materials/low-stock': {
    at: (f, s) => ({ url: `/api/materials/low-stock?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/materials/location/:id': {
    at: (f, s) => ({ url: `/api/materials/location/${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/materials/detail/:id': {
    at: (f, s) => ({ url: `/api/materials/detail/${side(s, f.materialA, f.materialB)}` }),
    locationBound: true,
  },
  'GET /api/materials/:id/movements': {
    at: (f, s) => ({ url: `/api/materials/${side(s, f.materialA, f.materialB)}/movements` }),
    locationBound: true,
  },
  'POST /api/materials/create': {
    at: (f, s) => ({
      url: '/api/materials/create',
      payload: {
        name: `Matrix item ${Math.random()}`,
        locationId: side(s, f.a.id, f.b.id),
        quantity: 5,
        unit: 'EACH',
      },
    }),
    locationBound: true,
  },
  'PUT /api/materials/update/:id': {
    at: (f, s) => ({
      url: `/api/materials/update/${side(s, f.materialA, f.materialB)}`,
      payload: {
        name: side(s, 'Tube A', 'Tube B'),
        locationId: side(s, f.a.id, f.b.id),
        quantity: 50,
        unit: 'EACH',
      },
    }),
    locationBound: true,
  },
  'DELETE /api/materials/remove/:id': {
    at: (f, s) => ({ url: `/api/materials/remove/${side(s, f.spareA, f.spareB)}` }),
    locationBound: true,
  },
  'PATCH /api/materials/:id/stock': {
    at: (f, s) => ({
      url: `/api/materials/${side(s, f.materialA, f.materialB)}/stock`,
      payload: { quantity: 1, operation: 'add' },
    }),
    locationBound: true,
  },
  'POST /api/materials/:id/transfer': {
    at: (f, s) => ({
      url: `/api/materials/${side(s, f.materialA, f.materialB)}/transfer`,
      payload: {
        fromLocation: side(s, f.a.id, f.b.id),
        toLocation: side(s, f.b.id, f.a.id),
        quantity: 1,
      },
    }),
    locationBound: true,
  },
  // Nothing is in repair: let in, the call is 409.
  'POST /api/materials/:id/repair': {
    at: (f, s) => ({
      url: `/api/materials/${side(s, f.materialA, f.materialB)}/repair`,
      payload: { quantity: 1 },
    }),
    locationBound: true,
  },
  'POST /api/materials/:id/scrap': {
    at: (f, s) => ({
      url: `/api/materials/${side(s, f.materialA, f.materialB)}/scrap`,
      payload: { quantity: 1 },
    }),
    locationBound: true,
  },
  'GET /api/stock-takes/:locationId/sheet': {
    at: (f, s) => ({ url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}/sheet` }),
    locationBound: true,
  },
  'POST /api/stock-takes/:locationId/preview': {
    at: (f, s) => ({
      url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}/preview?fileName=count.csv&countDate=2026-01-05`,
      payload: Buffer.from('Ref,Counted\n'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    locationBound: true,
  },
  'POST /api/stock-takes/:locationId': {
    // A count with no rows: confirmed, it changes nothing.
    at: (f, s) => ({
      url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}?fileName=count.csv&countDate=2026-01-05`,
      payload: Buffer.from('Ref,Counted\n'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    locationBound: true,
  },
  'GET /api/stock-takes/:locationId/materials': {
    at: (f, s) => ({ url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}/materials` }),
    locationBound: true,
  },
  'POST /api/stock-takes/:locationId/counts/preview': {
    // A count of a material that is not there: read, with its row in error.
    at: (f, s) => ({
      url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}/counts/preview`,
      payload: { countDate: '2026-01-05', counts: [{ materialId: 2_000_000_000, counted: 1 }] },
    }),
    locationBound: true,
  },
  'POST /api/stock-takes/:locationId/counts': {
    // A count of a material that is not there: refused (400) past the access rule, nothing written.
    at: (f, s) => ({
      url: `/api/stock-takes/${side(s, f.a.id, f.b.id)}/counts`,
      payload: { countDate: '2026-01-05', counts: [{ materialId: 2_000_000_000, counted: 1 }] },
    }),
    locationBound: true,
  },

  'GET /api/catalogue/list': { at: () => ({ url: '/api/catalogue/list' }), locationBound: false },
  'GET /api/catalogue/export': {
    at: () => ({ url: '/api/catalogue/export' }),
    locationBound: false,
  },
  'GET /api/catalogue/categories': {
    at: () => ({ url: '/api/catalogue/categories' }),
    locationBound: false,
  },
  // No file: refused past the access rule (400).
  'GET /api/imports/:kind/template': {
    at: () => ({ url: '/api/imports/stock/template' }),
    locationBound: false,
  },
  'POST /api/imports/:kind/preview': {
    at: () => ({ url: '/api/imports/stock/preview?fileName=stock.csv' }),
    locationBound: false,
  },
  'POST /api/imports/:kind': {
    at: () => ({ url: '/api/imports/stock?fileName=stock.csv' }),
    locationBound: false,
  },
  'GET /api/catalogue/options': {
    at: () => ({ url: '/api/catalogue/options' }),
    locationBound: false,
  },
  'GET /api/catalogue/by-code/:code': {
    at: (f) => ({ url: `/api/catalogue/by-code/${f.typeId}` }),
    locationBound: false,
  },
  'GET /api/labels': {
    at: (f) => ({ url: `/api/labels?types=${f.typeId}&locations=${f.a.id}` }),
    locationBound: false,
  },
  'GET /api/catalogue/detail/:id': {
    at: (f) => ({ url: `/api/catalogue/detail/${f.typeId}` }),
    locationBound: false,
  },
  'POST /api/billing/runs': {
    // A month long past at every site with a customer: nothing to bill, answered 200.
    at: () => ({ url: '/api/billing/runs', payload: { periodType: 'MONTH', month: '2000-01' } }),
    locationBound: false,
  },
  'POST /api/catalogue/create': {
    at: () => ({
      url: '/api/catalogue/create',
      payload: { name: `Matrix type ${Math.random()}`, unit: 'EACH' },
    }),
    locationBound: false,
  },
  'PUT /api/catalogue/update/:id': {
    at: (f) => ({
      url: `/api/catalogue/update/${f.typeId}`,
      payload: { name: 'Tube A', unit: 'EACH', itemNumber: 'TA-1' },
    }),
    locationBound: false,
  },
  'PATCH /api/catalogue/:id/status': {
    at: (f) => ({ url: `/api/catalogue/${f.typeId}/status`, payload: { status: 'active' } }),
    locationBound: false,
  },

  'GET /api/materials/options': {
    at: (f, s) => ({ url: `/api/materials/options?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },

  'GET /api/invoices': {
    at: (f, s) => ({ url: `/api/invoices?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/invoices/export': {
    at: (f, s) => ({ url: `/api/invoices/export?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/invoices/:id': {
    at: (f, s) => ({ url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}` }),
    locationBound: true,
  },
  'GET /api/invoices/:id/excel': {
    at: (f, s) => ({ url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/excel` }),
    locationBound: true,
  },
  'GET /api/invoices/:id/pdf': {
    at: (f, s) => ({ url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/pdf` }),
    locationBound: true,
  },
  'GET /api/invoices/:id/e-invoice': {
    // A draft is answered 409: let in either way.
    at: (f, s) => ({ url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/e-invoice` }),
    locationBound: true,
  },
  'POST /api/invoices/:id/credit-notes': {
    // A draft is answered 409, a finalized one credited: either way, let in.
    at: (f, s) => ({
      url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/credit-notes`,
      payload: { reason: 'Authorization sample' },
    }),
    locationBound: true,
  },
  'POST /api/invoices': {
    at: (f, s) => ({
      url: '/api/invoices',
      payload: invoicePayload(side(s, f.a.id, f.b.id)),
    }),
    locationBound: true,
  },
  'PUT /api/invoices/:id': {
    at: (f, s) => ({
      url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}`,
      payload: invoicePayload(side(s, f.a.id, f.b.id)),
    }),
    locationBound: true,
  },
  'DELETE /api/invoices/:id': {
    at: (f, s) => ({ url: `/api/invoices/${side(s, f.spareInvoiceA, f.spareInvoiceB)}` }),
    locationBound: true,
  },
  'PATCH /api/invoices/:id/status': {
    at: (f, s) => ({
      url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/status`,
      payload: { status: 'FINALIZED' },
    }),
    locationBound: true,
  },
  'PATCH /api/invoices/:id/client': {
    // A draft's client is changed, a finalized invoice's refused 409: either way, let in.
    at: (f, s) => ({
      url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/client`,
      payload: { clientName: 'Matrix Client Ltd', clientAddress: '1 Matrix Road' },
    }),
    locationBound: true,
  },
  'POST /api/invoices/:id/convert-to-rental': {
    at: (f, s) => ({
      url: `/api/invoices/${side(s, f.invoiceA, f.invoiceB)}/convert-to-rental`,
    }),
    locationBound: true,
  },
  'GET /api/reports/invoice-job-type-summary': {
    at: (f, s) => ({
      url: `/api/reports/invoice-job-type-summary?locationId=${side(s, f.a.id, f.b.id)}`,
    }),
    locationBound: true,
  },

  'GET /api/rental-requests': {
    at: () => ({ url: '/api/rental-requests' }),
    locationBound: false,
  },
  'GET /api/rental-requests/export': {
    at: () => ({ url: '/api/rental-requests/export' }),
    locationBound: false,
  },
  'GET /api/rental-requests/:id': {
    at: (f, s) => ({ url: `/api/rental-requests/${side(s, f.requestA, f.requestB)}` }),
    locationBound: true,
  },
  'GET /api/rental-requests/materials': {
    at: () => ({ url: '/api/rental-requests/materials?search=Tube' }),
    locationBound: false,
  },
  'POST /api/rental-requests': {
    at: (f, s) => ({
      url: '/api/rental-requests',
      payload: rentalRequestPayload(side(s, f.a.id, f.b.id), side(s, f.materialA, f.materialB)),
    }),
    locationBound: true,
  },
  'PATCH /api/rental-requests/:id/approve': {
    at: (f, s) => ({
      url: `/api/rental-requests/${side(s, f.requestA, f.requestB)}/approve`,
      payload: { notes: 'Matrix approval' },
    }),
    locationBound: true,
  },
  'PATCH /api/rental-requests/:id/reject': {
    at: (f, s) => ({
      url: `/api/rental-requests/${side(s, f.spareRequestA, f.spareRequestB)}/reject`,
      payload: { rejectionNotes: 'Matrix rejection' },
    }),
    locationBound: true,
  },
  'PATCH /api/rental-requests/:id/notes': {
    at: (f, s) => ({
      url: `/api/rental-requests/${side(s, f.requestA, f.requestB)}/notes`,
      payload: { notes: 'Matrix notes' },
    }),
    locationBound: true,
  },

  'GET /api/material-rentals': {
    at: (f, s) => ({ url: `/api/material-rentals?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/material-rentals/export': {
    at: (f, s) => ({ url: `/api/material-rentals/export?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/material-rentals/stats': {
    at: () => ({ url: '/api/material-rentals/stats' }),
    locationBound: false,
  },
  'GET /api/material-rentals/returns': {
    at: (f, s) => ({ url: `/api/material-rentals/returns?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/material-rentals/:id': {
    at: (f, s) => ({ url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}` }),
    locationBound: true,
  },
  'GET /api/material-rentals/:id/returns': {
    at: (f, s) => ({ url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}/returns` }),
    locationBound: true,
  },
  'POST /api/material-rentals/:id/returns': {
    at: (f, s) => {
      const rental = side(s, f.rentalA, f.rentalB);
      return {
        url: `/api/material-rentals/${rental.id}/returns`,
        payload: { rentalItemId: rental.itemId, returnedQuantity: 1 },
      };
    },
    locationBound: true,
  },
  'POST /api/material-rentals': {
    at: (f, s) => ({
      url: '/api/material-rentals',
      payload: rentalPayload(f.yard.id, side(s, f.a.id, f.b.id), f.yardMaterial),
    }),
    locationBound: true,
  },
  'PUT /api/material-rentals/:id': {
    at: (f, s) => ({
      url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}`,
      payload: rentalPayload(f.yard.id, side(s, f.a.id, f.b.id), f.yardMaterial),
    }),
    locationBound: true,
  },
  'DELETE /api/material-rentals/:id': {
    at: (f, s) => ({ url: `/api/material-rentals/${side(s, f.spareRentalA, f.spareRentalB).id}` }),
    locationBound: true,
  },
  'POST /api/material-rentals/:id/mark-returned': {
    at: (f, s) => ({
      url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}/mark-returned`,
    }),
    locationBound: true,
  },
  // Decision 048: an admin's corrections of the days and the rates, with a reason.
  'PATCH /api/material-rentals/:id/rental-date': {
    at: (f, s) => ({
      url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}/rental-date`,
      payload: { rentalDate: '2020-01-01', reason: 'Collected earlier' },
    }),
    locationBound: true,
  },
  'PATCH /api/material-rentals/:id/returns/:returnId': {
    at: (f, s) => ({
      url: `/api/material-rentals/${side(s, f.rentalA, f.rentalB).id}/returns/999999`,
      payload: { returnDate: '2020-01-01', reason: 'Off hire earlier' },
    }),
    locationBound: true,
  },
  'PATCH /api/material-rentals/:id/items/:itemId/rates': {
    at: (f, s) => {
      const rental = side(s, f.rentalA, f.rentalB);
      return {
        url: `/api/material-rentals/${rental.id}/items/${rental.itemId}/rates`,
        payload: { dayCents: 100, weekCents: null, minimumDays: 0, reason: 'Agreed price' },
      };
    },
    locationBound: true,
  },

  'GET /api/movement-notes': {
    at: (f, s) => ({ url: `/api/movement-notes?rentalId=${side(s, f.rentalA, f.rentalB).id}` }),
    locationBound: true,
  },
  'GET /api/movement-notes/:id': {
    at: (f, s) => ({ url: `/api/movement-notes/${side(s, f.noteA, f.noteB)}` }),
    locationBound: true,
  },
  'GET /api/movement-notes/:id/pdf': {
    at: (f, s) => ({ url: `/api/movement-notes/${side(s, f.noteA, f.noteB)}/pdf` }),
    locationBound: true,
  },
  'POST /api/movement-notes/:id/sign': {
    at: (f, s) => ({
      url: `/api/movement-notes/${side(s, f.noteA, f.noteB)}/sign`,
      payload: { name: 'Matrix Signer', signature: dataUrlOf(signaturePng()) },
    }),
    locationBound: true,
  },
  'POST /api/movement-notes/:id/correct': {
    at: (f, s) => ({
      url: `/api/movement-notes/${side(s, f.noteA, f.noteB)}/correct`,
      payload: { driver: 'Matrix Driver' },
    }),
    locationBound: true,
  },
  'POST /api/movement-notes/:id/email': {
    at: (f, s) => ({
      url: `/api/movement-notes/${side(s, f.noteA, f.noteB)}/email`,
      payload: { to: ['matrix@example.test'] },
    }),
    locationBound: true,
  },
  'POST /api/material-rentals/returns/:returnId/photos': {
    at: (f, s) => ({
      url: `/api/material-rentals/returns/${side(s, f.returnA, f.returnB)}/photos?fileName=site.jpg`,
      payload: JPEG_BYTES,
      headers: { 'content-type': UPLOAD_CONTENT_TYPE },
    }),
    locationBound: true,
  },
  'GET /api/material-rentals/returns/:returnId/photos/:photoId': {
    at: (f, s) => ({
      url: `/api/material-rentals/returns/${side(s, f.returnA, f.returnB)}/photos/${side(s, f.photoA, f.photoB)}`,
    }),
    locationBound: true,
  },

  'GET /api/staff': {
    at: (f, s) => ({ url: `/api/staff?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/staff/all/active': {
    at: () => ({ url: '/api/staff/all/active' }),
    locationBound: false,
  },
  'GET /api/staff/export': {
    at: (f, s) => ({ url: `/api/staff/export?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/staff/:id': {
    at: (f, s) => ({ url: `/api/staff/${side(s, f.staffA, f.staffB)}` }),
    locationBound: true,
  },
  'POST /api/staff': {
    at: (f, s) => ({ url: '/api/staff', payload: staffPayload(side(s, f.a.id, f.b.id)) }),
    locationBound: true,
  },
  'PUT /api/staff/:id': {
    at: (f, s) => ({
      url: `/api/staff/${side(s, f.staffA, f.staffB)}`,
      payload: staffPayload(side(s, f.a.id, f.b.id)),
    }),
    locationBound: true,
  },
  'DELETE /api/staff/:id': {
    at: (f, s) => ({ url: `/api/staff/${side(s, f.spareStaffA, f.spareStaffB)}` }),
    locationBound: true,
  },
  'GET /api/attendance': {
    at: (f, s) => ({ url: `/api/attendance?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/attendance/export': {
    at: (f, s) => ({ url: `/api/attendance/export?locationId=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/attendance/staff/:staffId': {
    at: (f, s) => ({ url: `/api/attendance/staff/${side(s, f.staffA, f.staffB)}` }),
    locationBound: true,
  },
  'GET /api/attendance/staff/:staffId/overview': {
    at: (f, s) => ({ url: `/api/attendance/staff/${side(s, f.staffA, f.staffB)}/overview` }),
    locationBound: true,
  },
  'POST /api/attendance': {
    // No times: a second record of the day does not overlap the first.
    at: (f, s) => ({
      url: '/api/attendance',
      payload: {
        staffId: side(s, f.staffA, f.staffB),
        locationId: side(s, f.a.id, f.b.id),
        date: '2026-03-02',
        status: 'ABSENT',
      },
    }),
    locationBound: true,
  },
  'PUT /api/attendance/:id': {
    at: (f, s) => ({
      url: `/api/attendance/${side(s, f.attendanceA, f.attendanceB)}`,
      payload: { locationId: side(s, f.a.id, f.b.id), date: '2026-03-03', checkIn: '08:00' },
    }),
    locationBound: true,
  },

  'GET /api/users/getAll': {
    at: (f, s) => ({ url: `/api/users/getAll?location=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/users/export': {
    at: (f, s) => ({ url: `/api/users/export?location=${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'GET /api/users/detail/:id': {
    at: (f, s) => ({ url: `/api/users/detail/${side(s, f.userA.id, f.userB.id)}` }),
    locationBound: true,
  },
  'GET /api/users/role/:role': {
    at: () => ({ url: '/api/users/role/USER' }),
    locationBound: false,
  },
  'GET /api/users/location/:id': {
    at: (f, s) => ({ url: `/api/users/location/${side(s, f.a.id, f.b.id)}` }),
    locationBound: true,
  },
  'POST /api/users/register': {
    at: (f, s) => ({
      url: '/api/users/register',
      payload: {
        name: 'Matrix Person',
        email: `matrix.${Math.random()}@example.com`,
        password: strongPassword,
        role: 'USER',
        locationId: side(s, f.a.id, f.b.id),
      },
    }),
    locationBound: true,
  },
  'PUT /api/users/update/:id': {
    at: (f, s) => {
      const user = side(s, f.userA, f.userB);
      return {
        url: `/api/users/update/${user.id}`,
        payload: { name: user.name, email: user.email, role: 'USER', locationId: user.locationId },
      };
    },
    locationBound: true,
  },
  'DELETE /api/users/remove/:id': {
    at: (f, s) => ({ url: `/api/users/remove/${side(s, f.spareUserA.id, f.spareUserB.id)}` }),
    locationBound: true,
  },
  'PATCH /api/users/:id/toggle-status': {
    at: (f, s) => ({ url: `/api/users/${side(s, f.userA.id, f.userB.id)}/toggle-status` }),
    locationBound: true,
  },
  'PATCH /api/users/:id/permissions': {
    at: (f, s) => ({
      url: `/api/users/${side(s, f.userA.id, f.userB.id)}/permissions`,
      payload: { permissions: { viewInventory: true } },
    }),
    locationBound: true,
  },
  'PATCH /api/users/:id/reset-password': {
    at: (f, s) => ({
      url: `/api/users/${side(s, f.userA.id, f.userB.id)}/reset-password`,
      payload: { password: strongPassword },
    }),
    locationBound: true,
  },
  'GET /api/users/company': { at: () => ({ url: '/api/users/company' }), locationBound: false },
  'PUT /api/users/company': {
    at: () => ({
      url: '/api/users/company',
      payload: {
        companyName: 'Matrix Scaffolding',
        email: 'office@example.com',
        phone: '+15550100',
        address: '1 Matrix Road',
      },
    }),
    locationBound: false,
  },
  'GET /api/users/security': { at: () => ({ url: '/api/users/security' }), locationBound: false },
  'PUT /api/users/security': {
    // Off: turning it on would need the caller's own two-factor sign-in first.
    at: () => ({ url: '/api/users/security', payload: { requireAdminTwoFactor: false } }),
    locationBound: false,
  },
  'GET /api/settings/billing': {
    at: () => ({ url: '/api/settings/billing' }),
    locationBound: false,
  },
  'PUT /api/settings/billing': {
    at: () => ({
      url: '/api/settings/billing',
      payload: { currency: 'EUR', vatRatePercent: 20, paymentTermsDays: 15 },
    }),
    locationBound: false,
  },
  'GET /api/settings/work-rates': {
    at: () => ({ url: '/api/settings/work-rates' }),
    locationBound: false,
  },
  'PUT /api/settings/work-rates': {
    at: () => ({ url: '/api/settings/work-rates', payload: { rates: [] } }),
    locationBound: false,
  },
  'GET /api/users/:id/notification-settings': {
    // Someone else's settings: only one's own are readable.
    at: (f, s) => ({ url: `/api/users/${side(s, f.userA.id, f.userB.id)}/notification-settings` }),
    locationBound: true,
  },
  'PUT /api/users/notifications': {
    at: () => ({ url: '/api/users/notifications', payload: { lowStockAlerts: true } }),
    locationBound: false,
  },
  'PATCH /api/users/:id/change-password': {
    // Someone else's account: only one's own password can be changed.
    at: (f, s) => ({
      url: `/api/users/${side(s, f.userA.id, f.userB.id)}/change-password`,
      payload: {
        currentPassword: 'Not-The-One-1',
        newPassword: strongPassword,
        confirmPassword: strongPassword,
      },
    }),
    locationBound: true,
  },

  'GET /api/notifications': { at: () => ({ url: '/api/notifications' }), locationBound: false },
  'POST /api/notifications/mark-all-read': {
    at: () => ({ url: '/api/notifications/mark-all-read' }),
    locationBound: false,
  },
  'PATCH /api/notifications/:id/read': {
    at: (f, s) => ({ url: `/api/notifications/${side(s, f.noticeA, f.noticeB)}/read` }),
    locationBound: true,
  },
  'DELETE /api/notifications/:id': {
    at: (f, s) => ({ url: `/api/notifications/${side(s, f.spareNoticeA, f.noticeB)}` }),
    locationBound: true,
  },

  'GET /api/activity-logs/list': {
    at: () => ({ url: '/api/activity-logs/list' }),
    locationBound: false,
  },
  'GET /api/email-outbox': {
    at: () => ({ url: '/api/email-outbox?status=failed' }),
    locationBound: false,
  },
  'POST /api/email-outbox/:id/retry': {
    at: (f) => ({ url: `/api/email-outbox/${f.failedMail}/retry` }),
    locationBound: false,
  },

  'GET /api/users/dashboard-stats': {
    at: () => ({ url: '/api/users/dashboard-stats?filter=week' }),
    locationBound: false,
  },
  'GET /api/users/dashboard-counts': {
    at: () => ({ url: '/api/users/dashboard-counts?filter=month' }),
    locationBound: false,
  },
  'GET /api/users/admin-stats': {
    at: () => ({ url: '/api/users/admin-stats?filter=year' }),
    locationBound: false,
  },
  'GET /api/dashboard/user-stats': {
    at: () => ({ url: '/api/dashboard/user-stats?filter=today' }),
    locationBound: false,
  },
};

/** A new invoice at a location, with one Erection item (so that it converts to a rental). */
function rentalRequestPayload(locationId: number, materialId: number) {
  return {
    locationId,
    requestedDate: '2026-01-05',
    items: [{ materialId, name: 'Tube', quantity: 2, unit: 'EACH' }],
  };
}

/** A rental from the yard to a location, of 100 of the yard's material. */
function rentalPayload(fromLocationId: number, toLocationId: number, materialId: number) {
  return {
    fromLocationId,
    toLocationId,
    expectedReturnDate: '2099-01-01',
    items: [{ materialId, quantity: 100, unit: 'EACH' }],
  };
}

function staffPayload(locationId: number) {
  return {
    name: 'Matrix Staff',
    email: `staff-${Math.random().toString(36).slice(2)}@matrix.test`,
    phone: '0123456789',
    position: 'Rigger',
    locationId,
    department: 'Field',
    hireDate: '2025-01-06',
    salary: 42000,
    status: 'ACTIVE',
    address: '1 Matrix Road',
    emergencyContact: 'Next Of Kin',
    emergencyPhone: '0987654321',
  };
}

function invoicePayload(locationId: number) {
  return {
    invoiceId: `INV-M${Math.random().toString().slice(2, 12)}`,
    locationId,
    clientName: 'Matrix Client',
    clientAddress: '1 Matrix Road',
    issueDate: '2026-03-01',
    dueDate: '2026-03-16',
    items: [{ job_type: 'Erection', uom: 'SQM (M2)', quantity: 2, length: 3, width: 4 }],
  };
}

const NO_FLAGS = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])) as Permissions;

let t: TestApp;
let f: Fixtures;

async function seed(app: TestApp) {
  const { db } = app;
  const a = await createLocation(db, { type: 'FIELD' });
  const b = await createLocation(db, { type: 'FIELD' });
  const admin = await createUser(db, { role: 'ADMIN' });
  const flagless = await createUser(db, { locationId: a.id, permissions: NO_FLAGS });
  const manager = await createUser(db, { locationId: a.id, permissions: ALL_PERMISSIONS });
  // Manage Users without the default flags that userA holds.
  const usersOnly = await createUser(db, {
    locationId: a.id,
    permissions: { ...NO_FLAGS, viewUsers: true, manageUsers: true },
  });
  const userA = await createUser(db, { locationId: a.id });
  const userB = await createUser(db, { locationId: b.id });
  const spareUserA = await createUser(db, { locationId: a.id });
  const spareUserB = await createUser(db, { locationId: b.id });
  const adminHeaders = (await loginAs(app.app, admin.email)).headers;
  const material = async (locationId: number, name: string, quantity = 100) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/materials/create',
      headers: adminHeaders,
      payload: { name, locationId, quantity, unit: 'EACH' },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  const invoice = async (locationId: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: adminHeaders,
      payload: invoicePayload(locationId),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  const rentalRequest = async (locationId: number, materialId: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/rental-requests',
      headers: adminHeaders,
      payload: rentalRequestPayload(locationId, materialId),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  const yard = await createLocation(db);
  const yardMaterial = await material(yard.id, 'Yard tube', 100_000);
  const rental = async (locationId: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/material-rentals',
      headers: adminHeaders,
      payload: rentalPayload(yard.id, locationId, yardMaterial),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    const data = response.json().data as { id: number; items: { id: number }[] };
    return { id: data.id, itemId: data.items[0]!.id };
  };
  const notice = async (userId: number) => {
    const [row] = await db
      .insert(notifications)
      .values({ userId, type: 'NEW_MATERIAL', message: 'Matrix notice' })
      .returning();
    return row!.id;
  };
  const failedMail = async () => {
    const [row] = await db
      .insert(emailOutbox)
      .values({
        toAddress: 'matrix@example.com',
        subject: 'Matrix mail',
        body: 'Not delivered',
        attempts: 12,
        lastError: 'Connection refused',
        failedAt: new Date(),
      })
      .returning();
    return row!.id;
  };
  const staffMember = async (locationId: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: adminHeaders,
      payload: staffPayload(locationId),
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  const attendanceOf = async (staffId: number, locationId: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/attendance',
      headers: adminHeaders,
      payload: { staffId, locationId, date: '2026-03-02', checkIn: '08:00', checkOut: '12:00' },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data.id as number;
  };
  /** A rental's delivery note, and a return of one of it with its return note and a photo. */
  const notesOf = async (locationId: number) => {
    const made = await rental(locationId);
    const notes = await app.app.inject({
      method: 'GET',
      url: `/api/movement-notes?rentalId=${made.id}`,
      headers: adminHeaders,
    });
    const back = await app.app.inject({
      method: 'POST',
      url: `/api/material-rentals/${made.id}/returns`,
      headers: adminHeaders,
      payload: { rentalItemId: made.itemId, returnedQuantity: 1 },
    });
    if (back.statusCode !== 201) throw new Error(back.body);
    const returnId = back.json().data.id as number;
    const photo = await app.app.inject({
      method: 'POST',
      url: `/api/material-rentals/returns/${returnId}/photos?fileName=site.jpg`,
      headers: { ...adminHeaders, 'content-type': UPLOAD_CONTENT_TYPE },
      payload: JPEG_BYTES,
    });
    if (photo.statusCode !== 201) throw new Error(photo.body);
    return {
      noteId: (notes.json().data as { id: number }[])[0]!.id,
      returnId,
      photoId: photo.json().data.id as number,
    };
  };
  const notesA = await notesOf(a.id);
  const notesB = await notesOf(b.id);
  const staffA = await staffMember(a.id);
  const staffB = await staffMember(b.id);
  const materialA = await material(a.id, 'Tube A');
  const materialB = await material(b.id, 'Tube B');
  const typeOfA = await app.app.inject({
    method: 'GET',
    url: `/api/materials/detail/${materialA}`,
    headers: adminHeaders,
  });
  return {
    typeId: typeOfA.json().data.materialTypeId as number,
    a,
    b,
    admin,
    flagless,
    manager,
    usersOnly,
    userA,
    userB,
    spareUserA,
    spareUserB,
    materialA,
    materialB,
    spareA: await material(a.id, 'Spare A', 0),
    spareB: await material(b.id, 'Spare B', 0),
    invoiceA: await invoice(a.id),
    invoiceB: await invoice(b.id),
    spareInvoiceA: await invoice(a.id),
    spareInvoiceB: await invoice(b.id),
    requestA: await rentalRequest(a.id, materialA),
    requestB: await rentalRequest(b.id, materialB),
    spareRequestA: await rentalRequest(a.id, materialA),
    spareRequestB: await rentalRequest(b.id, materialB),
    yard,
    yardMaterial,
    rentalA: await rental(a.id),
    rentalB: await rental(b.id),
    spareRentalA: await rental(a.id),
    spareRentalB: await rental(b.id),
    staffA,
    staffB,
    spareStaffA: await staffMember(a.id),
    spareStaffB: await staffMember(b.id),
    attendanceA: await attendanceOf(staffA, a.id),
    attendanceB: await attendanceOf(staffB, b.id),
    noticeA: await notice(manager.id),
    spareNoticeA: await notice(manager.id),
    noticeB: await notice(userB.id),
    failedMail: await failedMail(),
    noteA: notesA.noteId,
    noteB: notesB.noteId,
    returnA: notesA.returnId,
    returnB: notesB.returnId,
    photoA: notesA.photoId,
    photoB: notesB.photoId,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await seed(t);
});
afterAll(async () => {
  await t.close();
});

/** Every route the app serves under /api, as `METHOD /path`, from the OpenAPI document. */
function appRoutes(): string[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) =>
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
    ),
  );
}

function methodOf(route: ApiRoute) {
  return route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

const sessions = new Map<string, Record<string, string>>();

/** The caller's session; a sign-out gets a session of its own, so that it spoils no other call. */
async function headersOf(email: string | null, route: ApiRoute) {
  if (!email) return {};
  if (route === 'POST /api/auth/logout') return (await loginAs(t.app, email)).headers;
  let headers = sessions.get(email);
  if (!headers) {
    headers = (await loginAs(t.app, email)).headers;
    sessions.set(email, headers);
  }
  return headers;
}

async function call(route: ApiRoute, email: string | null, at: Side) {
  const { url, payload, headers: own } = SAMPLES[route].at(f, at);
  const headers = await headersOf(email, route);
  const response = await t.app.inject({
    method: methodOf(route),
    url,
    payload,
    headers: { ...headers, ...own },
  });
  // A download (the Excel file) answers its file, not JSON.
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const body = response.body && json ? response.json() : null;
  expect(response.statusCode, `${route} ${url}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(body, `${route}: an error in the envelope`).toMatchObject({
      success: false,
      message: expect.any(String),
      code: expect.any(String),
    });
  }
  return response.statusCode;
}

const routes = Object.keys(API_ACCESS) as ApiRoute[];
const rule = (route: ApiRoute): ApiRule => API_ACCESS[route];
const userByRole = (route: ApiRoute) => rule(route).roles.includes('USER');
const adminOnly = (route: ApiRoute) =>
  !rule(route).public && !userByRole(route) && !rule(route).flag;

describe('the authorization matrix', () => {
  it('has an entry for every route the app serves, and no other', () => {
    const served = appRoutes();
    expect(served.filter((r) => !routes.includes(r as ApiRoute))).toEqual([]);
    expect(routes.filter((r) => !served.includes(r))).toEqual([]);
  });

  it.each(routes)('%s: anonymous callers get 401 unless the route is public', async (route) => {
    const status = await call(route, null, 'A');
    if (rule(route).public) expect(status).not.toBe(401);
    else expect(status).toBe(401);
  });

  it.each(routes)('%s: a field manager without flags is let in by role alone', async (route) => {
    if (rule(route).public) return;
    const status = await call(route, f.flagless.email, 'A');
    if (rule(route).own) expect(status).toBe(403);
    else if (userByRole(route)) expect([401, 403]).not.toContain(status);
    else expect(status).toBe(403);
  });

  it.each(routes)(
    "%s: a field manager with every flag works at their location, never at another's",
    async (route) => {
      if (rule(route).public) return;
      const own = await call(route, f.manager.email, 'A');
      const other = await call(route, f.manager.email, 'B');
      if (adminOnly(route)) {
        expect(own).toBe(403);
        expect(other).toBe(403);
        return;
      }
      if (rule(route).own) {
        expect([own, other]).toEqual([403, 403]);
        return;
      }
      expect([401, 403, 404]).not.toContain(own);
      if (SAMPLES[route].locationBound) expect([403, 404]).toContain(other);
      else expect([401, 403]).not.toContain(other);
    },
  );

  it.each(routes)('%s: an admin is let in at every location', async (route) => {
    if (rule(route).public) return;
    for (const at of ['A', 'B'] as const) {
      const status = await call(route, f.admin.email, at);
      if (rule(route).own) expect(status).toBe(403);
      else expect([401, 403]).not.toContain(status);
    }
  });
});

describe("the authorization matrix: a field manager's Manage Users on a peer", () => {
  const onAccounts = routes.filter(
    (route) => rule(route).flag === 'manageUsers' && route.includes('/:id'),
  );

  it.each(onAccounts)(
    '%s: refused (403) on a peer of their location who holds a flag they lack',
    async (route) => {
      expect(await call(route, f.usersOnly.email, 'A')).toBe(403);
    },
  );
});
