import {
  CATALOGUE_MESSAGES,
  IMPORT_ROW_MESSAGES,
  MATERIAL_UNITS,
  materialTypeSchema,
  quantityField,
  textKey,
} from '@stockyard/shared';
import { typesForStock, typesNamed } from '../catalogue/catalogue.service';
import { ensureMaterialsAt, setCountedStock } from '../materials/materials-ledger.service';
import type { ImportKindDefinition } from './import-kind';
import { KeysSeen, type PlannedRow, RowCheck } from './import-plan';
import * as repo from './imports.repository';

/**
 * Stock per location: each row sets the quantity of a material at a location, through
 * the ledger (reason IMPORT, the file's name as reference). The material is found in the catalogue
 * by item number, else by name; a name the catalogue lacks is added to it; a retired type gets no
 * new stock. The location must exist.
 */

type Column = 'location' | 'itemNumber' | 'name' | 'quantity';

export type StockWrite = {
  locationId: number;
  locationName: string;
  /** The catalogue's type, or the name (and item number) of one to add. */
  type: { id: number; name: string } | { id: null; name: string; itemNumber: string | null };
  quantity: number;
};

type Resolved = {
  location?: repo.LocationRow;
  quantity?: number;
  type?: repo.TypeRow;
  newType?: { name: string; itemNumber: string | null };
};

const itemNumberField = materialTypeSchema.shape.itemNumber;
const nameField = materialTypeSchema.shape.name;

function resolveType(
  check: RowCheck<Column>,
  byName: Map<string, repo.TypeRow>,
  byItemNumber: Map<string, repo.TypeRow>,
): Pick<Resolved, 'type' | 'newType'> {
  const itemNumber = check.cell('itemNumber');
  const name = check.cell('name');
  if (itemNumber === '' && name === '') {
    check.error(check.row.refs.name ? 'name' : 'itemNumber', IMPORT_ROW_MESSAGES.materialRequired);
    return {};
  }
  if (itemNumber !== '') {
    const type = byItemNumber.get(textKey(itemNumber));
    if (type) return { type };
    if (name === '') {
      check.error('itemNumber', IMPORT_ROW_MESSAGES.itemNumberUnknown(itemNumber));
      return {};
    }
  }
  const type = byName.get(textKey(name));
  if (type) {
    if (itemNumber !== '' && type.itemNumber !== null) {
      check.error('itemNumber', IMPORT_ROW_MESSAGES.itemNumberDiffers(type.name, type.itemNumber));
      return {};
    }
    return { type };
  }
  const checkedName = check.parse(nameField, name, () => 'name');
  const checkedItem = check.parse(itemNumberField, itemNumber, () => 'itemNumber');
  if (checkedName === undefined || checkedItem === undefined) return {};
  return { newType: { name: checkedName, itemNumber: checkedItem } };
}

export const stockImport: ImportKindDefinition<StockWrite> = {
  example: {
    location: 'North Yard',
    itemNumber: 'TUB-300',
    name: 'Steel tube 3 m',
    quantity: '120',
  },

  async plan(db, sheet, hold) {
    const checks = sheet.rows.map((row) => new RowCheck<Column>(row));
    const locations = new Map((await repo.allLocations(db)).map((l) => [textKey(l.name), l]));
    const names = new Set<string>();
    const itemNumbers = new Set<string>();
    for (const check of checks) {
      if (check.has('name')) names.add(textKey(check.cell('name')));
      if (check.has('itemNumber')) itemNumbers.add(textKey(check.cell('itemNumber')));
    }
    const types = await typesNamed(db, { names: [...names], itemNumbers: [...itemNumbers] }, hold);
    const byName = new Map(types.map((t) => [textKey(t.name), t]));
    const byItemNumber = new Map(
      types.filter((t) => t.itemNumber !== null).map((t) => [textKey(t.itemNumber!), t]),
    );

    const resolved = checks.map((check): Resolved => {
      const found: Resolved = {};
      const locationName = check.cell('location');
      if (locationName === '') check.error('location', 'Location is required');
      else {
        found.location = locations.get(textKey(locationName));
        if (!found.location)
          check.error('location', IMPORT_ROW_MESSAGES.locationUnknown(locationName));
      }
      if (!check.has('quantity')) check.error('quantity', 'Quantity is required');
      else {
        const number = check.number('quantity', 'Quantity', sheet.decimalSeparator);
        if (number !== undefined)
          found.quantity = check.parse(quantityField, number, () => 'quantity');
      }
      return { ...found, ...resolveType(check, byName, byItemNumber) };
    });

    const stock = await repo.stockRows(
      db,
      resolved.flatMap((r) =>
        r.location && r.type ? [{ locationId: r.location.id, materialTypeId: r.type.id }] : [],
      ),
    );
    const held = new Map(stock.map((s) => [`${s.locationId}:${s.materialTypeId}`, s.quantity]));
    const seen = new KeysSeen<Column>();

    return checks.map((check, i): PlannedRow<StockWrite> => {
      const { location, quantity, type, newType } = resolved[i]!;
      if (!location || quantity === undefined || !(type || newType)) return check.planned('new');
      const typeKey = type ? `id:${type.id}` : `name:${textKey(newType!.name)}`;
      const materialColumn = check.has('itemNumber') ? 'itemNumber' : 'name';
      seen.once(check, `${location.id}|${typeKey}`, materialColumn);
      const current = type ? held.get(`${location.id}:${type.id}`) : undefined;
      if (type?.retiredAt && quantity > (current ?? 0)) {
        check.error(materialColumn, CATALOGUE_MESSAGES.retired(type.name));
      }
      const write: StockWrite = {
        locationId: location.id,
        locationName: location.name,
        type: type ? { id: type.id, name: type.name } : { id: null, ...newType! },
        quantity,
      };
      if (current === undefined) return check.planned('new', write);
      return check.planned(current === quantity ? 'unchanged' : 'update', write);
    });
  },

  async write(ctx, uow, rows, by) {
    const named = rows.flatMap((r) => (r.type.id === null ? [r.type] : []));
    const made = named.length > 0 ? await typesForStock(uow.tx, named, by.userId) : new Map();
    const lines = rows.map((r) => {
      const type = r.type.id === null ? made.get(textKey(r.type.name))! : r.type;
      return { ...r, materialTypeId: type.id as number, typeName: type.name as string };
    });
    const stockRows = await ensureMaterialsAt(
      uow,
      lines.map((l) => ({
        materialTypeId: l.materialTypeId,
        locationId: l.locationId,
        name: l.typeName,
        unit: MATERIAL_UNITS[0],
        notes: null,
        createdBy: by.userId,
      })),
    );
    await setCountedStock(
      ctx,
      uow,
      lines.map((l) => {
        const material = stockRows.get(`${l.locationId}:${l.materialTypeId}`)!;
        return {
          materialId: material.id,
          quantity: l.quantity,
          locationName: l.locationName,
          created: material.created,
        };
      }),
      { reason: 'IMPORT', reference: by.fileName, userId: by.userId },
    );
  },
};
