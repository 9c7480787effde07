import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  isoToDisplayDate,
  localToday,
  MOVEMENT_NOTE_MESSAGES,
  UPLOAD_CONTENT_TYPE,
} from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  dataUrlOf,
  JPEG_BYTES,
  photoJpeg,
  pngBomb,
  signaturePng,
  WEBP_BYTES,
  withExifGps,
} from '../../../test/images';
import { startSmtpSink } from '../../../test/smtp-sink';
import { materials, materialTypes } from '../../db/schema';
import { inTransaction } from '../../lib/transaction';
import { createMailer } from '../email-outbox/email';
import { takeDocumentNumber } from '../settings/billing-settings.service';
import { createDeliveryNote } from './movement-notes.service';

/** A real SMTP server on a free local port; what it receives lands in its `inbox`. */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;
let otherManager: Record<string, string>;
let tube: number;
let clamp: number;
const year = Number(localToday().slice(0, 4));
const dir = mkdtempSync(path.join(tmpdir(), 'notes-'));

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });
const admin = () => actors.admin.headers;
const manager = () => actors.manager.headers;

/** The text pdftotext reads out of a PDF, its layout kept (one line of the note a line). */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function material(name: string, quantity: number, itemNumber: string, weightKg: number) {
  const response = await call('POST', '/materials/create', admin(), {
    name,
    locationId: yard.id,
    quantity,
    unit: 'EACH',
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as number;
  const [row] = await t.db
    .select({ typeId: materials.materialTypeId })
    .from(materials)
    .where(eq(materials.id, id));
  await t.db
    .update(materialTypes)
    .set({ itemNumber, weightKg })
    .where(eq(materialTypes.id, row!.typeId));
  return id;
}

async function rent(items: { materialId: number; quantity: number }[], extra: object = {}) {
  return call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId: actors.location.id,
    expectedReturnDate: '2099-01-01',
    items: items.map((item) => ({ ...item, unit: 'EACH' })),
    ...extra,
  });
}

type Note = {
  id: number;
  kind: string;
  number: string;
  returnId: number | null;
  corrects: { id: number; number: string } | null;
  correctedBy: { id: number; number: string }[];
  signed: { name: string; at: string } | null;
  photos: { id: number; fileName: string }[];
  items: { quantity: number; condition?: { good: number; damaged: number; lost: number } | null }[];
};

