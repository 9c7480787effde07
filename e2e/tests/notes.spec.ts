import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Download, Page } from '@playwright/test';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

type Created = { data: { id: number; name: string } };
type Rental = { data: { id: number; items: { id: number }[] } };

const dir = mkdtempSync(path.join(tmpdir(), 'e2e-notes-'));

/** What pdftotext reads out of a downloaded PDF. */
async function pdfText(download: Download): Promise<string> {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A photo as a phone's camera gives one: a 64 × 48 PNG, grey with a darker band. */
function photoPng(): Buffer {
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, tail]);
  };
  const width = 64;
  const height = 48;
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, y > 20 && y < 28 ? 40 : 180)]),
  );
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openNotes(page: Page, rentalId: number) {
  await page.getByRole('button', { name: `Actions for rental ${rentalId}` }).click();
  await page.getByRole('menuitem', { name: 'Delivery note' }).click();
  return page.getByRole('dialog', { name: `Notes of Rental #${rentalId}` });
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, acceptDownloads: true });

test.describe('delivery and return notes', () => {
  test('a dispatch signed on a phone, a return with a photo, and both PDFs read back', async ({
    page,
    request,
    seed,
  }) => {
    test.slow();
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const { token } = await apiLogin(request, admin);
    const tube = unique('Note Tube');
    await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: tube,
      locationId: yard.id,
      quantity: 30,
      unit: 'EACH',
    });

    // The admin assigns the rental, with its vehicle and driver.
    await signIn(page, admin);
    await page.goto('/material-rentals');
    await page.getByRole('button', { name: 'Assign New Rental' }).click();
    const form = page.getByRole('dialog', { name: 'Add Rental' });
    await form.getByLabel('From Location').selectOption({ label: yard.name });
    await form.getByLabel('Rented To Location').selectOption({ label: site.name });
    const date = new Date();
    date.setDate(date.getDate() + 7);
    const pad = (n: number) => String(n).padStart(2, '0');
    await form
      .getByLabel('Expected Return Date')
      .fill(`${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`);
    const first = form.getByRole('group', { name: 'Item 1' });
    await first.getByLabel('Material').selectOption({ label: `${tube} (Stock: 30 Each)` });
    await first.getByLabel('Quantity').fill('12');
    await form.getByLabel('Vehicle').fill('Truck YX21 ABC');
    await form.getByLabel('Driver').fill('Dave Driver');
    await form.getByRole('button', { name: 'Create Rental' }).click();
    await expect(page.getByText('Rental created successfully.')).toBeVisible();
    const listed = await apiCall<{ data: { rentals: { id: number }[] } }>(
      request,
      token,
      'GET',
      `/api/material-rentals?locationId=${site.id}`,
    );
    const rentalId = listed.data.rentals[0]!.id;

    // The site's field manager opens the delivery note on their phone and signs it.
    const phone = await page
      .context()
      .browser()!
      .newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        acceptDownloads: true,
      });
    const fm = await phone.newPage();
    await signIn(fm, manager);
    await fm.goto(`/material-rentals`);
    const notes = await openNotes(fm, rentalId);
    const delivery = notes.getByRole('listitem', { name: /^DN-\d{4}-\d{4}$/ });
    await expect(delivery).toContainText('Not signed');
    await expect(delivery).toContainText('Vehicle Truck YX21 ABC');
    const number = (await delivery.getAttribute('aria-label'))!;
    await delivery.getByRole('button', { name: 'Sign' }).click();
    const pad2 = delivery.getByTestId('signature-pad');
    const box = (await pad2.boundingBox())!;
    await fm.mouse.move(box.x + 20, box.y + box.height / 2);
    await fm.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await fm.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25));
    }
    await fm.mouse.up();
    await delivery.getByLabel('Name of the person signing').fill('Sam Site');
    await delivery.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(fm.getByText(`${number} signed`)).toBeVisible();
    await expect(delivery).toContainText('Signed by Sam Site');
    const [download] = await Promise.all([
      fm.waitForEvent('download'),
      delivery.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText(download);
    expect(text).toContain(`Delivery note ${number}`);
    expect(text).toContain('Name: Sam Site');
    expect(text).toMatch(/Signed: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    expect(text).toContain('Vehicle: Truck YX21 ABC');
    expect(text).toContain('Driver: Dave Driver');
    expect(text).toMatch(/\s12\s+Each\s/);
    await notes.press('Escape');

    // Part comes back; the return's note gets a photo from the phone's camera.
    const rental = await apiCall<Rental>(
      request,
      token,
      'GET',
      `/api/material-rentals/${rentalId}`,
    );
    await apiCall(request, token, 'POST', `/api/material-rentals/${rentalId}/returns`, {
      rentalItemId: rental.data.items[0]!.id,
      returnedQuantity: 5,
    });
    const again = await openNotes(fm, rentalId);
    const back = again.getByRole('listitem', { name: /^RN-\d{4}-\d{4}$/ });
    await expect(back).toContainText('No photos');
    const returnNumber = (await back.getAttribute('aria-label'))!;
    await back
      .locator('input[type="file"]')
      .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: photoPng() });
    await expect(fm.getByText('Photo added')).toBeVisible();
    await expect(back.getByRole('img', { name: 'damage.jpg' })).toBeVisible();
    const [returnPdf] = await Promise.all([
      fm.waitForEvent('download'),
      back.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const returnText = await pdfText(returnPdf);
    expect(returnText).toContain(`Return note ${returnNumber}`);
    expect(returnText).toContain('Photos (1): damage.jpg');
    expect(returnText).toMatch(/\s5\s+Each\s/);
    await phone.close();
  });
  test('someone who cannot draw types the signature, and the note and its PDF say so', async ({
    page,
    request,
    seed,
  }) => {
    const yard = await seed.location();
    const site = await seed.location({ type: 'FIELD' });
    const { token } = await apiLogin(request, admin);
    const made = await apiCall<Created>(request, token, 'POST', '/api/materials/create', {
      name: unique('Typed Tube'),
      locationId: yard.id,
      quantity: 5,
      unit: 'EACH',
    });
    const rental = await apiCall<Rental>(request, token, 'POST', '/api/material-rentals', {
      fromLocationId: yard.id,
      toLocationId: site.id,
      expectedReturnDate: '2099-01-01',
      items: [{ materialId: made.data.id, quantity: 2, unit: 'EACH' }],
    });
    await signIn(page, admin);
    await page.goto('/material-rentals');
    const notes = await openNotes(page, rental.data.id);
    const delivery = notes.getByRole('listitem', { name: /^DN-\d{4}-\d{4}$/ });
    const number = (await delivery.getAttribute('aria-label'))!;
    await delivery.getByRole('button', { name: 'Sign' }).click();
    await delivery.getByLabel('Type the signature instead of drawing it').check();
    await expect(delivery.getByTestId('signature-pad')).toBeHidden();
    await delivery.getByLabel('Name of the person signing').fill('Иван Петров');
    await delivery.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText(`${number} signed`)).toBeVisible();
    await expect(delivery).toContainText('Signed by Иван Петров (typed)');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      delivery.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain('Signature typed by the signer (not drawn)');
    expect(text).toContain('Name: Иван Петров');
  });
});
