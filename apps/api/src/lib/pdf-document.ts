import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { cachedLayout, fontOver } from './pdf-shaping';

/**
 * Every PDF the server makes is made here: A4, tagged, in embedded subset Noto fonts (Noto Sans,
 * with JP, SC and KR where text needs CJK glyphs; never pdfkit's WinAnsi Helvetica), each page with
 * the title, number and "Page n of m", and table headers repeated on every page.
 */

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, weight: string, name: string) =>
  require.resolve(`@expo-google-fonts/${pkg}/${weight}/${name}_${weight}.ttf`);

type Face = { regular: string; bold: string };
const face = (pkg: string, name: string): Face => ({
  regular: fontFile(pkg, '400Regular', name),
  bold: fontFile(pkg, '700Bold', name),
});

/** Noto Sans: Latin (with its extensions, Vietnamese), Greek (polytonic too) and Cyrillic. */
const PRIMARY = face('noto-sans', 'NotoSans');
/** The fallbacks for Chinese, Japanese and Korean, in the order ties are broken. */
const FALLBACKS: Face[] = [
  face('noto-sans-jp', 'NotoSansJP'),
  face('noto-sans-sc', 'NotoSansSC'),
  face('noto-sans-kr', 'NotoSansKR'),
];

const parsed = new Map<string, fontkit.Font>();
/**
 * The font of a file, parsed once a thread (and only once a text needs it) and shared by every PDF
 * drawn there: its tables (character map, metrics, outlines, and the OpenType layout lookups:
 * kerning, mark positioning, contextual forms) are decoded as text first needs them, and only read
 * after. Decoding the layout lookups is most of what a face's first text costs, about 50 ms of CPU
 * for Noto Sans: when each document parsed its own fonts, a 100-line delivery note cost about
 * 160 ms of CPU, sharing them about 50. This font itself is never laid out or subset: each
 * document lays out and subsets its own (documentFont).
 */
function parsedFont(file: string): fontkit.Font {
  let font = parsed.get(file);
  if (!font) {
    font = fontkit.create(readFileSync(file));
    parsed.set(file, font);
  }
  return font;
}

/**
 * Whether a font file has a glyph for a character, for the Basic Multilingual Plane known once a
 * thread (64 KB a file: 0 not asked yet, 1 yes, 2 no): every character of every text is asked
 * (about 6,800 times for a 100-line note), and fontkit's character map lookup takes 0.1 to 0.7 µs.
 */
const coverage = new Map<string, Uint8Array>();
function covers(file: string, codePoint: number): boolean {
  if (codePoint > 0xffff) return parsedFont(file).hasGlyphForCodePoint(codePoint);
  let known = coverage.get(file);
  if (!known) {
    known = new Uint8Array(0x10000);
    coverage.set(file, known);
  }
  if (known[codePoint] === 0)
    known[codePoint] = parsedFont(file).hasGlyphForCodePoint(codePoint) ? 1 : 2;
  return known[codePoint] === 1;
}

/** A font file's PostScript name (fontkit reads it from the name table at each ask). */
const postscriptNames = new Map<string, string>();
function postscriptName(file: string): string {
  let name = postscriptNames.get(file);
  if (name === undefined) {
    name = parsedFont(file).postscriptName;
    postscriptNames.set(file, name);
  }
  return name;
}

/**
 * A font for one document: an object that reads the shared parsed font's tables through its
 * prototype, with its own glyph objects and layout engine (fontkit 2's `_glyphs` and
 * `_layoutEngine`; pdf-document.test.ts fails if they stop being its own). fontkit keeps one glyph
 * object per glyph in a font, with the code points it was first made for, and pdfkit writes those
 * into the PDF's text map (ToUnicode). Its subsetter makes the parts of a composite glyph with
 * none: after one document embedded Ἀ (an A and a breathing mark), the next document's A, in a
 * font they shared whole, read back as nothing ("Truck YX21 ABC" as "Truck YX21 BC"). Its text is
 * laid out a word at a time from the words this thread has shaped (lib/pdf-shaping.ts: glyph ids,
 * code points and advances, numbers only), its glyphs made in its own cache; a word shaped with
 * features, or longer than any word kept, by its own layout engine, which makes the glyphs from
 * its font's cache: a document's own too.
 * pdfkit (0.20) takes a parsed fontkit font where it takes a file; its types know files only.
 */
