import zlib from 'node:zlib';

/**
 * Spreadsheets made to hurt a reader (issue 48), built here rather than kept in the repository:
 * a small zip whose parts inflate to a great deal. Each part's XML is given as pieces, deflated as
 * a stream, so that a sheet of 300 MB is never held whole by the test either.
 */

type Part = { name: string; data: Buffer; crc: number; size: number };

/** A part of the zip: its pieces deflated (raw deflate, as a zip stores them) with their CRC. */
async function deflated(name: string, pieces: Iterable<string>): Promise<Part> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  let batch: string[] = [];
  let batched = 0;
  const flush = async () => {
    const bytes = Buffer.from(batch.join(''), 'utf8');
    batch = [];
    batched = 0;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  for (const piece of pieces) {
    batch.push(piece);
    batched += piece.length;
    if (batched >= 1024 * 1024) await flush();
  }
  await flush();
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(out), crc, size };
}

/** The zip of `parts`: local headers, the deflated data, the central directory (no zip64). */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A workbook of one sheet whose XML (inside <worksheet>) is `sheetData`'s pieces, with `extra`
 * parts beside it (a name and its pieces).
 */
export async function workbook(
  sheetData: () => Iterable<string>,
  extra: { name: string; pieces: () => Iterable<string> }[] = [],
): Promise<Buffer> {
  const fixed = (name: string, text: string) => deflated(name, [text]);
  return zip([
    await fixed(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    await fixed(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await fixed(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await fixed(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    await deflated('xl/worksheets/sheet1.xml', [
      `${XML}<worksheet xmlns="${MAIN}"><sheetData>`,
      ...sheetData(),
      '</sheetData></worksheet>',
    ]),
    ...(await Promise.all(extra.map((part) => deflated(part.name, part.pieces())))),
  ]);
}

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A row of inline-text cells, from column A. */
export const textRow = (row: number, cells: readonly string[]) =>
  `<row r="${row}">${cells.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${escaped(text)}</t></is></c>`).join('')}</row>`;

/** A million short rows (a number in A), under `header`. */
export const millionRows = (header: readonly string[]) =>
  workbook(function* () {
    yield textRow(1, header);
    for (let r = 2; r <= 1_000_001; r += 1) yield '<row><c><v>1</v></c></row>';
  });

/** Rows of 16,384 cells each, every column of a sheet (A to XFD). */
export const everyColumn = (rows: number) =>
  workbook(function* () {
    const cells = '<c><v>1</v></c>'.repeat(16_384);
    for (let r = 1; r <= rows; r += 1) yield `<row r="${r}">${cells}</row>`;
  });

/** A comment of `mb` MB inside the sheet's data, under `header`. */
export const hugeComment = (header: readonly string[], mb: number) =>
  workbook(function* () {
    yield textRow(1, header);
    yield '<!--';
    const megabyte = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < mb; i += 1) yield megabyte;
    yield '-->';
  });

/** A CSV file of one line: `fields` empty fields, one comma between each. */
export const emptyFieldsCsv = (fields: number) => Buffer.alloc(fields - 1, ',');
