import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';
import { baseURL } from '../playwright.config';

/*
 * Labels as they come out of the printer: Chromium prints the labels page to PDF at the page size
 * its CSS asks for, poppler (pdfinfo, pdftoppm) renders the paper, the label boxes are measured by
 * their outlines, and every QR code is read back by jsQR, a decoder the app does not use.
 */

const run = promisify(execFile);
/** The e2e server runs without PUBLIC_URL: the server's own address, not the page's 127.0.0.1. */
const PUBLIC_URL = `http://localhost:${new URL(baseURL).port}`;
const PT_PER_MM = 72 / 25.4;

type Created = { data: { id: number; name: string } };

async function addType(request: APIRequestContext, token: string, itemNumber: string | null) {
  const name = unique('Label Tube');
  const created = await apiCall<Created>(request, token, 'POST', '/api/catalogue/create', {
    itemNumber,
    name,
    unit: 'EACH',
  });
  return { id: created.data.id, name, itemNumber };
}

/** The labels page printed as its CSS asks (preferCSSPageSize), and pdfinfo's pages and sizes. */
async function printLabels(page: Page, url: string, expected: number) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Print Labels' })).toBeVisible();
  await expect(page.locator('.label-print svg[role="img"]')).toHaveCount(expected);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-labels-'));
  const file = path.join(dir, 'labels.pdf');
  await fs.writeFile(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const { stdout: info } = await run('pdfinfo', ['-f', '1', '-l', '100', file]);
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]) / PT_PER_MM,
    height: Number(m[2]) / PT_PER_MM,
  }));
  return { file, pages, sizes };
}

type Raster = { width: number; height: number; channels: number; pixels: Buffer; dpi: number };

/** One page as pdftoppm renders it (P5 grey or P6 colour), its header read here. */
async function render(
  file: string,
  pageNumber: number,
  dpi: number,
  gray: boolean,
): Promise<Raster> {
  const args = ['-r', String(dpi), '-f', String(pageNumber), '-l', String(pageNumber)];
  const { stdout } = await run('pdftoppm', [...args, ...(gray ? ['-gray'] : []), file], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const header = /^(P[56])\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 40).toString('latin1'));
  expect(header, 'a PGM or PPM image').not.toBeNull();
  return {
    width: Number(header![2]),
    height: Number(header![3]),
    channels: header![1] === 'P5' ? 1 : 3,
    pixels: stdout.subarray(header![0].length),
    dpi,
  };
}

const mm = (raster: Raster, px: number) => (px * 25.4) / raster.dpi;
const px = (raster: Raster, millimetres: number) => Math.round((millimetres * raster.dpi) / 25.4);

/**
 * The outlines' lines: the columns (or rows) of the page at least 90 % dark, grouped where they
 * touch. A QR code or a line of text is never that long.
 */
function lines(raster: Raster, axis: 'x' | 'y'): { from: number; to: number }[] {
  const { width, height, pixels } = raster;
  const along = axis === 'x' ? width : height;
  const across = axis === 'x' ? height : width;
  const found: { from: number; to: number }[] = [];
  for (let i = 0; i < along; i += 1) {
    let dark = 0;
    for (let j = 0; j < across; j += 1) {
      const value = axis === 'x' ? pixels[j * width + i]! : pixels[i * width + j]!;
      if (value < 180) dark += 1;
    }
    if (dark / across < 0.9) continue;
    const last = found.at(-1);
    if (last && i - last.to <= 2) last.to = i;
    else found.push({ from: i, to: i });
  }
  return found;
}

/** The box edges, in mm: the outer lines' outer sides, and where two labels' outlines meet. */
function edges(raster: Raster, axis: 'x' | 'y'): number[] {
  const found = lines(raster, axis);
  return found.map((line, index) => {
    if (index === 0) return mm(raster, line.from);
    if (index === found.length - 1) return mm(raster, line.to + 1);
    return mm(raster, (line.from + line.to + 1) / 2);
  });
}

/** The QR code inside a box of the page (in mm), read by jsQR. */
function decode(raster: Raster, box: { x: number; y: number; width: number; height: number }) {
  const left = px(raster, box.x);
  const top = px(raster, box.y);
  const width = Math.min(px(raster, box.width), raster.width - left);
  const height = Math.min(px(raster, box.height), raster.height - top);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = ((top + y) * raster.width + left + x) * raster.channels;
      const to = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1)
        rgba[to + c] = raster.pixels[from + (raster.channels === 3 ? c : 0)]!;
      rgba[to + 3] = 255;
    }
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

