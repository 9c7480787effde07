import {
  CATALOGUE_MESSAGES,
  type CatalogueListQuery,
  LABEL_MESSAGES,
  MATERIAL_UNITS,
  type MaterialCodeAnswer,
  type MaterialTypeDetail,
  type MaterialTypeDto,
  type MaterialTypeInput,
  type MaterialTypeStatus,
  MONEY_MESSAGES,
  ownLocation,
  type SessionUser,
  textKey,
  totalOf,
  weekRateWithoutDayRate,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { checkExportSize } from '../../lib/list-export';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import * as repo from './catalogue.repository';

/**
 * The company's catalogue (decision 037). A material type is named once for the whole
 * company; the stock at each location is a quantity of it. An admin keeps the catalogue; a stock
 * write that names a material finds its type here, or makes it.
 */

function toMaterialTypeDto(type: repo.MaterialTypeRow, totalQuantity: number): MaterialTypeDto {
  return {
    id: type.id,
    itemNumber: type.itemNumber,
    name: type.name,
    category: type.category,
    unit: type.unit,
    weightKg: type.weightKg,
    replacementValue: type.replacementValue,
    notes: type.notes,
    hireDayCents: type.hireDayCents,
    hireWeekCents: type.hireWeekCents,
    minimumHireDays: type.minimumHireDays,
    status: type.retiredAt === null ? 'active' : 'retired',
    totalQuantity,
    totalWeightKg: totalOf(totalQuantity, type.weightKg, 3),
    totalValue: totalOf(totalQuantity, type.replacementValue, 2),
    createdAt: type.createdAt.toISOString(),
    updatedAt: type.updatedAt.toISOString(),
  };
}

export async function listTypes(ctx: AppContext, query: CatalogueListQuery) {
  const { rows, total } = await repo.listTypes(ctx.db, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: rows.map((r) => toMaterialTypeDto(r.type, r.totalQuantity)),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** Every type the list's filters select, every page, by name (the export; an admin's). */
export async function exportTypes(
  ctx: AppContext,
  filter: repo.CatalogueFilter,
): Promise<MaterialTypeDto[]> {
  const rows = await repo.allTypes(ctx.db, filter);
  checkExportSize(rows.length);
  return rows.map((r) => toMaterialTypeDto(r.type, r.totalQuantity));
}

export const listCategories = (ctx: AppContext) => repo.listCategories(ctx.db);

export async function getType(ctx: AppContext, id: number): Promise<MaterialTypeDetail> {
  const row = await repo.readType(ctx.db, id);
  if (!row) throw notFound(CATALOGUE_MESSAGES.notFound);
  const stock = await repo.stockOfType(ctx.db, id);
  return {
    ...toMaterialTypeDto(row.type, row.totalQuantity),
    stock: stock.map((s) => ({
      ...s,
      weightKg: totalOf(s.quantity, row.type.weightKg, 3),
      value: totalOf(s.quantity, row.type.replacementValue, 2),
    })),
  };
}

/**
 * A type's fields as its activity entry records them: as stored, so that the entry holds what the
 * database took (a lone surrogate sent is stored as U+FFFD, which JSON can hold).
 */
function describe(type: repo.MaterialTypeRow) {
  const { itemNumber, name, category, unit, weightKg, replacementValue, notes } = type;
  const { hireDayCents, hireWeekCents, minimumHireDays } = type;
  return {
    itemNumber,
    name,
    category,
    unit,
    weightKg,
    replacementValue,
    notes,
    hireDayCents,
    hireWeekCents,
    minimumHireDays,
  };
}

/** A week rate alone is refused: the week price is an offer on the day price (issue 33). */
function checkHireRates(input: MaterialTypeInput): void {
  if (weekRateWithoutDayRate(input.hireDayCents, input.hireWeekCents)) {
    throw badRequest(MONEY_MESSAGES.weekNeedsDay, [
      { path: 'hireWeekCents', message: MONEY_MESSAGES.weekNeedsDay },
    ]);
  }
}

/** The catalogue's two unique keys, each refused with its field's message. */
function refuseTaken(error: unknown, input: MaterialTypeInput): never {
  if (isUniqueViolation(error, 'material_types_name_unique')) {
    const message = CATALOGUE_MESSAGES.nameTaken(input.name);
    throw conflict(message);
  }
  if (isUniqueViolation(error, 'material_types_item_number_unique') && input.itemNumber) {
    throw conflict(CATALOGUE_MESSAGES.itemNumberTaken(input.itemNumber));
  }
  throw error;
}

export async function createType(
  ctx: AppContext,
  actor: Actor,
  input: MaterialTypeInput,
): Promise<MaterialTypeDto> {
  checkHireRates(input);
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const type = await repo.createType(tx, { ...input, createdBy: actor.user.id });
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'CREATE_MATERIAL_TYPE',
        description: `Added ${type.name} to the catalogue`,
        entityType: 'material_type',
        entityId: String(type.id),
        locationId: null,
        details: describe(type),
        ip: actor.ip,
      });
      return toMaterialTypeDto(type, 0);
    });
  } catch (error) {
    refuseTaken(error, input);
  }
}

