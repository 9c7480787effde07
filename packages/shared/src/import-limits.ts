/**
 * How much one import may hold: the upload route refuses a larger body, the sheet reader a larger
 * file or more rows. The preview shows every row with its errors, so 10,000 rows is about what a
 * person can still check; a larger catalogue is imported in several files.
 */

/** The largest file an import accepts: 5 MiB, shown to people as "5 MB". */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The most rows (after the header, empty rows not counted) one import reads. */
export const IMPORT_MAX_ROWS = 10_000;

/** The most columns a file may use: A to IV, the columns Excel had before 2007. */
export const IMPORT_MAX_COLUMNS = 256;

/** The longest text one cell may hold: Excel's own limit. */
export const IMPORT_MAX_CELL_CHARS = 32_767;

/** The most cells with content one file may hold (10,000 rows of 100 columns). */
export const IMPORT_MAX_CELLS = 1_000_000;

export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 5 MB; split it into smaller files.',
  noFile: 'Choose a file to upload.',
} as const;

/** How a file is uploaded: its bytes as the body, its name in the query (`fileName`). */
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/**
 * How long the web app waits for an upload's answer: an import of 10,000 rows may take up to 30 s
 * on a busy server, far past REQUEST_TIMEOUT_MS.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;
