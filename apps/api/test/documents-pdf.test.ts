import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MOVEMENT_NOTE_MESSAGES } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, materialTypes } from '../src/db/schema';
import { createLocation, seedActors } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { moneyFixtures } from './invoice-money-fixtures';

/**
 * Every server PDF in any script, on every page (issue 51, decision 052): delivery and return
 * notes and invoices with names in Polish, Russian, Japanese and polytonic Greek, read back with
 * poppler's pdftotext (exact), pdffonts (every font embedded) and pdfinfo (tagged); a 100-line note
 * and a 150-item invoice carry their number, the table's header and "Page n of m" on every page.
 */

const SITE = 'Łódź Süd – Baustelle';
const DRIVER = 'Иван Петров';
const PIPE = '足場パイプ';
const YARD = 'Ἀθῆναι';
const NAMES = [SITE, DRIVER, PIPE, YARD];

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let yard: Awaited<ReturnType<typeof createLocation>>;
let site: Awaited<ReturnType<typeof createLocation>>;
const f = moneyFixtures(() => t);
const admin = () => actors.admin.headers;
const dir = mkdtempSync(path.join(tmpdir(), 'documents-pdf-'));

/** The PDF written to a file, for poppler's tools. */
function fileOf(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const poppler = (tool: string, ...args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 1 << 24 });

/** pdffonts' rows: each font's name and whether it is embedded. */
function fontsOf(file: string) {
  const lines = poppler('pdffonts', file).trim().split('\n').slice(2);
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    // name type... encoding emb sub uni object ID: emb is the fifth from the end.
    return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
  });
}

/** Checks what every server PDF must be: names exact, fonts embedded, tagged with a language. */
function checkDocument(pdf: Buffer, names: string[]) {
  const file = fileOf(pdf);
  const text = poppler('pdftotext', file, '-');
  for (const name of names) expect(text).toContain(name);
  const fonts = fontsOf(file);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true });
  expect(fonts.map((font) => font.name).join(' ')).not.toMatch(/Helvetica|Times|Courier/);
  expect(poppler('pdfinfo', file)).toMatch(/^Tagged:\s+yes$/m);
  expect(pdf.toString('latin1')).toContain('/Lang (en)');
  return { file, text, fonts };
}

/** Each page's text, by pdftotext -f n -l n. */
function pagesOf(file: string): string[] {
  const count = Number(/^Pages:\s+(\d+)$/m.exec(poppler('pdfinfo', file))![1]);
  return Array.from({ length: count }, (_, index) =>
    poppler('pdftotext', '-layout', '-f', String(index + 1), '-l', String(index + 1), file, '-'),
  );
}

