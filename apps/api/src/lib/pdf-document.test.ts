import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdf } from './pdf-document';
import { SHAPED_WORDS_LIMIT, shapedWordCount } from './pdf-shaping';

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-document-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text poppler's pdftotext reads out of a PDF, a line of the page a line. */
function textOf(pdf: Buffer): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim());
}

/** Names whose glyphs are built of others (Ἀ is A and a breathing mark, ó is o and an accent). */
const NAMES = [
  'Ἀθῆναι',
  'Ὁδὸς Ἑρμοῦ',
  'Ἠλίας Ὠκεανός',
  'Łódź Süd – Baustelle',
  'Иван Петров',
  'Ёлка Йошкар-Ола',
  '足場パイプ',
  '北京 서울',
];
const LATIN = [
  'Vehicle: Truck YX21 ABC',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'abcdefghijklmnopqrstuvwxyz',
];

async function namesPdf() {
  const pdf = createPdf({ title: 'Ἀθῆναι', number: '1' });
  for (const name of NAMES) pdf.paragraph(name).paragraph(name, { bold: true });
  return pdf.finish();
}

async function latinPdf() {
  const pdf = createPdf({ title: 'Delivery note', number: 'DN-2026-0001' });
  for (const line of LATIN) pdf.paragraph(line).paragraph(`${line} (bold)`, { bold: true });
  return pdf.finish();
}

describe('PDFs drawn one after another in one process', () => {
  // The documents share each font's parsed tables. A font shared whole once let a document that
  // embedded Ἀ turn the next document's A into no text ("Truck YX21 ABC" read "YX21 BC").
  it('read back exactly, whatever names in whichever script the documents before them had', async () => {
    for (let round = 0; round < 3; round++) {
      const names = textOf(await namesPdf());
      for (const name of NAMES) expect(names.filter((line) => line === name)).toHaveLength(2);
      const latin = textOf(await latinPdf());
      for (const line of LATIN) {
        expect(latin, line).toContain(line);
        expect(latin, line).toContain(`${line} (bold)`);
      }
      expect(latin).toContain('Delivery note DN-2026-0001 Page 1 of 1');
    }
  });
});

describe('words shaped once a thread, for every PDF drawn there', () => {
  // The glyph ids, code points and advances of each word are kept between documents; each document
  // makes its own glyphs of them. A kept glyph object would carry the code points a composite
  // glyph's subsetting left it with (none) into the next document's text map.
  it('read back exactly in a document before and after one with composite glyphs and CJK names', async () => {
    const before = textOf(await latinPdf());
    const kept = shapedWordCount();
    expect(kept).toBeGreaterThan(0);
    const names = textOf(await namesPdf());
    for (const name of NAMES) expect(names.filter((line) => line === name)).toHaveLength(2);
    const withNames = shapedWordCount();
    const after = textOf(await latinPdf());
    // The second Latin document shaped nothing new: its words came from what the first kept.
    expect(shapedWordCount()).toBe(withNames);
    for (const lines of [before, after]) {
      for (const line of LATIN) {
        expect(lines, line).toContain(line);
        expect(lines, line).toContain(`${line} (bold)`);
      }
      expect(lines).toContain('Delivery note DN-2026-0001 Page 1 of 1');
    }
    expect(after).toEqual(before);
  });

  it('keeps at most its limit of words', async () => {
    const words = Array.from({ length: SHAPED_WORDS_LIMIT + 200 }, (_, index) => `w${index}`);
    const pdf = createPdf({ title: 'Words', number: '1' });
    for (let start = 0; start < words.length; start += 400)
      pdf.paragraph(words.slice(start, start + 400).join(' '), { size: 6 });
    const lines = textOf(await pdf.finish());
    expect(shapedWordCount()).toBeLessThanOrEqual(SHAPED_WORDS_LIMIT);
    expect(lines.join(' ').split(' ')).toEqual(expect.arrayContaining([words[0], words.at(-1)]));
  });
});
