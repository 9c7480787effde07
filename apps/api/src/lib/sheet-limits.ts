import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
} from '@stockyard/shared';
import { Inflate } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The limits an uploaded spreadsheet is read within, checked WHILE it is read, before the CSV
 * parser or exceljs builds anything: the first limit passed stops the reading with a SheetError
 * that names it. Parts are inflated as streams and their XML counted by a SAX parser, keeping only
 * counters, so a 5 MB file that inflates to gigabytes costs the few MB read before its limit.
 */

/** A whole-file problem (format, size, a limit, a missing column); its message is shown as is. */
export class SheetError extends Error {
  override readonly name = 'SheetError';
}

export const FORMAT_MESSAGE = 'The file must be a CSV file or an Excel workbook (.xlsx).';

/** The rows a heading above a titled table may take. */
export const TITLE_ROWS = 10;

/**
 * The most rows with content a file may have while it is read: the rows an import takes, its
 * header and a heading above it. A file of a few rows more is read to the end and refused with
 * its exact count (`readSheet`); past this, the reading stops.
 */
export const MAX_READ_ROWS = IMPORT_MAX_ROWS + TITLE_ROWS + 1;

const MB = 1024 * 1024;
/** The most one part of a workbook (a sheet, its shared strings) may inflate to. */
const PART_MAX_BYTES = 32 * MB;
/** The most a whole workbook may inflate to; a 10,000-row sheet of 20 columns is about 8 MB. */
const WORKBOOK_MAX_BYTES = 64 * MB;
/** The most parts (files in the zip) a workbook may have. */
const MAX_PARTS = 1_000;
/** The longest run of text in a sheet's XML (a text node, a comment): twice the longest cell. */
const XML_MAX_RUN = 65_536;
/** Row elements, empty ones too (a styled row), that a sheet may have. */
const MAX_ROW_ELEMENTS = 100_000;
/** How much compressed data is inflated at a time: at most about 4 MB comes out of 4 KB. */
const ZIP_SLICE = 4096;

const thousands = new Intl.NumberFormat('en-GB');
const n = (value: number) => thousands.format(value);

export const LIMIT_MESSAGES = {
  rows: `The file has more than ${n(IMPORT_MAX_ROWS)} rows; at most ${n(IMPORT_MAX_ROWS)} can be imported at once.`,
  rowElements: `A sheet of the workbook has more than ${n(MAX_ROW_ELEMENTS)} rows, empty ones included; save only the table in a new workbook.`,
  cells: `The file has more than ${n(IMPORT_MAX_CELLS)} cells with content; at most ${n(IMPORT_MAX_CELLS)} can be read at once.`,
  cellElements: `A sheet of the workbook has more than ${n(IMPORT_MAX_CELLS)} cells, empty ones included; save only the table in a new workbook.`,
  column: (ref: string) =>
    `Cell ${ref} is past column ${columnLetters(IMPORT_MAX_COLUMNS - 1)}; at most ${n(IMPORT_MAX_COLUMNS)} columns can be read.`,
  csvColumns: (row: number) =>
    `Row ${n(row)} has more than ${n(IMPORT_MAX_COLUMNS)} columns; at most ${n(IMPORT_MAX_COLUMNS)} columns can be read.`,
  cell: (ref: string) =>
    `Cell ${ref} holds more than ${n(IMPORT_MAX_CELL_CHARS)} characters, the most a cell may hold.`,
  sharedText: `The workbook holds a text of more than ${n(IMPORT_MAX_CELL_CHARS)} characters, the most a cell may hold.`,
  part: (name: string) =>
    `The workbook's part ${name} unpacks to more than ${PART_MAX_BYTES / MB} MB, the most one part may hold; split the file into smaller ones.`,
  workbook: `The workbook unpacks to more than ${WORKBOOK_MAX_BYTES / MB} MB, the most a file may hold; split it into smaller files.`,
  parts: `The workbook has more than ${n(MAX_PARTS)} parts, the most a file may have.`,
  run: (name: string) =>
    `The workbook's part ${name} holds a comment or text of more than ${n(XML_MAX_RUN)} characters; a spreadsheet has none so long.`,
  doctype: 'The workbook holds a document type declaration, which no spreadsheet has.',
} as const;

/** A column's letters as Excel writes them: 0 is "A", 26 "AA". */
function columnLetters(columnIndex: number): string {
  let letters = '';
  for (let c = columnIndex + 1; c > 0; c = Math.floor((c - 1) / 26)) {
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  }
  return letters;
}

/** A cell's reference as Excel writes it: column 0 and row 7 is "A7", column 26 "AA". */
const cellRef = (columnIndex: number, rowNumber: number) =>
  `${columnLetters(columnIndex)}${rowNumber}`;

/** The counts that hold across a file: rows with content and cells with content. */
class Tally {
  private rows = 0;
  private cells = 0;

  /** A row with content; past MAX_READ_ROWS the reading stops. */
  row(): void {
    this.rows += 1;
    if (this.rows > MAX_READ_ROWS) throw new SheetError(LIMIT_MESSAGES.rows);
  }

