import {
  type KnownColumn,
  type ReadOptions,
  type ReadSheet,
  readSheet,
  SheetError,
} from './sheet-reader';
import { serveTasks } from './worker-pool';

/** An uploaded file to read on a worker thread (lib/upload.ts). */
export type SheetTask = {
  data: Uint8Array;
  fileName: string;
  columns: readonly KnownColumn<string>[];
  options: ReadOptions;
};

/** The table read, or the reader's refusal: its message is the 400's. */
export type SheetAnswer = { ok: true; sheet: ReadSheet<string> } | { ok: false; message: string };

serveTasks<SheetTask, SheetAnswer>(async ({ data, fileName, columns, options }) => {
  try {
    return { ok: true, sheet: await readSheet(data, fileName, columns, options) };
  } catch (error) {
    if (error instanceof SheetError) return { ok: false, message: error.message };
    throw error;
  }
});