/** An edit of every field: a new name is the name of the type's stock at every location. */
export async function updateType(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: MaterialTypeInput,
): Promise<MaterialTypeDto> {
  checkHireRates(input);
  try {
    return await inTransaction(ctx, async ({ tx }) => {
      const before = await repo.lockType(tx, id);
      if (!before) throw notFound(CATALOGUE_MESSAGES.notFound);
      const type = (await repo.updateType(tx, id, input))!;
      await recordActivity(tx, {
        userId: actor.user.id,
        action: 'UPDATE_MATERIAL_TYPE',
        description: `Updated ${type.name} in the catalogue`,
        entityType: 'material_type',
        entityId: String(id),
        locationId: null,
        details: {
          before: describe(before),
          after: describe(type),
        },
        ip: actor.ip,
      });
      const read = (await repo.readType(tx, id))!;
      return toMaterialTypeDto(type, read.totalQuantity);
    });
  } catch (error) {
    refuseTaken(error, input);
  }
}

/** Retire a type (it gets no new stock; its stock and history stay), or make it active again. */
export async function setStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: MaterialTypeStatus,
): Promise<MaterialTypeDto> {
  return inTransaction(ctx, async ({ tx }) => {
    const type = await repo.setRetired(tx, id, status === 'retired');
    if (!type) throw notFound(CATALOGUE_MESSAGES.notFound);
    await recordActivity(tx, {
      userId: actor.user.id,
      action: status === 'retired' ? 'RETIRE_MATERIAL_TYPE' : 'ACTIVATE_MATERIAL_TYPE',
      description: `${status === 'retired' ? 'Retired' : 'Made active'} ${type.name} in the catalogue`,
      entityType: 'material_type',
      entityId: String(id),
      locationId: null,
      details: { status },
      ip: actor.ip,
    });
    const read = (await repo.readType(tx, id))!;
    return toMaterialTypeDto(type, read.totalQuantity);
  });
}

/**
 * The type a stock write names (a material added or edited at a location): found by its name,
 * whatever its case and surrounding spaces, or added to the catalogue. A retired type gets no new
 * stock, and the unit is the catalogue's. The type is held until the transaction ends, so that a
 * retirement cannot slip in between.
 */
export async function typeForStock(
  db: DbExecutor,
  named: { name: string; unit: string; createdBy: number },
  options: { allowRetired?: boolean } = {},
): Promise<repo.MaterialTypeRow> {
  let type = await repo.findTypeByName(db, named.name);
  if (!type) {
    type = await repo.insertTypeUnlessNamed(db, {
      itemNumber: null,
      name: named.name.trim(),
      category: null,
      unit: named.unit,
      weightKg: null,
      replacementValue: null,
      notes: null,
      createdBy: named.createdBy,
    });
    // Made by another write meanwhile: that one is the type.
    type ??= await repo.findTypeByName(db, named.name);
    if (!type) throw conflict('The catalogue changed meanwhile. Reload and try again.');
  }
  if (type.retiredAt !== null && !options.allowRetired) {
    throw conflict(CATALOGUE_MESSAGES.retired(type.name));
  }
  if (type.unit !== named.unit) {
    const message = CATALOGUE_MESSAGES.unitDiffers(type.name, type.unit);
    throw badRequest(message, [{ path: 'unit', message }]);
  }
  return type;
}

