import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { ReadSheet } from '../../lib/sheet-reader';
import type { UnitOfWork } from '../../lib/transaction';
import type { PlannedRow } from './import-plan';

/** Who imports which file: its name is the reference of the stock movements it writes. */
type ImportBy = { userId: number; fileName: string };

/**
 * One kind of import: the template's example row, the plan of a file's rows (read with a few
 * lookups; `hold` keeps what the plan relies on until the transaction ends, when it is the
 * import's), and the writing of the rows that change something, all in the caller's transaction.
 */
export type ImportKindDefinition<W> = {
  example: Record<string, string>;
  plan: (db: DbExecutor, sheet: ReadSheet<string>, hold: boolean) => Promise<PlannedRow<W>[]>;
  write: (ctx: AppContext, uow: UnitOfWork, rows: W[], by: ImportBy) => Promise<void>;
};