async function notesOf(rentalId: number, headers = admin()): Promise<Note[]> {
  const response = await call('GET', `/movement-notes?rentalId=${rentalId}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function pdfOf(id: number, headers = admin()) {
  const response = await call('GET', `/movement-notes/${id}/pdf`, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mail: {
      mailer: createMailer({
        url: smtp.url,
        from: 'Stockyard <yard@example.com>',
        publicUrl: 'https://yard.example.com',
      }),
      outbox: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400 },
    },
  });
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: 'North Yard', address: '1 Quarry Lane, Leeds' });
  const other = await createLocation(t.db);
  const otherUser = await createUser(t.db, { role: 'USER', locationId: other.id });
  otherManager = (await loginAs(t.app, otherUser.email)).headers;
  const profile = await call('PUT', '/users/company', admin(), {
    companyName: 'Acme Scaffolding Ltd',
    email: 'office@acme.test',
    phone: '+441134960000',
    address: '9 Mill Road, Leeds',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  tube = await material('Steel tube 6m', 1000, 'TUB-600', 25.5);
  clamp = await material('Swivel coupler', 1000, 'CPL-01', 1.25);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('numbering', () => {
  it('gives each dispatch and each return a number of its own, per kind and year, without gaps', async () => {
    const first = await rent([{ materialId: tube, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(201);
    // Refused (more than the yard holds): rolled back, its number given back.
    const refused = await rent([{ materialId: tube, quantity: 1_000_000 }]);
    expect(refused.statusCode).toBe(409);
    // A write rolled back after its note was numbered.
    await expect(
      inTransaction(t.ctx, async (uow) => {
        await createDeliveryNote(uow, { rentalId: first.json().data.id, userId: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const second = await rent([{ materialId: tube, quantity: 1 }]);
    const [a] = await notesOf(first.json().data.id);
    const [b] = await notesOf(second.json().data.id);
    const n = Number(a!.number.slice(-4));
    expect(a!.number).toMatch(new RegExp(`^DN-${year}-\\d{4}$`));
    expect(b!.number).toBe(`DN-${year}-${String(n + 1).padStart(4, '0')}`);

    const back = await call(
      'POST',
      `/material-rentals/${second.json().data.id}/returns`,
      manager(),
      {
        rentalItemId: second.json().data.items[0].id,
        returnedQuantity: 1,
      },
    );
    expect(back.statusCode, back.body).toBe(201);
    const notes = await notesOf(second.json().data.id, manager());
    expect(notes.map((note) => note.kind)).toEqual(['DELIVERY', 'RETURN']);
    expect(notes[1]!.number).toMatch(new RegExp(`^RN-${year}-\\d{4}$`));
    expect(notes[1]!.returnId).toBe(back.json().data.id);
  });

  it('counts each year on its own', async () => {
    const numbers = await inTransaction(t.ctx, async ({ tx }) => [
      await takeDocumentNumber(tx, 'DELIVERY_NOTE', 2031),
      await takeDocumentNumber(tx, 'DELIVERY_NOTE', 2031),
      await takeDocumentNumber(tx, 'RETURN_NOTE', 2031),
      await takeDocumentNumber(tx, 'DELIVERY_NOTE', 2032),
    ]);
    expect(numbers).toEqual([1, 2, 1, 1]);
  });
});

describe('the PDF', () => {
  it('has every line of the note, and after signing its signer and time', async () => {
    const made = await rent(
      [
        { materialId: tube, quantity: 40 },
        { materialId: clamp, quantity: 120 },
      ],
      { vehicle: 'Truck YX21 ABC', driver: 'Dave Driver', notes: 'Gate code 4711' },
    );
    expect(made.statusCode, made.body).toBe(201);
    const rental = made.json().data;
    const [note] = await notesOf(rental.id);
    const text = await pdfOf(note!.id);
    const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
    for (const expected of [
      'Acme Scaffolding Ltd',
      '9 Mill Road, Leeds',
      `Delivery note ${note!.number}`,
      `Date: ${isoToDisplayDate(localToday())}`,
      'TUB-600 Steel tube 6m 40 Each 1,020 kg',
      'CPL-01 Swivel coupler 120 Each 150 kg',
      'Total weight: 1,170 kg',
      'Vehicle: Truck YX21 ABC',
      'Driver: Dave Driver',
      'Notes: Gate code 4711',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    // The unit in words, never its stored code (issue 50 item 5).
    expect(text).not.toContain('EACH');
    expect(text).toMatch(/From\s+To/);
    expect(text).toContain('North Yard');
    expect(text).toContain('1 Quarry Lane, Leeds');
    expect(text).toContain(actors.location.name);

    const signed = await call('POST', `/movement-notes/${note!.id}/sign`, manager(), {
      name: 'Sam Site',
      signature: dataUrlOf(signaturePng()),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const at = new Date(signed.json().data.signed.at);
    const two = (n: number) => String(n).padStart(2, '0');
    const time = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
    const after = await pdfOf(note!.id, manager());
    expect(after).toContain('Name: Sam Site');
    expect(after).toContain(`Signed: ${time} UTC`);
  });
});

describe('signing and corrections', () => {
  let noteId: number;
  let number: string;
  beforeAll(async () => {
    const made = await rent([{ materialId: clamp, quantity: 5 }], { driver: 'Ann' });
    const [note] = await notesOf(made.json().data.id);
    noteId = note!.id;
    number = note!.number;
  });

  it('refuses a signature that is not a PNG, is blank, or names no one', async () => {
    const sign = (payload: object) =>
      call('POST', `/movement-notes/${noteId}/sign`, admin(), payload);
    const notPng = await sign({ name: 'X', signature: 'data:image/png;base64,aGVsbG8=' });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe(MOVEMENT_NOTE_MESSAGES.signatureInvalid);
    const jpeg = await sign({
      name: 'X',
      signature: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`,
    });
    expect(jpeg.statusCode).toBe(400);
    const blank = await sign({ name: 'X', signature: dataUrlOf(signaturePng(false)) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MOVEMENT_NOTE_MESSAGES.signatureBlank);
    const nameless = await sign({ name: ' ', signature: dataUrlOf(signaturePng()) });
    expect(nameless.statusCode).toBe(400);
    const huge = await sign({
      name: 'X',
      signature: `data:image/png;base64,${'A'.repeat(280_000)}`,
    });
    expect(huge.statusCode).toBe(400);
  });

  it('finds the note and checks access before it reads the signature (issue 48)', async () => {
    const sign = (id: number, headers: Record<string, string>, payload: object) =>
      call('POST', `/movement-notes/${id}/sign`, headers, payload);
    // A missing note, or another location's, is 404 whatever the body holds: before "Draw the
    // signature first" or a name's validation.
    const blank = { name: 'X', signature: dataUrlOf(signaturePng(false)) };
    for (const payload of [blank, { name: ' ', signature: 'nonsense' }, {}]) {
      const missing = await sign(99_999_999, manager(), payload);
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json().message).toBe(MOVEMENT_NOTE_MESSAGES.notFound);
      const stranger = await sign(noteId, otherManager, payload);
      expect(stranger.statusCode, stranger.body).toBe(404);
      expect(stranger.json().message).toBe(MOVEMENT_NOTE_MESSAGES.notFound);
    }
    // A field manager without a location's note to sign gets nothing decoded either.
    const strangerPhoto = await t.app.inject({
      method: 'POST',
      url: '/api/material-rentals/returns/99999999/photos?fileName=x.jpg',
      headers: { ...otherManager, 'content-type': UPLOAD_CONTENT_TYPE },
      payload: Buffer.from('not an image'),
    });
    expect(strangerPhoto.statusCode).toBe(404);
  });

  it('refuses a 1×1 PNG whose pixels inflate to 200 MB: fast, without the memory', async () => {
    const bomb = await pngBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThanOrEqual(200 * 1024);
    const payload = { name: 'Bomb', signature: dataUrlOf(bomb) };
    const before = process.memoryUsage().rss;
    let started = Date.now();
    const missing = await call('POST', '/movement-notes/99999999/sign', manager(), payload);
    expect(missing.statusCode).toBe(404);
    expect(Date.now() - started).toBeLessThan(2_000);
    started = Date.now();
    const real = await call('POST', `/movement-notes/${noteId}/sign`, manager(), payload);
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toBe(MOVEMENT_NOTE_MESSAGES.signatureInvalid);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Eight at once, as the attack sent them.
    started = Date.now();
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/movement-notes/${noteId}/sign`, manager(), payload),
      ),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(400));
    expect(Date.now() - started).toBeLessThan(4_000);
    // It inflated 5 bytes each, not 200 MB (before: +225 to 380 MB).
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("is signed once, by an admin or the site's field manager; another location's is 404", async () => {
    const body = { name: 'Sam Site', signature: dataUrlOf(signaturePng()) };
    const stranger = await call('POST', `/movement-notes/${noteId}/sign`, otherManager, body);
    expect(stranger.statusCode).toBe(404);
    expect((await call('GET', `/movement-notes/${noteId}`, otherManager)).statusCode).toBe(404);
    const first = await call('POST', `/movement-notes/${noteId}/sign`, manager(), body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.signed.name).toBe('Sam Site');
    const second = await call('POST', `/movement-notes/${noteId}/sign`, admin(), body);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MOVEMENT_NOTE_MESSAGES.alreadySigned(number));
  });

  it('is corrected by a new note that refers to it; a field manager may not correct', async () => {
    expect(
      (await call('POST', `/movement-notes/${noteId}/correct`, manager(), { driver: 'Bob' }))
        .statusCode,
    ).toBe(403);
    const response = await call('POST', `/movement-notes/${noteId}/correct`, admin(), {
      driver: 'Bob Driver',
    });
    expect(response.statusCode, response.body).toBe(201);
    const correction = response.json().data as Note & { driver: string };
    expect(correction.number).not.toBe(number);
    expect(correction.number).toMatch(new RegExp(`^DN-${year}-\\d{4}$`));
    expect(correction.corrects).toEqual({ id: noteId, number });
    expect(correction.driver).toBe('Bob Driver');
    expect(correction.signed).toBeNull();
    const original = (await call('GET', `/movement-notes/${noteId}`, admin())).json().data as Note;
    expect(original.correctedBy).toEqual([{ id: correction.id, number: correction.number }]);
    const text = await pdfOf(correction.id);
    expect(text).toContain(`Corrects ${number}`);
    expect(text).toContain('Driver: Bob Driver');
  });
});

describe("a return's photos", () => {
  let returnId: number;
  let rentalId: number;
  beforeAll(async () => {
    const made = await rent([{ materialId: tube, quantity: 3 }]);
    rentalId = made.json().data.id;
    const back = await call('POST', `/material-rentals/${rentalId}/returns`, manager(), {
      rentalItemId: made.json().data.items[0].id,
      returnedQuantity: 2,
    });
    returnId = back.json().data.id;
  });

  it('gives Mark Full Returned a return note for each line it brings back', async () => {
    const made = await rent([{ materialId: tube, quantity: 4 }]);
    const rental = made.json().data.id as number;
    const marked = await call('POST', `/material-rentals/${rental}/mark-returned`, admin());
    expect(marked.statusCode, marked.body).toBe(200);
    const notes = await notesOf(rental);
    const returns = notes.filter((n) => n.kind === 'RETURN');
    expect(returns).toHaveLength(1);
    expect(returns[0]!.items[0]).toMatchObject({
      quantity: 4,
      condition: { good: 4, damaged: 0, lost: 0 },
    });
  });

  it('the return note settles the line: what came back good and damaged, and what is lost', async () => {
    const made = await rent([{ materialId: tube, quantity: 10 }]);
    const back = await call('POST', `/material-rentals/${made.json().data.id}/returns`, manager(), {
      rentalItemId: made.json().data.items[0].id,
      returnedQuantity: 6,
      damagedQuantity: 3,
      lostQuantity: 1,
    });
    expect(back.statusCode, back.body).toBe(201);
    const notes = await notesOf(made.json().data.id);
    const returnNote = notes.find((n) => n.kind === 'RETURN')!;
    expect(returnNote.items[0]).toMatchObject({
      quantity: 9,
      condition: { good: 6, damaged: 3, lost: 1 },
    });
    expect(await pdfOf(returnNote.id)).toContain('6 good, 3 damaged, 1 lost');
  });
  const upload = (body: Buffer, fileName: string, headers: Record<string, string> = manager()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/material-rentals/returns/${returnId}/photos?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...headers, 'content-type': UPLOAD_CONTENT_TYPE },
      payload: body,
    });

  const download = async (photo: number) => {
    const got = await call(
      'GET',
      `/material-rentals/returns/${returnId}/photos/${photo}`,
      manager(),
    );
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    return got.rawPayload;
  };

  it('decodes every photo and keeps it encoded again as a JPEG; refuses what does not decode', async () => {
    const jpegPhoto = await upload(JPEG_BYTES, 'damage.jpg');
    expect(jpegPhoto.statusCode, jpegPhoto.body).toBe(201);
    expect(jpegPhoto.json().data).toMatchObject({
      contentType: 'image/jpeg',
      fileName: 'damage.jpg',
    });
    const png = await upload(signaturePng(), 'scan.png');
    expect(png.statusCode, png.body).toBe(201);
    // A PNG is kept as the JPEG it is encoded to, its transparency on white.
    expect(png.json().data.contentType).toBe('image/jpeg');
    const pngBack = jpeg.decode(await download(png.json().data.id));
    expect([pngBack.width, pngBack.height]).toEqual([60, 20]);
    // The top right pixel: transparent in the PNG (the stroke starts top left).
    expect(pngBack.data[59 * 4]).toBeGreaterThan(240);

    const refusals: [Buffer, string][] = [
      [Buffer.from('<script>alert(1)</script>'), MOVEMENT_NOTE_MESSAGES.photoType],
      [Buffer.from('GIF89a0000000000'), MOVEMENT_NOTE_MESSAGES.photoType],
      [WEBP_BYTES, MOVEMENT_NOTE_MESSAGES.photoType],
      // Issue 48: a 3-byte "JPEG" was stored.
      [Buffer.from([0xff, 0xd8, 0xff]), MOVEMENT_NOTE_MESSAGES.photoUnreadable],
      // A JPEG's header and then nothing that decodes.
      [
        Buffer.concat([JPEG_BYTES.subarray(0, 200), Buffer.alloc(400, 7)]),
        MOVEMENT_NOTE_MESSAGES.photoUnreadable,
      ],
      [
        Buffer.concat([signaturePng().subarray(0, 40), Buffer.alloc(100)]),
        MOVEMENT_NOTE_MESSAGES.photoUnreadable,
      ],
    ];
    for (const [bytes, message] of refusals) {
      const refused = await upload(bytes, 'x.jpg');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await upload(JPEG_BYTES, 'x.jpg', otherManager)).statusCode).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/material-rentals/returns/${returnId}/photos/${jpegPhoto.json().data.id}`,
          otherManager,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("drops a photo's EXIF (its GPS position) and anything appended, and keeps it upright", async () => {
    // 48 × 32, its left half dark, EXIF orientation 6 (turned 90° clockwise to stand), and a GPS IFD.
    const sent = withExifGps(photoJpeg(48, 32), 6);
    expect(sent.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(true);
    const added = await upload(sent, 'gps.jpg');
    expect(added.statusCode, added.body).toBe(201);
    const kept = await download(added.json().data.id);
    expect(kept.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
    expect(kept.includes(Buffer.from('GPS', 'latin1'))).toBe(false);
    expect(kept.includes(Buffer.from([0xff, 0xe1]))).toBe(false); // no APP1 segment at all
    const image = jpeg.decode(kept);
    // Upright: 32 wide and 48 high, the dark half (the left one as stored) now on top.
    expect([image.width, image.height]).toEqual([32, 48]);
    const grey = (x: number, y: number) => image.data[(y * image.width + x) * 4]!;
    expect(grey(16, 4)).toBeLessThan(90);
    expect(grey(16, 44)).toBeGreaterThan(150);

    // HTML after the image's end: the photo is kept, the HTML is not.
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const appended = await upload(Buffer.concat([photoJpeg(), html]), 'appended.jpg');
    expect(appended.statusCode, appended.body).toBe(201);
    const clean = await download(appended.json().data.id);
    expect(clean.includes(Buffer.from('<script>'))).toBe(false);
    expect(jpeg.decode(clean).width).toBe(48);
    expect(clean.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('lists them on the return note, and takes no more once it is signed', async () => {
    const note = (await notesOf(rentalId)).find((n) => n.returnId === returnId)!;
    const names = ['damage.jpg', 'scan.png', 'gps.jpg', 'appended.jpg'];
    expect(note.photos.map((p) => p.fileName)).toEqual(names);
    const text = await pdfOf(note.id);
    expect(text).toContain('Return note');
    expect(text).toContain(`Photos (4): ${names.join(', ')}`);
    expect(text).toContain('TUB-600');
    const signed = await call('POST', `/movement-notes/${note.id}/sign`, manager(), {
      name: 'Yard Keeper',
      signature: dataUrlOf(signaturePng()),
    });
    expect(signed.statusCode).toBe(200);
    expect((await upload(JPEG_BYTES, 'late.jpg')).statusCode).toBe(409);
  });
});

describe('e-mail', () => {
  it("sends the note's PDF to the addresses named, read back from the mail", async () => {
    const made = await rent([{ materialId: tube, quantity: 2 }], { vehicle: 'Van 7' });
    const [note] = await notesOf(made.json().data.id);
    expect(
      (
        await call('POST', `/movement-notes/${note!.id}/email`, manager(), {
          to: ['site@example.test'],
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call('POST', `/movement-notes/${note!.id}/email`, admin(), {
      to: ['not an address'],
    });
    expect(bad.statusCode).toBe(400);
    const response = await call('POST', `/movement-notes/${note!.id}/email`, admin(), {
      to: ['client@example.test', 'site@example.test'],
    });
    expect(response.statusCode, response.body).toBe(202);
    const mail = await eventually(() => {
      const found = smtp.inbox.find((m) => m.to.includes('client@example.test'));
      if (!found) throw new Error('not yet');
      return found;
    });
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Stockyard: Delivery note ${note!.number}`);
    expect(parsed.attachments).toHaveLength(1);
    const [pdf] = parsed.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`${note!.number}.pdf`);
    const text = pdfText(pdf!.content);
    expect(text).toContain(`Delivery note ${note!.number}`);
    expect(text).toContain('Vehicle: Van 7');
    await eventually(() => {
      if (!smtp.inbox.some((m) => m.to.includes('site@example.test'))) throw new Error('not yet');
    });
  });
});