function documentFont(file: string): PDFKit.Mixins.PDFFontSource {
  const shared = parsedFont(file);
  const own = fontOver(shared);
  Object.defineProperty(own, 'layout', { value: cachedLayout(file, shared, own) });
  return own as unknown as PDFKit.Mixins.PDFFontSource;
}

type TextRun = { text: string; font: string };

/**
 * The text cut into runs, each with the font that has its glyphs: Noto Sans where it has them, else
 * the CJK font that has most of the text's other characters (a Japanese name in Noto Sans JP, a
 * Chinese one in Noto Sans SC, a Korean one in KR; ties go to JP, SC, KR). A character stays in the
 * run's font while that font has it (spaces and digits do not split a run). A character no font has
 * stays in Noto Sans (drawn as its empty box, and still read back as itself).
 */
function textRuns(text: string, bold = false): TextRun[] {
  const primary = bold ? PRIMARY.bold : PRIMARY.regular;
  const chars = [...text];
  const missing = chars.filter((char) => !covers(primary, char.codePointAt(0)!));
  const fallbacks =
    missing.length === 0
      ? []
      : FALLBACKS.map((f) => (bold ? f.bold : f.regular))
          .map((file, index) => ({
            file,
            index,
            count: missing.filter((char) => covers(file, char.codePointAt(0)!)).length,
          }))
          .sort((a, b) => b.count - a.count || a.index - b.index)
          .map((entry) => entry.file);
  const runs: TextRun[] = [];
  for (const char of chars) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && covers(current.font, codePoint)) {
      current.text += char;
      continue;
    }
    const font = [primary, ...fallbacks].find((file) => covers(file, codePoint)) ?? primary;
    if (current && current.font === font) current.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

export type TextStyle = {
  bold?: boolean;
  size?: number;
  width?: number;
  align?: 'left' | 'right' | 'center';
};

export type PdfColumn = { title: string; width: number; align: 'left' | 'right' };

export type PdfSetup = {
  /** The kind of document, e.g. "Delivery note", "Invoice". */
  title: string;
  /** Its number (or the draft's reference), on every page beside "Page n of m". */
  number: string;
  /** BCP 47 language of the text (the document's and its structure tree's). */
  lang?: string;
  /** More pdfkit options, e.g. `subset: 'PDF/A-3b'` and `pdfVersion` for a Factur-X invoice. */
  pdfkit?: Partial<PDFKit.PDFDocumentOptions>;
};

const PDF_MARGIN = 50;
/** The lowest a row or paragraph may end before it moves to the next page (above the footer). */
const BOTTOM_RESERVE = 70;