  /** A cell with content, its column from 0 and its length. */
  cell(column: number, rowNumber: number, length: number): void {
    if (column >= IMPORT_MAX_COLUMNS) {
      throw new SheetError(LIMIT_MESSAGES.column(cellRef(column, rowNumber)));
    }
    if (length > IMPORT_MAX_CELL_CHARS) {
      throw new SheetError(LIMIT_MESSAGES.cell(cellRef(column, rowNumber)));
    }
    this.cells += 1;
    if (this.cells > IMPORT_MAX_CELLS) throw new SheetError(LIMIT_MESSAGES.cells);
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Checks a CSV text as the reader will split it (quotes as the reader reads them): columns a row
 * (empty ones too), a cell's length, rows and cells with content. One pass, stopping at the first
 * limit.
 */
export function checkCsv(text: string, separator: string): void {
  const tally = new Tally();
  const sep = separator.charCodeAt(0);
  let row = 1;
  let field = 0;
  let length = 0;
  let content = false;
  let rowContent = false;
  let quoted = false;
  let started = false;
  const endField = () => {
    if (content) {
      tally.cell(field, row, length);
      rowContent = true;
    }
    length = 0;
    content = false;
    started = false;
  };
  const endRow = () => {
    endField();
    if (rowContent) tally.row();
    rowContent = false;
    field = 0;
    row += 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          i += 1;
        } else {
          quoted = false;
          continue;
        }
      }
      length += 1;
      content = true;
      if (length > IMPORT_MAX_CELL_CHARS) tally.cell(field, row, length);
      continue;
    }
    if (c === sep) {
      endField();
      field += 1;
      if (field >= IMPORT_MAX_COLUMNS) throw new SheetError(LIMIT_MESSAGES.csvColumns(row));
    } else if (c === LF || c === CR) {
      if (c === CR && text.charCodeAt(i + 1) === LF) i += 1;
      endRow();
    } else if (c === QUOTE && !started) {
      quoted = true;
      started = true;
    } else {
      started = true;
      length += 1;
      if (c > 0x20 && c !== 0xa0) content = true;
      if (length > IMPORT_MAX_CELL_CHARS) tally.cell(field, row, length);
    }
  }
  endRow();
}

/** A part's XML read by a SAX parser, a chunk at a time. */
type PartReader = { write: (chunk: Uint8Array, final: boolean) => void };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The column of a cell reference ("AB12" is 27), or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  const letters = ref ? /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1] : undefined;
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/**
 * A SAX parser over a part's bytes: its text decoded as a stream (UTF-8, or UTF-16 by its byte
 * order mark), never a document type declaration, no run of text longer than XML_MAX_RUN (saxes
 * gathers a comment's or a text node's characters until it ends: checked after each chunk).
 */
function xmlReader(name: string, handlers: (parser: SaxesParser) => void): PartReader {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw new SheetError(LIMIT_MESSAGES.doctype);
  });
  parser.on('error', () => {
    throw new SheetError(FORMAT_MESSAGE);
  });
  handlers(parser);
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  const gathered = parser as unknown as { text: string };
  return {
    write(chunk, final) {
      if (!decoder) {
        const encoding =
          chunk[0] === 0xff && chunk[1] === 0xfe
            ? 'utf-16le'
            : chunk[0] === 0xfe && chunk[1] === 0xff
              ? 'utf-16be'
              : 'utf-8';
        decoder = new TextDecoder(encoding);
      }
      parser.write(decoder.decode(chunk, { stream: !final }));
      if (gathered.text.length > XML_MAX_RUN) throw new SheetError(LIMIT_MESSAGES.run(name));
      if (final) parser.close();
    },
  };
}

/** A worksheet: rows, columns and cell lengths counted as its elements come. */
function sheetReader(name: string, tally: Tally): PartReader {
  return xmlReader(name, (parser) => {
    let rowElements = 0;
    let cellElements = 0;
    let rowNumber = 0;
    let column = -1;
    // The lengths of the cell's value, formula and inline text; which one is being read.
    let value = 0;
    let formula = 0;
    let inline = 0;
    let reading: 'v' | 'f' | 't' | undefined;
    let rowContent = false;
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const local = localName(tag.name);
      if (local === 'row') {
        rowElements += 1;
        if (rowElements > MAX_ROW_ELEMENTS) throw new SheetError(LIMIT_MESSAGES.rowElements);
        const r = Number(tag.attributes.r);
        rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        column = -1;
        rowContent = false;
      } else if (local === 'c') {
        cellElements += 1;
        if (cellElements > IMPORT_MAX_CELLS) throw new SheetError(LIMIT_MESSAGES.cellElements);
        column = columnOf(tag.attributes.r) ?? column + 1;
        value = 0;
        formula = 0;
        inline = 0;
      } else if (local === 'v' || local === 'f' || local === 't') {
        reading = local;
      }
    });
    parser.on('text', (text) => {
      if (reading === 'v') value += text.length;
      else if (reading === 'f') formula += text.length;
      else if (reading === 't') inline += text.length;
      else return;
      const longest = Math.max(value, formula, inline);
      if (longest > IMPORT_MAX_CELL_CHARS) tally.cell(column, rowNumber, longest);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      const local = localName(tag.name);
      if (local === 'v' || local === 'f' || local === 't') reading = undefined;
      else if (local === 'c' && value + formula + inline > 0) {
        tally.cell(column, rowNumber, Math.max(value, formula, inline));
        if (!rowContent) tally.row();
        rowContent = true;
      }
    });
  });
}