async function download(url: string) {
  const response = await f.call('GET', url, admin());
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

async function material(name: string, quantity: number, itemNumber: string) {
  const response = await f.call('POST', '/materials/create', admin(), {
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
    .set({ itemNumber, weightKg: 2.5 })
    .where(eq(materialTypes.id, row!.typeId));
  return id;
}

async function rent(items: { materialId: number; quantity: number }[]) {
  const response = await f.call('POST', '/material-rentals', admin(), {
    fromLocationId: yard.id,
    toLocationId: site.id,
    expectedReturnDate: '2099-01-01',
    items: items.map((item) => ({ ...item, unit: 'EACH' })),
    driver: DRIVER,
    vehicle: 'Van 7',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; items: { id: number }[] };
}

type Note = { id: number; kind: string; number: string; signed: { typed: boolean } | null };
async function notesOf(rentalId: number): Promise<Note[]> {
  const response = await f.call('GET', `/movement-notes?rentalId=${rentalId}`, admin());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

let pipe: number;
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  yard = await createLocation(t.db, { name: YARD, address: 'Ὁδὸς Ἑρμοῦ 1' });
  site = await createLocation(t.db, { name: SITE, type: 'FIELD', address: 'ul. Piotrkowska 1' });
  pipe = await material(PIPE, 1000, 'JP-001');
  await f.setTerms('EUR', 1900, [['Erection', 'SQM (M2)', 1250]]);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('names in any script', () => {
  it('prints a delivery note and a return note with every name exact, in embedded fonts, tagged', async () => {
    const rental = await rent([{ materialId: pipe, quantity: 12 }]);
    const back = await f.call('POST', `/material-rentals/${rental.id}/returns`, admin(), {
      rentalItemId: rental.items[0]!.id,
      returnedQuantity: 5,
    });
    expect(back.statusCode, back.body).toBe(201);
    const [delivery, returned] = await notesOf(rental.id);
    expect([delivery!.kind, returned!.kind]).toEqual(['DELIVERY', 'RETURN']);

    const deliveryPdf = checkDocument(await download(`/movement-notes/${delivery!.id}/pdf`), NAMES);
    expect(deliveryPdf.text).toContain(`Driver: ${DRIVER}`);
    // The Latin, Greek and Cyrillic in Noto Sans, the Japanese in Noto Sans JP.
    const names = deliveryPdf.fonts.map((font) => font.name.split('+')[1]);
    expect(names).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSansJP-Regular']));

    checkDocument(await download(`/movement-notes/${returned!.id}/pdf`), [SITE, PIPE, YARD]);
  });

  it('prints an invoice with every name exact, in embedded fonts, tagged', async () => {
    const invoice = await f.createWork(admin(), site.id, {
      clientName: DRIVER,
      clientAddress: SITE,
      items: [
        {
          job_type: 'Erection',
          uom: 'SQM (M2)',
          quantity: 2,
          length: 3,
          width: 4,
          job_description: PIPE,
          location: YARD,
        },
      ],
    });
    const { text } = checkDocument(await download(`/invoices/${invoice.id}/pdf`), NAMES);
    expect(text).toContain('Net: €300.00');
  });
});

describe('long documents', () => {
  it('a 100-line delivery note: the number, the header and "Page n of m" on every page', async () => {
    const lines: { materialId: number; quantity: number }[] = [];
    for (let n = 1; n <= 100; n++) {
      const id = await material(`Steel tube ${n}`, 10, `T-${String(n).padStart(3, '0')}`);
      lines.push({ materialId: id, quantity: 1 });
    }
    const rental = await rent(lines);
    const [note] = await notesOf(rental.id);
    const pdf = checkDocument(await download(`/movement-notes/${note!.id}/pdf`), [SITE, YARD]);
    const pages = pagesOf(pdf.file);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    let printed = 0;
    pages.forEach((page, index) => {
      expect(page).toContain(`Delivery note ${note!.number}`);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      const rows = page.match(/^\s*T-\d{3}\s/gm)?.length ?? 0;
      printed += rows;
      // Wherever rows are, the table's header is above them.
      if (rows > 0) expect(page).toMatch(/Item number\s+Material\s+Quantity\s+Unit\s+Weight/);
    });
    expect(printed).toBe(100);
  });

  it('a 150-item invoice: the number, the header and "Page n of m" on every page', async () => {
    const items = Array.from({ length: 150 }, (_, index) => ({
      job_type: 'Erection',
      uom: 'SQM (M2)',
      quantity: 1,
      length: 1,
      width: 1,
      job_description: `Bay ${String(index + 1).padStart(3, '0')}`,
    }));
    const invoice = await f.createWork(admin(), site.id, { items });
    const finalized = await f.finalize(invoice.id, admin());
    const pdf = checkDocument(await download(`/invoices/${invoice.id}/pdf`), [SITE]);
    const pages = pagesOf(pdf.file);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    let printed = 0;
    pages.forEach((page, index) => {
      expect(page).toContain(finalized.number);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      const rows = page.match(/^\s*Bay \d{3}/gm)?.length ?? 0;
      printed += rows;
      if (rows > 0) expect(page).toMatch(/Job\s+Type\s+Quantity\s+Rate\s+Amount/);
    });
    expect(printed).toBe(150);
  });
});

describe('a typed signature', () => {
  it('signs with the typed name alone, and the note and its PDF say it was typed', async () => {
    const rental = await rent([{ materialId: pipe, quantity: 1 }]);
    const [note] = await notesOf(rental.id);
    const url = `/movement-notes/${note!.id}/sign`;

    const neither = await f.call('POST', url, admin(), { name: DRIVER });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(MOVEMENT_NOTE_MESSAGES.signatureBlank);
    const both = await f.call('POST', url, admin(), {
      name: DRIVER,
      typed: true,
      signature: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MOVEMENT_NOTE_MESSAGES.typedWithDrawing);

    const signed = await f.call('POST', url, admin(), { name: DRIVER, typed: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const [after] = await notesOf(rental.id);
    expect(after!.signed).toMatchObject({ name: DRIVER, typed: true });
    const { text } = checkDocument(await download(`/movement-notes/${note!.id}/pdf`), [DRIVER]);
    expect(text).toContain('Signature typed by the signer (not drawn)');
    expect(text).toContain(`Name: ${DRIVER}`);
  });
});
