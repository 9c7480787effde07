import { type MaterialDto, materialStatus } from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { UnitOfWork } from '../../lib/transaction';
import { notify } from '../notifications/notify';
import type { MovementValues } from './materials.repository';
import * as repo from './materials.repository';

/** The fields of a material that its DTO shows. */
type MaterialFields = Pick<
  repo.MaterialRow,
  'id' | 'name' | 'locationId' | 'notes' | 'quantity' | 'unit' | 'createdAt' | 'updatedAt'
>;

export function toMaterialDto(row: MaterialFields, locationName: string): MaterialDto {
  return {
    id: row.id,
    name: row.name,
    locationId: row.locationId,
    location: { name: locationName },
    notes: row.notes,
    quantity: row.quantity,
    unit: row.unit,
    status: materialStatus(row.quantity),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type StockChange = {
  material: repo.MaterialRow;
  locationName: string;
  /** The quantity before the change; null for a material that did not exist. */
  before: number | null;
  reason: MovementValues['reason'];
  reference?: string | null;
  userId: number;
};

/**
 * Writes the movement of a quantity change into the ledger and, when the change brings the
 * material into Low Stock or Out of Stock, tells those concerned once per crossing. Call it in
 * the transaction that changed the quantity, with the row as it is after the change.
 */
export async function recordStockChange(
  ctx: AppContext,
  uow: UnitOfWork,
  change: StockChange,
): Promise<void> {
  const { material, before } = change;
  const delta = material.quantity - (before ?? 0);
  if (delta === 0) return;
  await repo.insertMovements(uow.tx, [
    {
      materialId: material.id,
      delta,
      quantityAfter: material.quantity,
      reason: change.reason,
      reference: change.reference ?? null,
      userId: change.userId,
    },
  ]);
  if (before === null) return;
  const from = materialStatus(before);
  const to = materialStatus(material.quantity);
  if (from === to || to === 'Available') return;
  const where = `${material.name} at ${change.locationName}`;
  await notify(ctx, uow, {
    type: to === 'Low Stock' ? 'LOW_STOCK' : 'OUT_OF_STOCK',
    message:
      to === 'Low Stock'
        ? `Low stock: ${where} has ${material.quantity} ${material.unit} left`
        : `Out of stock: ${where} has none left`,
    locationId: material.locationId,
    actorId: change.userId,
    data: { materialId: material.id, quantity: material.quantity, previousQuantity: before },
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
    message: `New material ${material.name} (${material.quantity} ${material.unit}) added at ${locationName}`,
    locationId: material.locationId,
    actorId: material.createdBy,
    data: { materialId: material.id, quantity: material.quantity },
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