/** The types named by these name or item number keys (`textKey`), held until the transaction ends when `hold`. */
export const typesNamed = repo.findTypesByKeys;

/**
 * `typeForStock` for many names at once (an import's stock): each name's type, found whatever its
 * case and surrounding spaces or added to the catalogue (with the item number given), held until
 * the transaction ends; by `textKey`. Whether a retired type may get the stock is the caller's.
 */
export async function typesForStock(
  db: DbExecutor,
  named: ReadonlyArray<{ name: string; itemNumber?: string | null }>,
  createdBy: number,
): Promise<Map<string, repo.MaterialTypeRow>> {
  const wanted = new Map(named.map((n) => [textKey(n.name), n]));
  const found = async (keys: string[]) => {
    for (const type of await repo.findTypesByKeys(db, { names: keys }, true))
      types.set(textKey(type.name), type);
  };
  const types = new Map<string, repo.MaterialTypeRow>();
  for (let i = 0; i < wanted.size; i += TYPE_BATCH) {
    await found([...wanted.keys()].slice(i, i + TYPE_BATCH));
  }
  const missing = [...wanted].filter(([key]) => !types.has(key));
  for (let i = 0; i < missing.length; i += TYPE_BATCH) {
    const batch = missing.slice(i, i + TYPE_BATCH);
    const made = await repo.insertTypesUnlessNamed(
      db,
      batch.map(([, n]) => ({
        itemNumber: n.itemNumber?.trim() || null,
        name: n.name.trim(),
        category: null,
        unit: MATERIAL_UNITS[0],
        weightKg: null,
        replacementValue: null,
        notes: null,
        createdBy,
      })),
    );
    for (const type of made) types.set(textKey(type.name), type);
    // Made by another write meanwhile: that one is the type.
    await found(batch.map(([key]) => key).filter((key) => !types.has(key)));
  }
  if (types.size < wanted.size)
    throw conflict('The catalogue changed meanwhile. Reload and try again.');
  return types;
}

/** Types a batched catalogue statement names at most. */
const TYPE_BATCH = 2000;

/** A type that a row is about to refer to (a site's rate), held until the transaction ends; 404. */
export async function requireType(db: DbExecutor, id: number): Promise<repo.MaterialTypeRow> {
  const type = await repo.holdType(db, id);
  if (!type) throw notFound(CATALOGUE_MESSAGES.notFound);
  return type;
}

export const typeOptions = (ctx: AppContext) => repo.listOptions(ctx.db);

/**
 * The type a label's code names and, for a field manager, their location's stock
 * of it: null when it holds none. An admin works everywhere: the type alone.
 */
export async function resolveCode(
  ctx: AppContext,
  user: SessionUser,
  code: string,
): Promise<MaterialCodeAnswer> {
  const type = await repo.findTypeByCode(ctx.db, code);
  if (!type) throw notFound(LABEL_MESSAGES.unknownCode(code.trim()));
  const at = ownLocation(user);
  const location = at === null ? null : { id: at, name: user.location?.name ?? '' };
  const stock = at === null ? null : await repo.stockAtLocation(ctx.db, type.id, at);
  return {
    type: {
      id: type.id,
      itemNumber: type.itemNumber,
      name: type.name,
      unit: type.unit,
      status: type.retiredAt === null ? 'active' : 'retired',
    },
    location,
    material: stock,
  };
}

/**
 * The types an import adds and changes, in the import's transaction: the catalogue writes its own
 * table, so its rules hold for imported rows too. Rows come checked; written in batches.
 */
export async function saveImportedTypes(
  tx: DbExecutor,
  rows: ReadonlyArray<repo.ImportedTypeValues & { id: number | null }>,
  createdBy: number,
) {
  await repo.updateTypesMany(
    tx,
    rows.filter((r): r is repo.ImportedTypeValues & { id: number } => r.id !== null),
  );
  await repo.insertTypesMany(
    tx,
    rows.filter((r) => r.id === null).map(({ id: _id, ...values }) => ({ ...values, createdBy })),
  );
}
