import {
  CATALOGUE_MESSAGES,
  type LowStockQuery,
  labelOf,
  type MaterialDto,
  type MaterialInput,
  type MaterialListQuery,
  type MaterialOption,
  MESSAGES,
  type SessionUser,
  type StockMovementDto,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, assertWritable, listScope } from '../../lib/location-scope';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { typeForStock } from '../catalogue/catalogue.service';
import { getLocation, holdLocation } from '../locations/locations.service';
import * as repo from './materials.repository';
import {
  announceNewMaterial,
  changeStock,
  MATERIAL_NOT_FOUND,
  removeFromStockLevels,
  toMaterialDto,
} from './materials-ledger.service';
import * as reads from './materials-reads.repository';

type Page = { page: number; limit: number };
const offsetOf = (page: Page) => ({ limit: page.limit, offset: (page.page - 1) * page.limit });

/**
 * A location holds one live material of each catalogue type: the unique index says so. A
 * location deleted while the write waited for it is a race lost, not a server error.
 */
async function withDuplicateGuard<T>(
  input: { name: string; unit: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'materials_location_type_unique')) {
      throw conflict(
        `A material named ${input.name} (${labelOf(input.unit)}) already exists at this location. Edit it, or transfer stock to it, instead.`,
      );
    }
    if (isForeignKeyViolation(error)) {
      throw conflict('The location has just been deleted. Reload and try again.');
    }
    throw error;
  }
}

export async function listMaterials(ctx: AppContext, user: SessionUser, query: MaterialListQuery) {
  const locationId = listScope(user, query.locationId);
  const { rows, total } = await reads.listMaterials(ctx.db, locationId, offsetOf(query));
  return {
    items: rows.map((r) => toMaterialDto(r.material, r.locationName, r.catalogue)),
    pagination: paginate(total, query.page, query.limit),
  };
}

/**
 * Every live material the inventory's location filter selects (none: every location), every page,
 * newest first (the export), scoped as the list: a field manager's own location only. The list's
 * total (the block counts for the whole inventory, one count for a location) is checked against
 * the export's cap before anything is written; the rows are read a chunk at a time after the last.
 */
export async function exportMaterials(
  ctx: AppContext,
  user: SessionUser,
  filters: { locationId?: number },
): Promise<AsyncGenerator<MaterialDto>> {
  const locationId = listScope(user, filters.locationId);
  const { total } = await reads.listMaterials(ctx.db, locationId, { limit: 1, offset: 0 });
  checkExportSize(total);
  return listedDtos(
    inChunks((after: reads.ListedMaterial | null) =>
      reads.materialsAfter(ctx.db, locationId, after?.material.id ?? null, EXPORT_CHUNK),
    ),
  );
}

async function* listedDtos(rows: AsyncIterable<reads.ListedMaterial>) {
  for await (const r of rows) yield toMaterialDto(r.material, r.locationName, r.catalogue);
}

export async function materialsAtLocation(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
  page: Page,
) {
  // Another location's is 404 to a field manager, as the location itself is (getLocation).
  assertReadable(user, locationId, MESSAGES.locationNotFound);
  const list = await listMaterials(ctx, user, { ...page, locationId });
  // A location is deleted, never marked: one that holds a live material exists. Only an empty
  // list may be of no location at all, and only then is the location looked up, for its 404.
  if (list.pagination.total === 0) await getLocation(ctx, user, locationId);
  return list;
}

export async function lowStock(
  ctx: AppContext,
  user: SessionUser,
  query: LowStockQuery,
): Promise<MaterialDto[]> {
  const rows = await reads.listLowStock(ctx.db, listScope(user, query.locationId), query._limit);
  return rows.map((r) => toMaterialDto(r.material, r.locationName, r.catalogue));
}

/** Every live material of a location, for a form's picker: a field manager's own location only. */
export async function materialOptions(
  ctx: AppContext,
  user: SessionUser,
  locationId: number,
): Promise<MaterialOption[]> {
  assertReadable(user, locationId, MESSAGES.locationNotFound);
  return reads.listMaterialOptions(ctx.db, locationId);
}