test.describe('labels', () => {
  test('an A4 sheet prints 3 × 8 labels of 70 × 37 mm, each QR code the public address of its item number', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(request, admin);
    const tag = Date.now().toString(36).toUpperCase();
    const first = await addType(request, token, `LBL-${tag}-A`);
    const second = await addType(request, token, `lbl-${tag}-b`);
    await signIn(page, admin);
    const printed = await printLabels(
      page,
      `/labels?types=${first.id}:12,${second.id}:12&outline=1`,
      24,
    );
    expect(printed.pages).toBe(1);
    expect(printed.sizes[0]!.width).toBeCloseTo(210, 0);
    expect(printed.sizes[0]!.height).toBeCloseTo(297, 0);

    const grey = await render(printed.file, 1, 150, true);
    const columns = edges(grey, 'x');
    const rows = edges(grey, 'y');
    expect(columns, 'the sides of 3 columns').toHaveLength(4);
    expect(rows, 'the tops and bottoms of 8 rows').toHaveLength(9);
    for (let c = 0; c < 3; c += 1) {
      expect(Math.abs(columns[c + 1]! - columns[c]! - 70), `column ${c + 1} width`).toBeLessThan(
        0.5,
      );
    }
    for (let r = 0; r < 8; r += 1) {
      expect(Math.abs(rows[r + 1]! - rows[r]! - 37), `row ${r + 1} height`).toBeLessThan(0.5);
    }
    // The common sheet: no side margins, half a millimetre atop.
    expect(Math.abs(columns[0]!)).toBeLessThan(0.5);
    expect(Math.abs(rows[0]! - 0.5)).toBeLessThan(0.5);

    // 150 dpi: what a cheap office printer prints.
    const colour = await render(printed.file, 1, 150, false);
    const read: (string | null)[] = [];
    for (let r = 0; r < 8; r += 1) {
      for (let c = 0; c < 3; c += 1) {
        read.push(
          decode(colour, {
            x: columns[c]!,
            y: rows[r]!,
            width: columns[c + 1]! - columns[c]!,
            height: rows[r + 1]! - rows[r]!,
          }),
        );
      }
    }
    // Across, then down: twelve of the first type, then twelve of the second.
    expect(read).toEqual([
      ...Array.from({ length: 12 }, () => `${PUBLIC_URL}/m/${first.itemNumber}`),
      ...Array.from({ length: 12 }, () => `${PUBLIC_URL}/m/${second.itemNumber}`),
    ]);
    await expect(page.locator('.label-print')).toContainText(first.name);
  });

  test('the 62 mm roll prints one 62 × 29 mm label a page, a type without an item number by its id', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(request, admin);
    const numbered = await addType(
      request,
      token,
      `LBL-${Date.now().toString(36).toUpperCase()}-R`,
    );
    const plain = await addType(request, token, null);
    await signIn(page, admin);
    const printed = await printLabels(
      page,
      `/labels?types=${numbered.id}:2,${plain.id}&format=62mm&outline=1`,
      3,
    );
    expect(printed.pages).toBe(3);
    for (const size of printed.sizes) {
      expect(Math.abs(size.width - 62)).toBeLessThan(0.5);
      expect(Math.abs(size.height - 29)).toBeLessThan(0.5);
    }
    const expected = [
      `${PUBLIC_URL}/m/${numbered.itemNumber}`,
      `${PUBLIC_URL}/m/${numbered.itemNumber}`,
      `${PUBLIC_URL}/m/${plain.id}`,
    ];
    for (let n = 1; n <= 3; n += 1) {
      const grey = await render(printed.file, n, 150, true);
      const columns = edges(grey, 'x');
      const rows = edges(grey, 'y');
      expect(columns).toHaveLength(2);
      expect(rows).toHaveLength(2);
      expect(Math.abs(columns[1]! - columns[0]! - 62)).toBeLessThan(0.5);
      expect(Math.abs(rows[1]! - rows[0]! - 29)).toBeLessThan(0.5);
      const colour = await render(printed.file, n, 200, false);
      expect(decode(colour, { x: 0, y: 0, width: 62, height: 29 })).toBe(expected[n - 1]);
    }
  });

  test("a label's address opens the material at a field manager's location, the type's stock for an admin, and says what it cannot open", async ({
    page,
    browser,
    request,
    seed,
  }) => {
    const { token } = await apiLogin(request, admin);
    const site = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id);
    const tag = Date.now().toString(36).toUpperCase();
    const held = await addType(request, token, `SCAN-${tag}`);
    const elsewhere = await addType(request, token, null);
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name: held.name,
      locationId: site.id,
      quantity: 30,
      unit: 'EACH',
    });

    // A field manager: their location's stock of it, its history open; the code's case aside.
    await signIn(page, manager);
    await page.goto(`/m/scan-${tag.toLowerCase()}`);
    await expect(page).toHaveURL(/\/inventory\?material=\d+$/);
    const history = page.getByRole('dialog', { name: 'Stock History' });
    await expect(history).toBeVisible();
    await expect(history).toContainText(held.name);

    await page.goto(`/m/${elsewhere.id}`);
    await expect(
      page.getByText(`${elsewhere.name} is not in stock at ${site.name}.`),
    ).toBeVisible();

    await page.goto('/m/NO-SUCH-LABEL');
    await expect(
      page.getByText('No material in the catalogue has the code NO-SUCH-LABEL.'),
    ).toBeVisible();

    await page.goto(`/l/${site.id}`);
    await expect(page).toHaveURL(/\/inventory$/);

    // An admin: the type's stock at every location.
    const context = await browser.newContext();
    const office = await context.newPage();
    await signIn(office, admin);
    await office.goto(`/m/SCAN-${tag}`);
    await expect(office).toHaveURL(new RegExp(`/catalogue\\?type=${held.id}$`));
    const stock = office.getByRole('dialog', { name: 'Stock by Location' });
    await expect(stock).toBeVisible();
    await expect(stock.getByRole('row', { name: new RegExp(site.name) })).toContainText('30');
    await context.close();
  });
});
