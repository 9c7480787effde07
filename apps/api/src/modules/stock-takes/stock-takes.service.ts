import type { Readable } from 'node:stream';
import type { SessionUser } from '@stockyard/shared';
import {
  type CountedMaterials,
  type ExportFormat,
  MESSAGES,
  STOCK_TAKE_MESSAGES,
  type StockTakeCountInput,
  type StockTakePreview,
  type StockTakeResult,
  stockTakeDescription,
  stockTakeReference,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { assertReadable, assertWritable } from '../../lib/location-scope';
import { inTransaction } from '../../lib/transaction';
import { readUpload } from '../../lib/upload';
import { recordActivity } from '../activity/activity.service';
import { holdLocation } from '../locations/locations.service';
import { changeStock, lockForChanges } from '../materials/materials-ledger.service';
import {
  COUNT_SHEET_COLUMNS,
  type CountLines,
  countLinesOf,
  evaluateCount,
} from './stock-takes.count';
import * as repo from './stock-takes.repository';
import { countSheetFile, countSheetFileName } from './stock-takes.sheet';

/** A counted sheet as uploaded: its bytes, its name, and the day it was counted (yyyy-mm-dd). */
export type CountUpload = { body: unknown; fileName: string; countDate: string };

/** A count as both paths give it: its rows, the day counted, and the sheet's name (none in the app). */
type Count = { lines: CountLines; countDate: string; fileName: string | null };

const uploadedCount = async (upload: CountUpload): Promise<Count> => ({
  lines: await readCountSheet(upload),
  countDate: upload.countDate,
  fileName: upload.fileName,
});

const countInApp = async (input: StockTakeCountInput): Promise<Count> => ({
  lines: countLinesOf(input.counts),
  countDate: input.countDate,
  fileName: null,
});

/** The location's id and name; in a transaction, held until it ends. */
async function locationOf(db: DbExecutor, id: number) {
  const { name } = await holdLocation(db, id, () => notFound(MESSAGES.locationNotFound));
  return { id, name };
}

/** GET /stock-takes/{locationId}/sheet: the location's count sheet, as a file to download. */
export async function countSheet(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  format: ExportFormat,
): Promise<{ fileName: string; file: Readable }> {
  assertReadable(user, locationId, MESSAGES.locationNotFound);
  const location = await locationOf(ctx.db, locationId);
  const materials = await repo.materialsAt(ctx.db, locationId);
  return {
    fileName: `${countSheetFileName(location.name)}.${format}`,
    file: countSheetFile(format, { location, materials }),
  };
}

/** GET /stock-takes/{locationId}/materials: the count sheet's rows as JSON, for a count in the app. */
export async function countedMaterials(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
): Promise<CountedMaterials> {
  assertReadable(user, locationId, MESSAGES.locationNotFound);
  const location = await locationOf(ctx.db, locationId);
  return { location, materials: await repo.materialsAt(ctx.db, locationId) };
}

/** The uploaded count sheet read as a table; a whole-file fault is a 400. */
async function readCountSheet(upload: CountUpload) {
  const sheet = await readUpload(upload.body, upload.fileName, COUNT_SHEET_COLUMNS, {
    titled: true,
  });
  if (!sheet.columns.some((column) => column.key === 'ref' || column.key === 'itemNumber')) {
    throw badRequest('The file has no "Ref" column: upload the count sheet as it was downloaded.');
  }
  return sheet;
}

/** POST /stock-takes/{locationId}/preview: what confirming this count would change; nothing is written. */
export function previewStockTake(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  upload: CountUpload,
): Promise<StockTakePreview> {
  return previewCount(ctx, user, locationId, () => uploadedCount(upload));
}

/** POST /stock-takes/{locationId}/counts/preview: the same, for a count made in the app. */
export function previewCountInApp(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  input: StockTakeCountInput,
): Promise<StockTakePreview> {
  return previewCount(ctx, user, locationId, () => countInApp(input));
}

/** POST /stock-takes/{locationId}/counts: the same as a sheet's confirmation, for a count in the app. */
export function confirmCountInApp(
  ctx: AppContext,
  actor: Actor,
  locationId: number,
  input: StockTakeCountInput,
): Promise<StockTakeResult> {
  return confirmCount(ctx, actor, locationId, () => countInApp(input));
}

/** The count is read only once the caller may write there and the location is known. */
async function previewCount(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  read: () => Promise<Count>,
): Promise<StockTakePreview> {
  assertWritable(user, locationId);
  const location = await locationOf(ctx.db, locationId);
  const count = await read();
  const stock = await repo.materialsAt(ctx.db, location.id);
  const { rows, counts } = evaluateCount(count.lines, stock, location.name);
  return { location, countDate: count.countDate, fileName: count.fileName, rows, counts };
}

/**
 * POST /stock-takes/{locationId}: the count read again and written in one transaction, each
 * counted material whose quantity differs set to its count (one STOCK_TAKE movement); nothing at
 * all when a row is wrong. The counted materials are locked first, so that the differences are
 * those of the quantities overwritten.
 */
export function confirmStockTake(
  ctx: AppContext,
  actor: Actor,
  locationId: number,
  upload: CountUpload,
): Promise<StockTakeResult> {
  return confirmCount(ctx, actor, locationId, () => uploadedCount(upload));
}

async function confirmCount(
  ctx: AppContext,
  actor: Actor,
  locationId: number,
  read: () => Promise<Count>,
): Promise<StockTakeResult> {
  assertWritable(actor.user, locationId);
  const location = await locationOf(ctx.db, locationId);
  const { lines, countDate, fileName } = await read();
  return inTransaction(ctx, async (uow) => {
    await locationOf(uow.tx, location.id);
    const first = evaluateCount(lines, await repo.materialsAt(uow.tx, location.id), location.name);
    const matched = first.rows.flatMap((row) => (row.materialId === null ? [] : [row.materialId]));
    await lockForChanges(uow, matched);
    // Read again under the locks: a quantity that moved meanwhile is the one overwritten.
    const stock = await repo.materialsAt(uow.tx, location.id);
    const { rows, counts } = evaluateCount(lines, stock, location.name);
    const faults = rows.flatMap((row) =>
      row.errors.map((error) => ({
        path: error.cell ?? `row ${row.rowNumber}`,
        message: error.message,
      })),
    );
    if (faults.length > 0) {
      throw badRequest(STOCK_TAKE_MESSAGES.hasErrors(counts.errors), faults);
    }
    const changes = rows
      .filter((row) => row.status === 'CHANGE')
      .sort((a, b) => a.materialId! - b.materialId!);
    const movements: StockTakeResult['movements'] = [];
    for (const row of changes) {
      const { material, before } = await changeStock(ctx, uow, {
        materialId: row.materialId!,
        change: { to: row.counted! },
        reason: 'STOCK_TAKE',
        reference: stockTakeReference(countDate),
        userId: actor.user.id,
        locationName: location.name,
      });
      movements.push({
        materialId: material.id,
        name: material.name,
        delta: material.quantity - before,
        quantityAfter: material.quantity,
      });
    }
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'STOCK_TAKE',
      description: stockTakeDescription(location.name, countDate, movements.length),
      entityType: 'location',
      entityId: String(location.id),
      locationId: location.id,
      details: {
        countDate: countDate,
        fileName,
        counts,
        movements: movements.map(({ materialId, delta, quantityAfter }) => ({
          materialId,
          delta,
          quantityAfter,
        })),
      },
      ip: actor.ip,
    });
    return { location, countDate: countDate, counts, movements };
  });
}