export async function getMaterial(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<MaterialDto> {
  const row = await reads.readMaterial(ctx.db, id);
  if (!row) throw notFound(MATERIAL_NOT_FOUND);
  assertReadable(user, row.material.locationId, MATERIAL_NOT_FOUND);
  return toMaterialDto(row.material, row.locationName, row.catalogue);
}

export async function listMovements(ctx: AppContext, user: SessionUser, id: number, page: Page) {
  await getMaterial(ctx, user, id);
  const { rows, total } = await repo.listMovements(ctx.db, id, offsetOf(page));
  const items: StockMovementDto[] = rows.map(({ movement, userName, counterpart }) => ({
    id: movement.id,
    materialId: movement.materialId,
    delta: movement.delta,
    quantityAfter: movement.quantityAfter,
    repairDelta: movement.repairDelta,
    reason: movement.reason,
    reference: movement.reference,
    counterpart:
      counterpart?.materialId == null
        ? null
        : {
            materialId: counterpart.materialId,
            materialName: counterpart.materialName ?? '',
            locationName: counterpart.locationName ?? '',
          },
    user: movement.userId === null ? null : { id: movement.userId, name: userName ?? '' },
    createdAt: movement.createdAt.toISOString(),
  }));
  return { items, pagination: paginate(total, page.page, page.limit) };
}

export async function createMaterial(
  ctx: AppContext,
  actor: Actor,
  input: MaterialInput,
): Promise<MaterialDto> {
  assertWritable(actor.user, input.locationId);
  return withDuplicateGuard(input, () =>
    inTransaction(ctx, async (uow) => {
      const location = await holdLocation(uow.tx, input.locationId);
      const type = await typeForStock(uow.tx, { ...input, createdBy: actor.user.id });
      const empty = await repo.insertMaterial(uow.tx, {
        materialTypeId: type.id,
        name: type.name,
        locationId: location.id,
        notes: input.notes || null,
        unit: input.unit,
        createdBy: actor.user.id,
      });
      const { material: row } = await changeStock(ctx, uow, {
        materialId: empty.id,
        change: { to: input.quantity },
        reason: 'CREATE',
        userId: actor.user.id,
        locationName: location.name,
        created: true,
      });
      await recordActivity(uow.tx, {
        userId: actor.user.id,
        action: 'CREATE_MATERIAL',
        description: `Added ${row.quantity} ${labelOf(row.unit)} of ${row.name} at ${location.name}`,
        entityType: 'material',
        entityId: String(row.id),
        locationId: location.id,
        details: { name: row.name, quantity: row.quantity, unit: row.unit, notes: row.notes },
        ip: actor.ip,
      });
      await announceNewMaterial(ctx, uow, row, location.name);
      return toMaterialDto(row, location.name, type);
    }),
  );
}

/** An edit of every field; a changed quantity is one EDIT movement, taken under the row's lock. */
export async function updateMaterial(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: MaterialInput,
): Promise<MaterialDto> {
  return withDuplicateGuard(input, () =>
    inTransaction(ctx, async (uow) => {
      // The name finds its catalogue type, as when the material was added: renaming the type for
      // the whole company is the catalogue's. A retired type keeps its stock, and gets no more.
      // The type is held before the row, in the order the catalogue's rename takes them.
      const type = await typeForStock(
        uow.tx,
        { ...input, createdBy: actor.user.id },
        { allowRetired: true },
      );
      const [before] = await repo.lockMaterials(uow.tx, [id]);
      if (!before) throw notFound(MATERIAL_NOT_FOUND);
      assertReadable(actor.user, before.locationId, MATERIAL_NOT_FOUND);
      // Moving a material is a write at both ends.
      assertWritable(actor.user, before.locationId, input.locationId);
      const location = await holdLocation(uow.tx, input.locationId);
      if (
        type.retiredAt !== null &&
        (type.id !== before.materialTypeId || input.quantity > before.quantity)
      ) {
        throw conflict(CATALOGUE_MESSAGES.retired(type.name));
      }
      await repo.updateMaterial(uow.tx, id, {
        materialTypeId: type.id,
        name: type.name,
        locationId: location.id,
        notes: input.notes || null,
        unit: input.unit,
      });
      const { material: row } = await changeStock(ctx, uow, {
        materialId: id,
        change: { to: input.quantity },
        reason: 'EDIT',
        userId: actor.user.id,
        locationName: location.name,
        movedFrom: before.locationId,
      });
      await recordActivity(uow.tx, {
        userId: actor.user.id,
        action: 'UPDATE_MATERIAL',
        description: `Updated ${row.name} at ${location.name}`,
        entityType: 'material',
        entityId: String(id),
        locationId: location.id,
        details: {
          before: {
            name: before.name,
            locationId: before.locationId,
            quantity: before.quantity,
            unit: before.unit,
            notes: before.notes,
          },
          after: {
            name: row.name,
            locationId: row.locationId,
            quantity: row.quantity,
            unit: row.unit,
            notes: row.notes,
          },
        },
        ip: actor.ip,
      });
      return toMaterialDto(row, location.name, type);
    }),
  );
}

/**
 * A material with stock history, or used on an invoice, stays in the ledger (soft delete); one
 * without either is deleted.
 */
export async function removeMaterial(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [material] = await repo.lockMaterials(tx, [id]);
    if (!material) throw notFound(MATERIAL_NOT_FOUND);
    // Stock out on a rental comes back to this row: it stays until the rental is settled.
    const outstanding = await repo.outstandingOnRentals(tx, id);
    if (outstanding > 0) {
      throw conflict(
        `${material.name} cannot be deleted: ${outstanding} ${labelOf(material.unit)} ${outstanding === 1 ? 'is' : 'are'} still out on rental. Mark the rentals returned first.`,
      );
    }
    // Units in repair are the yard's until repaired or scrapped.
    if (material.repairQuantity > 0) {
      throw conflict(
        `${material.name} cannot be deleted: ${material.repairQuantity} ${labelOf(material.unit)} in repair. Mark them repaired or scrapped first.`,
      );
    }
    // What an invoice's material usage names stays too.
    const keep = (await repo.hasMovements(tx, id)) || (await repo.usedOnInvoice(tx, id));
    if (keep) await repo.softDeleteMaterial(tx, id);
    else await repo.deleteMaterial(tx, id);
    removeFromStockLevels(uow, material);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: 'DELETE_MATERIAL',
      description: `Deleted ${material.name} (${material.quantity} ${labelOf(material.unit)})`,
      entityType: 'material',
      entityId: String(id),
      locationId: material.locationId,
      details: {
        name: material.name,
        quantity: material.quantity,
        unit: material.unit,
        keptInLedger: keep,
      },
      ip: actor.ip,
    });
  });
}