/** The shared strings: no text longer than a cell, no more of them than cells a file may hold. */
function sharedStringsReader(name: string): PartReader {
  return xmlReader(name, (parser) => {
    let strings = 0;
    let length = 0;
    let reading = false;
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const local = localName(tag.name);
      if (local === 'si') {
        strings += 1;
        if (strings > IMPORT_MAX_CELLS) throw new SheetError(LIMIT_MESSAGES.cells);
        length = 0;
      } else if (local === 't') reading = true;
    });
    parser.on('text', (text) => {
      if (!reading) return;
      length += text.length;
      if (length > IMPORT_MAX_CELL_CHARS) throw new SheetError(LIMIT_MESSAGES.sharedText);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      if (localName(tag.name) === 't') reading = false;
    });
  });
}

/** A part as the zip's central directory lists it: exceljs (JSZip) reads the same. */
type ZipEntry = { name: string; method: number; start: number; size: number };

const u16 = (data: Uint8Array, at: number) => data[at]! | (data[at + 1]! << 8);
const u32 = (data: Uint8Array, at: number) => (u16(data, at) | (u16(data, at + 2) << 16)) >>> 0;

/**
 * The parts of a zip from its central directory (the end record, then one header a part), each
 * with where its data begins after its local header: the parts JSZip finds, by the same reading,
 * so that no part can hide from the limits behind a local header that says otherwise. A zip64
 * size or an entry outside the file is no workbook this reader takes.
 */
function zipEntries(data: Uint8Array): ZipEntry[] {
  const bad = () => new SheetError(FORMAT_MESSAGE);
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at -= 1) {
    if (u32(data, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bad();
  const count = u16(data, end + 10);
  if (count > MAX_PARTS) throw new SheetError(LIMIT_MESSAGES.parts);
  const entries: ZipEntry[] = [];
  let at = u32(data, end + 16);
  const names = new TextDecoder('utf-8');
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > data.length || u32(data, at) !== 0x02014b50) throw bad();
    const method = u16(data, at + 10);
    const size = u32(data, at + 20);
    const nameLength = u16(data, at + 28);
    const local = u32(data, at + 42);
    const name = names.decode(data.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(data, at + 30) + u16(data, at + 32);
    if (size === 0xffffffff || local === 0xffffffff) throw bad();
    if (local + 30 > data.length || u32(data, local) !== 0x04034b50) throw bad();
    const start = local + 30 + u16(data, local + 26) + u16(data, local + 28);
    if (start + size > data.length) throw bad();
    entries.push({ name, method, start, size });
  }
  return entries;
}

/**
 * Reads a workbook's zip within the limits above, throwing a SheetError at the first one passed;
 * a zip that cannot be read is no workbook. Each part listed in its central directory is inflated
 * as a stream, a few KB of compressed data at a time, counting what comes out; its sheets and
 * shared strings are parsed (the parts exceljs builds cells from), every other part only counted.
 */
export function checkWorkbook(data: Uint8Array): void {
  const tally = new Tally();
  let total = 0;
  try {
    for (const { name, method, start, size } of zipEntries(data)) {
      const reader = /^xl\/worksheets\/[^/]+\.xml$/i.test(name)
        ? sheetReader(name, tally)
        : /^xl\/sharedStrings\.xml$/i.test(name)
          ? sharedStringsReader(name)
          : undefined;
      let inflated = 0;
      const take = (chunk: Uint8Array, final: boolean) => {
        inflated += chunk.length;
        total += chunk.length;
        if (inflated > PART_MAX_BYTES) throw new SheetError(LIMIT_MESSAGES.part(name));
        if (total > WORKBOOK_MAX_BYTES) throw new SheetError(LIMIT_MESSAGES.workbook);
        reader?.write(chunk, final);
      };
      const compressed = data.subarray(start, start + size);
      if (method === 0) {
        for (let at = 0; at < size || at === 0; at += ZIP_SLICE) {
          take(compressed.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= size);
        }
      } else if (method === 8) {
        const inflate = new Inflate(take);
        for (let at = 0; at < size || at === 0; at += ZIP_SLICE) {
          inflate.push(compressed.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= size);
        }
      } else {
        throw new SheetError(FORMAT_MESSAGE);
      }
    }
  } catch (error) {
    throw error instanceof SheetError ? error : new SheetError(FORMAT_MESSAGE);
  }
}
