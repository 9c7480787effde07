import { UPLOAD_CONTENT_TYPE } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';

/**
 * Files made the way spreadsheet programs make them, for the import tests: a workbook written by
 * exceljs (as Excel saves one), CSV text in the encodings and separators Excel writes.
 */

export type CsvOptions = {
  separator?: ',' | ';';
  encoding?: 'utf8' | 'utf8-bom' | 'win1252' | 'utf16le';
  lineEnd?: '\r\n' | '\n';
};

const quoted = (cell: string | number, separator: string) => {
  const text = String(cell);
  return /["\r\n]/.test(text) || text.includes(separator)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
};

/** Rows as CSV bytes: Excel's "CSV UTF-8" has a BOM, its plain "CSV" is Windows-1252. */
export function csvFile(
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  options: CsvOptions = {},
) {
  const { separator = ',', encoding = 'utf8', lineEnd = '\r\n' } = options;
  const text =
    rows.map((row) => row.map((c) => quoted(c, separator)).join(separator)).join(lineEnd) + lineEnd;
  if (encoding === 'win1252') return iconv.encode(text, 'win1252');
  if (encoding === 'utf16le')
    return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const bytes = Buffer.from(text, 'utf8');
  return encoding === 'utf8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

/** Rows as an .xlsx workbook's bytes: numbers as numeric cells, text as text. */
export async function xlsxFile(rows: ReadonlyArray<ReadonlyArray<string | number | Date | null>>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a file as the web app does: its bytes as the body, its name in the query. */
export function upload(
  app: FastifyInstance,
  url: string,
  file: Buffer,
  fileName: string,
  headers: Record<string, string>,
) {
  const separator = url.includes('?') ? '&' : '?';
  return app.inject({
    method: 'POST',
    url: `${url}${separator}fileName=${encodeURIComponent(fileName)}`,
    headers: { ...headers, 'content-type': UPLOAD_CONTENT_TYPE },
    payload: file,
  });
}
