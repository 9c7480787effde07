import { E_INVOICE_MESSAGES, PROFILE_MESSAGES, SETTINGS_MESSAGES } from '@stockyard/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import {
  createLocation,
  createUser,
  loginAs,
  seedActors,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { activityLogs, notifications } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import type { Mailer } from '../email-outbox/email';
import { notify } from '../notifications/notify';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST';
const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;

const profile = {
  companyName: 'Harbour Scaffolding Ltd',
  email: 'office@harbour.example',
  phone: '+4420794600',
  address: '12 Quay Street, Bristol',
};

async function signedInAdmin() {
  const user = await createUser(t.db, { role: 'ADMIN' });
  return { user, ...(await loginAs(t.app, user.email)) };
}

/** A field manager of the actors' location, with the default flags, signed in. */
async function signedInManager() {
  const user = await createUser(t.db, { locationId: actors.location.id });
  return { user, ...(await loginAs(t.app, user.email)) };
}

describe('GET /api/users/company', () => {
  it('answers the one profile to every signed-in user, and 401 without a session', async () => {
    expect((await call('GET', '/users/company')).statusCode).toBe(401);
    const response = await call('GET', '/users/company', actors.manager.headers);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(
      [
        'address',
        'companyName',
        'email',
        'phone',
        'updatedAt',
        'postcode',
        'city',
        'countryCode',
        'vatId',
        'taxNumber',
        'registerEntry',
        'iban',
        'bic',
      ].sort(),
    );
  });
});

