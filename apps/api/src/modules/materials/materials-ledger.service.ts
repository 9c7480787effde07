import {
  insufficientStockMessage,
  labelOf,
  localToday,
  type MaterialDto,
  materialStatus,
  monthStart,
  REPAIR_MESSAGES,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { UnitOfWork } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import type { MovementValues } from './materials.repository';
import * as repo from './materials.repository';
import {
  addQuantities,
  addQuantityRecorded,
  setQuantityRecorded,
} from './materials-ledger.repository';

/**
 * The stock ledger (ARCHITECTURE section 4): the one writer of a material's quantity and repair
 * stock, each change a movement, with its location's stock level and the notices a change sends.
 */

/** The fields of a material that its DTO shows. */
type MaterialFields = Pick<
  repo.MaterialRow,
  | 'id'
  | 'materialTypeId'
  | 'name'
  | 'locationId'
  | 'notes'
  | 'quantity'
  | 'repairQuantity'
  | 'unit'
  | 'createdAt'
  | 'updatedAt'
>;

/** What the catalogue says of a material's type, as its DTO shows it. */
export type Catalogued = { itemNumber: string | null; weightKg: number | null };

export function toMaterialDto(
  row: MaterialFields,
  locationName: string,
  catalogue: Catalogued,
): MaterialDto {
  return {
    id: row.id,
    materialTypeId: row.materialTypeId,
    itemNumber: catalogue.itemNumber,
    weightKg: catalogue.weightKg,
    name: row.name,
    locationId: row.locationId,
    location: { name: locationName },
    notes: row.notes,
    quantity: row.quantity,
    repairQuantity: row.repairQuantity,
    unit: row.unit,
    status: materialStatus(row.quantity),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Asked of a material by the one place that writes it: GET and PATCH answer with this. */
export const MATERIAL_NOT_FOUND = 'Material not found';

export function insufficientStock(available: number): AppError {
  return new AppError('INSUFFICIENT_STOCK', insufficientStockMessage(available));
}

/**
 * A change of a material's quantity: `by` adds (a negative number takes away, refused with 409
 * when less is in stock), `to` writes a counted quantity.
 */
type StockChange = { by: number } | { to: number };

export type StockEntry = {
  materialId: number;
  change: StockChange;
  /**
   * Units into (positive) or out of the material's repair stock with this movement:
   * a return's damaged units go in, repaired ones come out into `quantity`, scrapped ones out of
   * the books. Refused with 409 when less is in repair. With `{ by }` only.
   */
  repair?: number;
  reason: MovementValues['reason'];
  reference?: string | null;
  userId: number;
  /** The return whose damaged units this movement takes into repair (scraps take the oldest). */
  returnId?: number;
  /**
   * The day the movement happened, when it was entered with one (a dispatch, a return, a repair,
   * a scrap); left out, the day it is written.
   */
  occurredOn?: string;
  /** The material's location, as the low-stock notice names it. */
  locationName: string;
  /** The material was created empty in this transaction: its first movement, and no notice. */
  created?: boolean;
  /**
   * Write the movement even when the quantity does not change: units out on a rental and lost
   * (RENTAL_LOST) are recorded with that reason, for nothing comes back.
   */
  recordUnchanged?: boolean;
  /** The location the material was at before this change moved it (an edit): its stock goes along. */
  movedFrom?: number;
};

/**
 * The one function that changes stock (the stock ledger). It changes the quantity and writes the
 * movement in the caller's transaction, so that a material's quantity is always the sum of its
 * movements; when the change brings the material into Low Stock or Out of Stock it tells those
 * concerned, once per crossing. Nothing else writes `materials.quantity`: a material is created
 * empty and given its stock here.
 */
export async function changeStock(
  ctx: AppContext,
  uow: UnitOfWork,
  entry: StockEntry,
): Promise<{ material: repo.MaterialRow; before: number }> {
  const repair = entry.repair ?? 0;
  if ('by' in entry.change) {
    // An addition writes its movement in the statement that changes the quantity.
    const material = await addRecorded(uow, entry, entry.change.by, repair);
    const before = material.quantity - entry.change.by;
    shiftLevels(uow, entry, material, before);
    if (entry.change.by !== 0 || repair !== 0 || entry.recordUnchanged) {
      if (!entry.created) await announceStockLevel(ctx, uow, material, before, entry);
    }
    return { material, before };
  }
  if (repair !== 0) throw new Error('A change of repair stock adds to the quantity, never sets it');
  // A count writes its movement in the statement that writes the quantity.
  const set = await setQuantityRecorded(uow.tx, entry.materialId, entry.change.to, {
    reason: entry.reason,
    reference: entry.reference ?? null,
    userId: entry.userId,
    returnId: entry.returnId ?? null,
    occurredOn: entry.occurredOn ?? null,
    recordUnchanged: entry.recordUnchanged === true,
  });
  if (!set) throw notFound(MATERIAL_NOT_FOUND);
  const { material, before } = set;
  shiftLevels(uow, entry, material, before);
  if (material.quantity === before && !entry.recordUnchanged) return { material, before };
  if (!entry.created) await announceStockLevel(ctx, uow, material, before, entry);
  return { material, before };
}

/** The location's stock levels after a change (and both locations' when the change moved it). */
function shiftLevels(
  uow: UnitOfWork,
  entry: StockEntry,
  material: repo.MaterialRow,
  before: number,
) {
  if (entry.movedFrom !== undefined && entry.movedFrom !== material.locationId) {
    shiftStockLevel(uow, entry.movedFrom, -before);
    shiftStockLevel(uow, material.locationId, before);
  }
  shiftStockLevel(uow, material.locationId, material.quantity - before);
}

/**
 * `by` units (and `repair` into repair stock) added with their movement, or refused as one step
 * is: 404 for a material missing or removed, 409 with what is there when too little is.
 */
async function addRecorded(uow: UnitOfWork, entry: StockEntry, by: number, repair: number) {
  const material = await addQuantityRecorded(
    uow.tx,
    entry.materialId,
    { delta: by, repair },
    {
      reason: entry.reason,
      reference: entry.reference ?? null,
      userId: entry.userId,
      returnId: entry.returnId ?? null,
      occurredOn: entry.occurredOn ?? null,
      recordUnchanged: entry.recordUnchanged === true,
    },
  );
  if (material) return material;
  const current = await repo.currentStock(uow.tx, entry.materialId);
  if (current === null) throw notFound(MATERIAL_NOT_FOUND);
  if (repair !== 0 && current.repairQuantity + repair < 0) {
    throw insufficientRepairStock(current.repairQuantity);
  }
  throw insufficientStock(current.quantity);
}

/** A change of `changeStocksBy`: units added (`by`) as `changeStock` takes them. */
export type StockStep = Omit<StockEntry, 'change' | 'created' | 'movedFrom'> & { by: number };

/**
 * `changeStock` with `{ by }` for several steps at once (a rental's lines): the same changes,
 * movements, stock levels and notices, in one statement for all the steps, in their order.
 * Answers false when a step would be refused (less in stock or in repair than it takes at its
 * turn, a material missing or removed): then nothing of the batch was written, and the caller
 * takes the steps one at a time with `changeStock`, whose refusal names the first refused step.
 */
export async function changeStocksBy(
  ctx: AppContext,
  uow: UnitOfWork,
  steps: readonly StockStep[],
): Promise<boolean> {
  if (steps.length === 0) return true;
  const written = await addQuantities(
    uow.tx,
    steps.map((step) => {
      const repair = step.repair ?? 0;
      return {
        materialId: step.materialId,
        by: step.by,
        repair,
        record: step.by !== 0 || repair !== 0 || step.recordUnchanged === true,
        reason: step.reason,
        reference: step.reference ?? null,
        userId: step.userId,
        returnId: step.returnId ?? null,
        occurredOn: step.occurredOn ?? null,
      };
    }),
  );
  if (!written) return false;
  for (const [index, step] of steps.entries()) {
    const material = written[index]!;
    shiftStockLevel(uow, material.locationId, material.after - material.before);
    if (step.by === 0 && (step.repair ?? 0) === 0 && !step.recordUnchanged) continue;
    await announceStockLevel(ctx, uow, { ...material, quantity: material.after }, material.before, {
      ...step,
      change: { by: step.by },
    });
  }
  return true;
}

/** A counted quantity of one material, for `setCountedStock`. */
export type StockCount = {
  materialId: number;
  quantity: number;
  /** The return whose damaged units this movement takes into repair (scraps take the oldest). */
  returnId?: number;
  /** The material's location, as the low-stock notice names it. */
  locationName: string;
  /** The material was created empty in this transaction: its first movement, and no notice. */
  created?: boolean;
};

/**
 * `changeStock` with `{ to }` for many materials at once (an import of a whole file): the rows
 * are locked in id order in one statement, their quantities written and their movements inserted
 * in batches, so that the statements do not grow with the rows. Each changed quantity is one
 * movement and one shift of its location's level, and a crossing into Low Stock or Out of Stock
 * is told as `changeStock` tells it; an unchanged quantity writes nothing. Answers how many
 * quantities changed.
 */
export async function setCountedStock(
  ctx: AppContext,
  uow: UnitOfWork,
  counts: readonly StockCount[],
  movement: Pick<StockEntry, 'reason' | 'reference' | 'userId'>,
): Promise<number> {
  const locked = await repo.lockMaterials(
    uow.tx,
    counts.map((c) => c.materialId),
  );
  const before = new Map(locked.map((m) => [m.id, m.quantity]));
  const changed = counts.filter((c) => {
    const was = before.get(c.materialId);
    if (was === undefined) throw notFound(MATERIAL_NOT_FOUND);
    return was !== c.quantity;
  });
  const written = await repo.setQuantities(
    uow.tx,
    changed.map((c) => ({ id: c.materialId, quantity: c.quantity })),
  );
  const byId = new Map(counts.map((c) => [c.materialId, c]));
  await repo.insertMovements(
    uow.tx,
    written.map((material) => ({
      materialId: material.id,
      delta: material.quantity - before.get(material.id)!,
      quantityAfter: material.quantity,
      reason: movement.reason,
      reference: movement.reference ?? null,
      userId: movement.userId,
    })),
  );
  for (const material of written) {
    const was = before.get(material.id)!;
    shiftStockLevel(uow, material.locationId, material.quantity - was);
    const count = byId.get(material.id)!;
    if (!count.created) {
      await announceStockLevel(ctx, uow, material, was, {
        ...movement,
        materialId: material.id,
        change: { to: count.quantity },
        locationName: count.locationName,
      });
    }
  }
  return written.length;
}

/**
 * The live materials of these types at these locations, those missing created empty, for
 * `setCountedStock` (keyed `${locationId}:${materialTypeId}`).
 */
export const ensureMaterialsAt = (
  uow: UnitOfWork,
  rows: Parameters<typeof repo.ensureMaterialsAt>[1],
) => repo.ensureMaterialsAt(uow.tx, rows);

/**
 * Locks the materials that a batch of changes will write, in id order, before the batch reads
 * their quantities: a count written over a quantity read unlocked could overwrite a change made
 * meanwhile. Two batches over the same rows take them in the same order and never deadlock.
 */
export async function lockForChanges(uow: UnitOfWork, materialIds: readonly number[]) {
  await repo.lockMaterials(uow.tx, [...new Set(materialIds)]);
}

const pendingLevels = new WeakMap<UnitOfWork, Map<number, number>>();

/**
 * Counts units in or out of a location's stock level. The levels are written once,
 * just before the commit, in location order: two transactions that change the stock of the same
 * two locations (a transfer each way) take those rows in the same order and never deadlock.
 */
function shiftStockLevel(uow: UnitOfWork, locationId: number, units: number) {
  if (units === 0) return;
  let pending = pendingLevels.get(uow);
  if (!pending) {
    const changes = new Map<number, number>();
    pendingLevels.set(uow, changes);
    uow.beforeCommit(() =>
      repo.addToStockLevels(
        uow.tx,
        monthStart(localToday()),
        [...changes]
          .sort(([a], [b]) => a - b)
          .map(([locationId, sum]) => ({ locationId, units: Math.round(sum * 100) / 100 }))
          .filter((change) => change.units !== 0),
      ),
    );
    pending = changes;
  }
  pending.set(locationId, (pending.get(locationId) ?? 0) + units);
}

/**
 * A removed material's units leave its location's stock (the inventory counts live materials);
 * its movements stay in the ledger.
 */
export function removeFromStockLevels(
  uow: UnitOfWork,
  material: Pick<repo.MaterialRow, 'locationId' | 'quantity'>,
) {
  shiftStockLevel(uow, material.locationId, -material.quantity);
}

/** Units in repair stock short of what a change takes out of it: 409 with what is there. */
function insufficientRepairStock(available: number): AppError {
  const message = REPAIR_MESSAGES.overRepair(available);
  return new AppError('INSUFFICIENT_STOCK', message, [{ path: 'quantity', message }]);
}

async function announceStockLevel(
  ctx: AppContext,
  uow: UnitOfWork,
  material: Pick<repo.MaterialRow, 'id' | 'name' | 'unit' | 'locationId' | 'quantity'>,
  before: number,
  entry: StockEntry,
) {
  const from = materialStatus(before);
  const to = materialStatus(material.quantity);
  if (from === to || to === 'Available') return;
  const where = `${material.name} at ${entry.locationName}`;
  await notify(ctx, uow, {
    type: to === 'Low Stock' ? 'LOW_STOCK' : 'OUT_OF_STOCK',
    message:
      to === 'Low Stock'
        ? `Low stock: ${where} has ${material.quantity} ${labelOf(material.unit)} left`
        : `Out of stock: ${where} has none left`,
    locationId: material.locationId,
    actorId: entry.userId,
    data: {
      materialId: material.id,
      locationId: material.locationId,
      quantity: material.quantity,
      previousQuantity: before,
    },
  });
}

export async function announceNewMaterial(
  ctx: AppContext,
  uow: UnitOfWork,
  material: repo.MaterialRow,
  locationName: string,
): Promise<void> {
  await notify(ctx, uow, {
    type: 'NEW_MATERIAL',
    message: `New material ${material.name} (${material.quantity} ${labelOf(material.unit)}) added at ${locationName}`,
    locationId: material.locationId,
    actorId: material.createdBy,
    data: { materialId: material.id, locationId: material.locationId, quantity: material.quantity },
  });
}

/**
 * One notice of a transfer, saying what moved where, to the admins and the field managers of
 * both ends (not a new material, even when the destination's row was created for it).
 */
export async function announceTransfer(
  ctx: AppContext,
  uow: UnitOfWork,
  transfer: {
    from: repo.MaterialRow;
    to: repo.MaterialRow;
    quantity: number;
    description: string;
    actorId: number;
  },
): Promise<void> {
  const { from, to } = transfer;
  await notify(ctx, uow, {
    type: 'MATERIAL_TRANSFERRED',
    message: transfer.description,
    locationId: from.locationId,
    otherLocationId: to.locationId,
    actorId: transfer.actorId,
    data: {
      materialId: from.id,
      destinationMaterialId: to.id,
      quantity: transfer.quantity,
      fromLocationId: from.locationId,
      toLocationId: to.locationId,
    },
  });
}
