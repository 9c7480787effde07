import {
  CATALOGUE_MESSAGES,
  DESTINATION_LOCATION_INACTIVE,
  labelOf,
  MATERIAL_UNIT_LABELS,
  type MaterialDto,
  type MaterialUnit,
  type RepairStockInput,
  type TransferMaterialInput,
  type TransferResult,
  type UpdateStockInput,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { assertReadable, assertWritable } from '../../lib/location-scope';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { inTransaction, type UnitOfWork } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { holdLocation, locationName } from '../locations/locations.service';
import * as repo from './materials.repository';
import {
  announceTransfer,
  changeStock,
  insufficientStock,
  MATERIAL_NOT_FOUND,
  toMaterialDto,
} from './materials-ledger.service';
import { repairDay } from './repair-dates';

/** PATCH /materials/{id}/stock: set the counted quantity, or add or take away that many. */
export async function updateStock(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateStockInput,
): Promise<MaterialDto> {
  return inTransaction(ctx, async (uow) => {
    const found = await repo.findMaterial(uow.tx, id);
    if (!found) throw notFound(MATERIAL_NOT_FOUND);
    assertReadable(actor.user, found.material.locationId, MATERIAL_NOT_FOUND);
    assertWritable(actor.user, found.material.locationId);
    if (input.operation !== 'subtract' && found.retired) {
      const more = input.operation === 'add' || input.quantity > found.material.quantity;
      if (more) throw conflict(CATALOGUE_MESSAGES.retired(found.material.name));
    }
    const change =
      input.operation === 'set'
        ? { to: input.quantity }
        : { by: input.operation === 'add' ? input.quantity : -input.quantity };
    const { material: row, before } = await changeStock(ctx, uow, {
      materialId: id,
      change,
      reason: 'STOCK_UPDATE',
      userId: actor.user.id,
      locationName: found.locationName,
    });
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'UPDATE_STOCK',
      description: `Stock of ${row.name} at ${found.locationName}: ${before} to ${row.quantity}`,
      entityType: 'material',
      entityId: String(id),
      locationId: row.locationId,
      details: {
        operation: input.operation,
        quantity: input.quantity,
        before,
        after: row.quantity,
      },
      ip: actor.ip,
    });
    return toMaterialDto(row, found.locationName, found.catalogue);
  });
}

/**
 * POST /materials/{id}/repair and /scrap: units of the material's repair stock
 * repaired (back into its stock, REPAIRED) or scrapped (written off, SCRAPPED), one movement each,
 * never more than is in repair (409 with what is).
 */
export async function settleRepair(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RepairStockInput,
  outcome: 'REPAIRED' | 'SCRAPPED',
): Promise<MaterialDto> {
  return inTransaction(ctx, async (uow) => {
    const found = await repo.findMaterial(uow.tx, id);
    if (!found) throw notFound(MATERIAL_NOT_FOUND);
    assertReadable(actor.user, found.material.locationId, MATERIAL_NOT_FOUND);
    assertWritable(actor.user, found.material.locationId);
    const repaired = outcome === 'REPAIRED';
    // The day it happened: checked before the units move.
    const day = await repairDay(uow.tx, actor, id, input, outcome);
    const what = `${input.quantity} ${labelOf(found.material.unit)} ${found.material.name}`;
    const { material: row } = await changeStock(ctx, uow, {
      materialId: id,
      change: { by: repaired ? input.quantity : 0 },
      repair: -input.quantity,
      reason: outcome,
      reference: repaired ? `${what} repaired` : `${what} scrapped`,
      userId: actor.user.id,
      occurredOn: day,
      locationName: found.locationName,
      recordUnchanged: true,
    });
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: repaired ? 'REPAIR_STOCK' : 'SCRAP_STOCK',
      description: repaired
        ? `Repaired ${what} at ${found.locationName}: back in stock`
        : `Scrapped ${what} at ${found.locationName}`,
      entityType: 'material',
      entityId: String(id),
      locationId: row.locationId,
      // The day it happened; the entry's own time is when it was recorded.
      details: {
        quantity: input.quantity,
        occurredOn: day,
        inRepair: row.repairQuantity,
        stock: row.quantity,
      },
      ip: actor.ip,
    });
    return toMaterialDto(row, found.locationName, found.catalogue);
  });
}

const RELOAD = 'Reload and try again.';

/**
 * The destination, held until the transaction ends (a deletion of it waits, or is waited for).
 * Missing is the body's fault (400); deleted while we waited is a race lost (409); an Inactive
 * location takes no stock (400).
 */