describe('PUT /api/users/company', () => {
  it('lets an admin save it; everyone then reads it; the activity log has it', async () => {
    const saved = await call('PUT', '/users/company', admin(), {
      ...profile,
      companyName: '  Harbour Scaffolding Ltd ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject(profile);
    const read = await call('GET', '/users/company', actors.manager.headers);
    expect(read.json().data).toMatchObject(profile);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'UPDATE_COMPANY_PROFILE'));
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each([
    [{ companyName: 'H' }, PROFILE_MESSAGES.companyNameShort],
    [{ companyName: 'H'.repeat(101) }, PROFILE_MESSAGES.companyNameLong],
    [{ email: 'not-an-email' }, PROFILE_MESSAGES.email],
    [{ phone: '0123456' }, PROFILE_MESSAGES.phone],
    [{ phone: '+1' }, PROFILE_MESSAGES.phone],
    [{ phone: '1234567890123456' }, PROFILE_MESSAGES.phone],
    [{ phone: '020-7946' }, PROFILE_MESSAGES.phone],
    [{ address: '12 Q' }, PROFILE_MESSAGES.addressShort],
    [{ address: 'A'.repeat(201) }, PROFILE_MESSAGES.addressLong],
    // An invoice's legal details: the IBAN's checksum, the BIC's form, ISO codes.
    [{ iban: 'DE89 3704 0044 0532 0130 01' }, E_INVOICE_MESSAGES.iban],
    [{ iban: 'XX89370400440532013000' }, E_INVOICE_MESSAGES.iban],
    [{ bic: 'COBADEFF1' }, E_INVOICE_MESSAGES.bic],
    [{ countryCode: 'XY' }, E_INVOICE_MESSAGES.countryCode],
    [{ vatId: '123456789' }, E_INVOICE_MESSAGES.vatId],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await call('PUT', '/users/company', admin(), { ...profile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('keeps the legal details an invoice needs: IBAN without spaces, codes in capitals', async () => {
    const saved = await call('PUT', '/users/company', admin(), {
      ...profile,
      postcode: '20457',
      city: 'Hamburg',
      countryCode: 'de',
      vatId: 'de 123456789',
      taxNumber: '27/123/45678',
      registerEntry: 'HRB 12345, Amtsgericht Hamburg',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      countryCode: 'DE',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      registerEntry: 'HRB 12345, Amtsgericht Hamburg',
    });
    // Left out, they are emptied: the form sends them all.
    const plain = await call('PUT', '/users/company', admin(), profile);
    expect(plain.json().data).toMatchObject({ iban: '', vatId: '', countryCode: '' });
  });

  it('accepts the phone forms the rule allows', async () => {
    for (const phone of ['12', '+12', '447946000000000']) {
      expect((await call('PUT', '/users/company', admin(), { ...profile, phone })).statusCode).toBe(
        200,
      );
    }
  });

  it('refuses a field manager with 403 and an anonymous caller with 401', async () => {
    expect((await call('PUT', '/users/company', actors.manager.headers, profile)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/users/company', undefined, profile)).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/notification-settings', () => {
  it("answers one's own switches, with the defaults and whether e-mail is configured", async () => {
    const response = await call(
      'GET',
      `/users/${actors.manager.user.id}/notification-settings`,
      actors.manager.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      emailAlerts: true,
      lowStockAlerts: true,
      rentalAlerts: true,
      loginAlerts: true,
      twoFactorEnabled: false,
      emailConfigured: false,
    });
  });

  it("refuses another user's settings with 403, even to an admin, and 401 without a session", async () => {
    const url = `/users/${actors.manager.user.id}/notification-settings`;
    expect((await call('GET', url, admin())).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/users/abc/notification-settings', admin())).statusCode).toBe(400);
  });
});

describe('PUT /api/users/notifications', () => {
  it('saves the switches sent, leaves the others, and logs the change', async () => {
    const me = await signedInAdmin();
    const response = await call('PUT', '/users/notifications', me.headers, {
      lowStockAlerts: false,
      loginAlerts: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      emailAlerts: true,
      lowStockAlerts: false,
      rentalAlerts: true,
      loginAlerts: false,
    });
    const read = await call('GET', `/users/${me.user.id}/notification-settings`, me.headers);
    expect(read.json().data.lowStockAlerts).toBe(false);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.action, 'UPDATE_NOTIFICATION_SETTINGS'),
          eq(activityLogs.userId, me.user.id),
        ),
      );
    expect(entry?.details).toEqual({ lowStockAlerts: false, loginAlerts: false });
  });

  it.each([
    [{}, SETTINGS_MESSAGES.noSetting],
    [{ emailAlerts: true }, SETTINGS_MESSAGES.emailNotConfigured],
    [{ twoFactorEnabled: true }, SETTINGS_MESSAGES.twoFactorEnrolFirst],
  ])('refuses %o with "%s"', async (body, message) => {
    const response = await call('PUT', '/users/notifications', admin(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a switch that is not a boolean, and an unknown key', async () => {
    expect(
      (await call('PUT', '/users/notifications', admin(), { lowStockAlerts: 'yes' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/users/notifications', admin(), { sms: true })).statusCode).toBe(
      400,
    );
  });

  it('accepts twoFactorEnabled as it already is', async () => {
    const response = await call('PUT', '/users/notifications', admin(), {
      twoFactorEnabled: false,
      rentalAlerts: true,
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a field manager set their own switches: saved, read back, and no one else changed', async () => {
    const me = await signedInManager();
    const response = await call('PUT', '/users/notifications', me.headers, {
      lowStockAlerts: false,
      loginAlerts: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      emailAlerts: true,
      lowStockAlerts: false,
      rentalAlerts: true,
      loginAlerts: false,
    });
    const read = await call('GET', `/users/${me.user.id}/notification-settings`, me.headers);
    expect(read.json().data).toMatchObject({ lowStockAlerts: false, loginAlerts: false });
    const colleague = await call(
      'GET',
      `/users/${actors.manager.user.id}/notification-settings`,
      actors.manager.headers,
    );
    expect(colleague.json().data).toMatchObject({ lowStockAlerts: true, loginAlerts: true });
  });

  it("changes the caller's switches only: naming another user is refused (400), theirs unchanged", async () => {
    const me = await signedInManager();
    const response = await call('PUT', '/users/notifications', me.headers, {
      userId: actors.admin.user.id,
      rentalAlerts: false,
    });
    expect(response.statusCode).toBe(400);
    const adminSettings = await call(
      'GET',
      `/users/${actors.admin.user.id}/notification-settings`,
      admin(),
    );
    expect(adminSettings.json().data.rentalAlerts).toBe(true);
    const mine = await call('GET', `/users/${me.user.id}/notification-settings`, me.headers);
    expect(mine.json().data.rentalAlerts).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const body = { lowStockAlerts: false };
    expect((await call('PUT', '/users/notifications', undefined, body)).statusCode).toBe(401);
  });
});

/** The types a user received, of those given. */
async function received(userId: number, types: string[]) {
  const rows = await t.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.type, types as never[])))
    .orderBy(notifications.id);
  return rows.map((r) => r.type);
}

async function setSwitches(headers: Record<string, string>, body: object) {
  expect((await call('PUT', '/users/notifications', headers, body)).statusCode).toBe(200);
}

describe('the switches decide what is delivered', () => {
  it('Low Inventory Alerts off: no LOW_STOCK or OUT_OF_STOCK for that user; on again: they come', async () => {
    const me = await signedInAdmin();
    const another = await signedInAdmin();
    // The stock is changed by a third admin: nobody is told of their own action.
    const created = await call('POST', '/materials/create', admin(), {
      name: `Switch tube ${Date.now()}`,
      locationId: actors.location.id,
      quantity: 50,
      unit: 'EACH',
    });
    const id = created.json().data.id as number;
    const lowOrOut = ['LOW_STOCK', 'OUT_OF_STOCK'];

    await setSwitches(me.headers, { lowStockAlerts: false });
    await call('PATCH', `/materials/${id}/stock`, admin(), { quantity: 5 });
    await call('PATCH', `/materials/${id}/stock`, admin(), { quantity: 0 });
    expect(await received(me.user.id, lowOrOut)).toEqual([]);
    // Another admin, whose switch is on, was told.
    expect(await received(another.user.id, lowOrOut)).toEqual(['LOW_STOCK', 'OUT_OF_STOCK']);

    await setSwitches(me.headers, { lowStockAlerts: true });
    await call('PATCH', `/materials/${id}/stock`, admin(), { quantity: 40 });
    await call('PATCH', `/materials/${id}/stock`, admin(), { quantity: 5 });
    expect(await received(me.user.id, lowOrOut)).toEqual(['LOW_STOCK']);
  });

  it('Rental Request Alerts off: no NEW_MATERIAL_REQUEST or RENTAL_ALERT; other types still come', async () => {
    const me = await signedInAdmin();
    const send = (type: 'NEW_MATERIAL_REQUEST' | 'RENTAL_ALERT' | 'NEW_MATERIAL') =>
      inTransaction(t.ctx, (uow) => notify(t.ctx, uow, { type, message: `${type} test` }));
    await setSwitches(me.headers, { rentalAlerts: false });
    await send('NEW_MATERIAL_REQUEST');
    await send('RENTAL_ALERT');
    await send('NEW_MATERIAL');
    expect(
      await received(me.user.id, ['NEW_MATERIAL_REQUEST', 'RENTAL_ALERT', 'NEW_MATERIAL']),
    ).toEqual(['NEW_MATERIAL']);
    await setSwitches(me.headers, { rentalAlerts: true });
    await send('NEW_MATERIAL_REQUEST');
    await send('RENTAL_ALERT');
    expect(await received(me.user.id, ['NEW_MATERIAL_REQUEST', 'RENTAL_ALERT'])).toEqual([
      'NEW_MATERIAL_REQUEST',
      'RENTAL_ALERT',
    ]);
  });

  it('a submitted rental request reaches an admin with Rental Request Alerts on, not one with it off', async () => {
    const [on, off] = [await signedInAdmin(), await signedInAdmin()];
    await setSwitches(off.headers, { rentalAlerts: false });
    const response = await call('POST', '/rental-requests', actors.manager.headers, {
      name: 'Ladder',
      quantity: 2,
      unit: 'EACH',
      requestedDate: '2030-01-10',
      returnDate: '2030-01-20',
      description: 'For the east wall',
      location: actors.location.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await received(on.user.id, ['NEW_MATERIAL_REQUEST'])).toEqual(['NEW_MATERIAL_REQUEST']);
    expect(await received(off.user.id, ['NEW_MATERIAL_REQUEST'])).toEqual([]);
  });

  it("holds a field manager's own switches for them: their request alerts and sign-in notices stop, a colleague's do not", async () => {
    const me = await signedInManager();
    await setSwitches(me.headers, { rentalAlerts: false, loginAlerts: false });
    const response = await call('POST', '/rental-requests', admin(), {
      name: 'Trestle',
      quantity: 4,
      unit: 'EACH',
      requestedDate: '2030-02-10',
      returnDate: '2030-02-20',
      description: 'For the north wall',
      location: actors.location.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await received(me.user.id, ['NEW_MATERIAL_REQUEST'])).toEqual([]);
    expect(await received(actors.manager.user.id, ['NEW_MATERIAL_REQUEST'])).toContain(
      'NEW_MATERIAL_REQUEST',
    );

    // Their first sign-in (above, switch on) was told; one from a new browser now is not.
    const told = await received(me.user.id, ['LOGIN']);
    expect(told).toEqual(['LOGIN']);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Firefox/128.0' },
      remoteAddress: '10.7.1.1',
    });
    expect(signIn.statusCode).toBe(200);
    expect(await received(me.user.id, ['LOGIN'])).toEqual(told);
  });

  it('Login Notifications on: a sign-in sends a LOGIN notice naming the address and browser; off: none', async () => {
    const me = await signedInAdmin();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const signIn = (userAgent: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.user.email, password: TEST_PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
    const before = await received(me.user.id, ['LOGIN']);
    await signIn(firefox, '10.7.0.1');
    const rows = await t.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.type, 'LOGIN')))
      .orderBy(notifications.id);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.at(-1)?.message).toEqual(
      expect.stringMatching(
        /^New sign-in from Firefox on Linux \(10\.7\.0\.1\) at \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}$/,
      ),
    );

    await setSwitches(me.headers, { loginAlerts: false });
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect((await signIn(safari, '10.7.0.2')).statusCode).toBe(200);
    expect(await received(me.user.id, ['LOGIN'])).toHaveLength(before.length + 1);
  });
});

describe("a field manager's Email Notifications", () => {
  it("off: their notices are not e-mailed while an admin's are; on again: they are", async () => {
    const sent: { to: string; subject: string }[] = [];
    const mailer: Mailer = {
      from: 'stockyard@example.com',
      publicUrl: 'https://yard.example.com',
      send: async (message) => {
        sent.push(message);
      },
      close: () => undefined,
    };
    const s = await createTestApp({ mail: { mailer, outbox: { pollMs: 100 } } });
    try {
      const location = await createLocation(s.db);
      const reader = await createUser(s.db, { role: 'ADMIN' });
      const author = await loginAs(s.app, (await createUser(s.db, { role: 'ADMIN' })).email);
      const manager = await createUser(s.db, { locationId: location.id });
      const { headers } = await loginAs(s.app, manager.email);
      const setEmail = async (on: boolean) => {
        const response = await s.app.inject({
          method: 'PUT',
          url: '/api/users/notifications',
          headers,
          payload: { emailAlerts: on },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      /** A request at the manager's location, told to them and to the admins; its id. */
      const request = async () => {
        const response = await s.app.inject({
          method: 'POST',
          url: '/api/rental-requests',
          headers: author.headers,
          payload: {
            name: 'Trestle',
            quantity: 4,
            unit: 'EACH',
            requestedDate: '2030-02-10',
            returnDate: '2030-02-20',
            description: 'For the north wall',
            location: location.id,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().data.id as number;
      };
      const mailOf = (to: string, id: number) =>
        sent.filter((m) => m.to === to && m.subject.includes(`request #${id} `));

      await setEmail(false);
      const first = await request();
      await eventually(() => expect(mailOf(reader.email, first)).toHaveLength(1));
      expect(mailOf(manager.email, first)).toEqual([]);
      // The notice itself still reached them: the switch stops the e-mail only.
      const notices = await s.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, manager.id));
      expect(notices.some((n) => n.message.includes(`#${first} `))).toBe(true);

      await setEmail(true);
      const second = await request();
      await eventually(() => expect(mailOf(manager.email, second)).toHaveLength(1));
    } finally {
      await s.close();
    }
  });
});

describe('PATCH /api/users/:id/change-password (Security Settings)', () => {
  it('keeps this session, ends every other one', async () => {
    const me = await signedInAdmin();
    const other = await loginAs(t.app, me.user.email);
    const response = await call('PATCH', `/users/${me.user.id}/change-password`, me.headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Fresh-Start-77',
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/auth/profile', me.headers)).statusCode).toBe(200);
    expect((await call('GET', '/auth/profile', other.headers)).statusCode).toBe(401);
    await loginAs(t.app, me.user.email, 'Fresh-Start-77');
  });

  it('answers a wrong current password with 400 "Current password is incorrect"', async () => {
    const me = await signedInAdmin();
    const response = await call('PATCH', `/users/${me.user.id}/change-password`, me.headers, {
      currentPassword: 'Wrong-Pass-11',
      newPassword: 'Fresh-Start-77',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is incorrect');
  });

  it.each([
    [{ currentPassword: 'short' }, 'Current password must be at least 8 characters'],
    [{ newPassword: 'Ab1' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'lowercase-only-1' }, 'Must contain uppercase, lowercase, and number'],
  ])('refuses %o with "%s"', async (change, message) => {
    const response = await call(
      'PATCH',
      `/users/${actors.admin.user.id}/change-password`,
      admin(),
      { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Start-77', ...change },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("refuses another user's password with 403, and an anonymous caller with 401", async () => {
    const body = { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Start-77' };
    const url = `/users/${actors.manager.user.id}/change-password`;
    expect((await call('PATCH', url, admin(), body)).statusCode).toBe(403);
    expect((await call('PATCH', url, undefined, body)).statusCode).toBe(401);
  });
});

describe('the company profile heads the invoice Excel file', () => {
  it('puts its name and address on top, and a changed profile gives a new file', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const created = await call('POST', '/invoices', admin(), {
      invoiceId: `INV-CO${Math.random().toString().slice(2, 8)}`,
      locationId: actors.location.id,
      clientName: 'Dock Works',
      clientAddress: '1 Dock Road',
      issueDate: '2025-04-01',
      dueDate: '2025-04-16',
      items: [{ job_type: 'Erection', uom: 'Running MTR', quantity: 4, length: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const firstRows = async () => {
      const response = await call('GET', `/invoices/${id}/excel`, admin());
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      return [1, 2].map((n) => String(sheet.getRow(n).getCell(1).value ?? ''));
    };

    await call('PUT', '/users/company', admin(), profile);
    expect(await firstRows()).toEqual([profile.companyName, profile.address]);
    await call('PUT', '/users/company', admin(), {
      ...profile,
      companyName: 'Harbour & Sons',
      address: '99 New Quay, Bristol',
    });
    expect(await firstRows()).toEqual(['Harbour & Sons', '99 New Quay, Bristol']);
  });
});