/**
 * One PDF being written: `doc` is the pdfkit document (for what this class does not wrap, e.g. an
 * attachment with `doc.file`); text goes through `heading`, `paragraph`, `labelled`, `table` and
 * `image`, which set it in the fonts above and tag it (H1, P, Table/TR/TH/TD, Figure) in one
 * Document element; `finish` writes every page's footer and ends the file.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly left = PDF_MARGIN;
  readonly width: number;
  private readonly root: PDFKit.PDFStructureElement;
  private readonly done: Promise<Buffer>;

  constructor(readonly setup: PdfSetup) {
    const lang = setup.lang ?? 'en';
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PDF_MARGIN,
      bufferPages: true,
      tagged: true,
      lang,
      displayTitle: true,
      font: this.fontFor(PRIMARY.regular) as string,
      info: { Title: `${setup.title} ${setup.number}`, Author: 'Stockyard' },
      ...setup.pdfkit,
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.width = this.doc.page.width - 2 * PDF_MARGIN;
    this.root = this.doc.struct('Document', { lang });
    this.doc.addStructure(this.root);
  }

  private readonly fonts = new Map<string, PDFKit.Mixins.PDFFontSource>();

  /** This document's font of `file` (its glyphs and layout its own, its tables shared). */
  private fontFor(file: string) {
    let font = this.fonts.get(file);
    if (!font) {
      font = documentFont(file);
      this.fonts.set(file, font);
    }
    return font;
  }

  /**
   * Sets the font of `file`, named by its PostScript name, the name pdfkit keeps the document's
   * default under, so that each face is looked up, not opened again, at every switch.
   */
  private useFont(file: string) {
    return this.doc.font(this.fontFor(file), postscriptName(file));
  }

  /** The lowest y text may reach on a page. */
  get bottom() {
    return this.doc.page.height - BOTTOM_RESERVE;
  }

  /** A new page when `height` more points do not fit on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.x = this.left;
    }
    return this;
  }

  /** Draws text (untagged: inside a structure element or an artifact) in the fonts that have it. */
  write(text: string, x: number | undefined, y: number | undefined, style: TextStyle = {}) {
    const doc = this.doc;
    doc.fontSize(style.size ?? 10);
    const options: PDFKit.Mixins.TextOptions = {
      width: style.width ?? this.width - ((x ?? doc.x) - this.left),
      align: style.align ?? 'left',
    };
    const runs = textRuns(text, style.bold);
    if (runs.length === 0)
      runs.push({ text: '', font: style.bold ? PRIMARY.bold : PRIMARY.regular });
    runs.forEach((run, index) => {
      this.useFont(run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued });
    });
    this.useFont(PRIMARY.regular);
    return this;
  }

  /** The height the text takes at the width (measured in Noto Sans, whose line height CJK shares). */
  heightOf(text: string, style: TextStyle & { width: number }) {
    const doc = this.useFont(style.bold ? PRIMARY.bold : PRIMARY.regular).fontSize(
      style.size ?? 10,
    );
    // A line that fits is one line high: most cells, measured without wrapping them (the wrapping
    // was most of a table's time).
    if (!text.includes('\n') && doc.widthOfString(text) <= style.width) {
      return doc.currentLineHeight(true);
    }
    return doc.heightOfString(text || ' ', { width: style.width });
  }

  private tag(type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}) {
    this.root.add(this.doc.struct(type, options, draw));
    return this;
  }

  /** Content that is not the document's (rules, page furniture): marked so readers skip it. */
  artifact(draw: () => void) {
    this.doc.markContent('Artifact', { type: 'Layout' });
    draw();
    this.doc.endMarkedContent();
    return this;
  }

  heading(text: string, size = 18) {
    this.ensureSpace(size * 1.5);
    return this.tag('H1', () => this.write(text, this.left, this.doc.y, { bold: true, size }));
  }

  /** One paragraph (or one line) of text, on the next page when it does not fit. */
  paragraph(text: string, style: TextStyle & { x?: number } = {}) {
    const x = style.x ?? this.left;
    const width = style.width ?? this.width - (x - this.left);
    this.ensureSpace(this.heightOf(text, { ...style, width }));
    return this.tag('P', () => this.write(text, x, this.doc.y, { ...style, width }));
  }

  /**
   * Blocks side by side (e.g. From and To), each a bold label over its lines, starting at one
   * height; the text goes on below the longest.
   */
  blocks(blocks: Array<{ label: string; lines: Array<string | null | undefined> }>) {
    const gap = 20;
    const width = (this.width - gap * (blocks.length - 1)) / blocks.length;
    const lines = blocks.map((block) => block.lines.filter((line): line is string => !!line));
    const height = Math.max(
      ...lines.map(
        (block, index) =>
          this.heightOf(blocks[index]!.label, { bold: true, width }) +
          block.reduce((sum, line) => sum + this.heightOf(line, { width }), 0),
      ),
    );
    this.ensureSpace(height);
    const top = this.doc.y;
    let bottom = top;
    blocks.forEach((block, index) => {
      const x = this.left + index * (width + gap);
      this.doc.y = top;
      this.tag('H2', () => this.write(block.label, x, top, { bold: true, width }));
      for (const line of lines[index]!)
        this.tag('P', () => this.write(line, x, this.doc.y, { width }));
      bottom = Math.max(bottom, this.doc.y);
    });
    this.doc.x = this.left;
    this.doc.y = bottom;
    return this;
  }

  /** A horizontal rule across the text width at the current height (an artifact). */
  rule() {
    const y = this.doc.y - 2;
    return this.artifact(() => {
      this.doc
        .moveTo(this.left, y)
        .lineTo(this.left + this.width, y)
        .stroke();
    });
  }

  /**
   * A table: its header row, then its rows; a row that does not fit starts a new page, which
   * begins with the header row again (marked as an artifact there: the table has one header).
   */
  table(columns: PdfColumn[], rows: string[][], size = 9) {
    const doc = this.doc;
    const table = doc.struct('Table');
    this.root.add(table);
    const cellHeight = (cells: string[], bold: boolean) =>
      Math.max(
        ...cells.map((cell, index) =>
          this.heightOf(cell, { bold, size, width: columns[index]!.width - 4 }),
        ),
      );
    const drawCells = (
      cells: string[],
      bold: boolean,
      tagged: PDFKit.PDFStructureElement | null,
    ) => {
      const top = doc.y;
      let bottom = top;
      let x = this.left;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        const draw = () =>
          this.write(cell, x, top, { bold, size, width: column.width - 4, align: column.align });
        if (tagged) tagged.add(doc.struct(bold ? 'TH' : 'TD', {}, draw));
        else draw();
        bottom = Math.max(bottom, doc.y);
        x += column.width;
      });
      doc.x = this.left;
      doc.y = bottom + 4;
    };
    const header = (repeated: boolean) => {
      const titles = columns.map((column) => column.title);
      if (repeated) {
        this.artifact(() => drawCells(titles, true, null));
      } else {
        const tr = doc.struct('TR');
        table.add(tr);
        drawCells(titles, true, tr);
        tr.end();
      }
      this.rule();
    };
    const headerHeight = cellHeight(
      columns.map((column) => column.title),
      true,
    );
    this.ensureSpace(headerHeight + 4 + cellHeight(rows[0] ?? [''], false));
    header(false);
    for (const cells of rows) {
      const height = cellHeight(cells, false);
      if (doc.y + height > this.bottom) {
        doc.addPage();
        doc.x = this.left;
        header(true);
      }
      const tr = doc.struct('TR');
      table.add(tr);
      drawCells(cells, false, tr);
      tr.end();
    }
    table.end();
    this.rule();
    return this;
  }

  /** An image with its text alternative (a Figure); false when pdfkit cannot read it. */
  image(data: Buffer, alt: string, fit: [number, number]) {
    this.ensureSpace(fit[1] + 8);
    const y = this.doc.y + 4;
    try {
      this.tag('Figure', () => this.doc.image(data, this.left, y, { fit }), { alt });
    } catch {
      return false;
    }
    this.doc.x = this.left;
    this.doc.y = y + fit[1] + 4;
    return true;
  }

  moveDown(lines = 1) {
    this.doc.moveDown(lines);
    this.doc.x = this.left;
    return this;
  }

  /** Every page's footer (title, number, "Page n of m"), then the file. */
  finish(): Promise<Buffer> {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const margins = doc.page.margins;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const y = doc.page.height - 35;
      doc.markContent('Artifact', { type: 'Pagination' });
      this.write(`${this.setup.title} ${this.setup.number}`, this.left, y, {
        size: 8,
        width: this.width * 0.7,
      });
      this.write(`Page ${index + 1} of ${range.count}`, this.left, y, {
        size: 8,
        width: this.width,
        align: 'right',
      });
      doc.endMarkedContent();
      margins.bottom = bottom;
    }
    this.root.end();
    doc.end();
    return this.done;
  }
}

/** A new PDF (see PdfWriter). */
export const createPdf = (setup: PdfSetup) => new PdfWriter(setup);