async function holdDestination(uow: UnitOfWork, id: number) {
  const name = await locationName(uow.tx, id);
  const gone = () => conflict(`${name} has just been deleted. ${RELOAD}`);
  const held = await holdLocation(uow.tx, id, name === null ? 'toLocation' : gone);
  if (held.status === 'INACTIVE') {
    throw badRequest(DESTINATION_LOCATION_INACTIVE, [
      { path: 'toLocation', message: DESTINATION_LOCATION_INACTIVE },
    ]);
  }
  return held;
}

/**
 * Moves stock to the material of the same catalogue type at the destination, creating it there
 * when missing (a retired type too: the stock is the company's already), in one transaction. Both rows are locked in id order, so that transfers in
 * opposite directions cannot deadlock, and the source is checked under its lock.
 */
export async function transferMaterial(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TransferMaterialInput,
): Promise<TransferResult> {
  try {
    return await inTransaction(ctx, (uow) => moveStock(ctx, uow, actor, id, input));
  } catch (error) {
    // A row the transfer refers to went away in a way no lock above foresaw.
    if (isForeignKeyViolation(error)) throw conflict(`The transfer could not be made. ${RELOAD}`);
    throw error;
  }
}

async function moveStock(
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  id: number,
  input: TransferMaterialInput,
): Promise<TransferResult> {
  const found = await repo.findMaterial(uow.tx, id);
  if (!found) throw notFound(MATERIAL_NOT_FOUND);
  const source = found.material;
  // A transfer out of the user's location, to any active location.
  assertReadable(actor.user, source.locationId, MATERIAL_NOT_FOUND);
  assertWritable(actor.user, source.locationId);
  if (source.locationId !== input.fromLocation) {
    throw conflict(
      `${source.name} is at ${found.locationName}, not at the source location sent. ${RELOAD}`,
    );
  }
  const destinationLocation = await holdDestination(uow, input.toLocation);
  const target = await repo.ensureMaterialAt(uow.tx, {
    materialTypeId: source.materialTypeId,
    name: source.name,
    unit: source.unit,
    locationId: destinationLocation.id,
    notes: source.notes,
    createdBy: actor.user.id,
  });
  const locked = await repo.lockMaterials(uow.tx, [source.id, target.id]);
  const lockedSource = locked.find((m) => m.id === source.id);
  const lockedTarget = locked.find((m) => m.id === target.id);
  if (!lockedSource) throw notFound(MATERIAL_NOT_FOUND);
  if (lockedSource.locationId !== input.fromLocation) {
    throw conflict(`${source.name} has just been moved elsewhere. ${RELOAD}`);
  }
  // The empty material found at the destination was removed before we locked it.
  if (!lockedTarget) {
    throw conflict(
      `${source.name} at ${destinationLocation.name} has just been removed. ${RELOAD}`,
    );
  }
  if (lockedSource.quantity < input.quantity) throw insufficientStock(lockedSource.quantity);

  const { material: from } = await changeStock(ctx, uow, {
    materialId: source.id,
    change: { by: -input.quantity },
    reason: 'TRANSFER_OUT',
    reference: `material:${target.id}`,
    userId: actor.user.id,
    locationName: found.locationName,
  });
  const { material: to } = await changeStock(ctx, uow, {
    materialId: target.id,
    change: { by: input.quantity },
    reason: 'TRANSFER_IN',
    reference: `material:${source.id}`,
    userId: actor.user.id,
    locationName: destinationLocation.name,
    created: target.created,
  });
  const unit = MATERIAL_UNIT_LABELS[from.unit as MaterialUnit] ?? from.unit;
  const description = `Transferred ${input.quantity} ${unit} of ${from.name} from ${found.locationName} to ${destinationLocation.name}`;
  await announceTransfer(ctx, uow, {
    from,
    to,
    quantity: input.quantity,
    description,
    actorId: actor.user.id,
  });
  await recordActivity(uow.tx, {
    userId: actor.user.id,
    action: 'TRANSFER_MATERIAL',
    description,
    entityType: 'material',
    entityId: String(from.id),
    locationId: from.locationId,
    details: {
      quantity: input.quantity,
      fromLocation: input.fromLocation,
      toLocation: input.toLocation,
      sourceMaterialId: from.id,
      destinationMaterialId: to.id,
      destinationCreated: target.created,
    },
    ip: actor.ip,
  });
  return {
    source: toMaterialDto(from, found.locationName, found.catalogue),
    destination: toMaterialDto(to, destinationLocation.name, found.catalogue),
  };
}
