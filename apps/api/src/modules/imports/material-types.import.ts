import {
  CATALOGUE_MESSAGES,
  IMPORT_ROW_MESSAGES,
  MATERIAL_UNITS,
  type MaterialTypeInput,
  materialTypeSchema,
} from '@stockyard/shared';
import type { ImportKindDefinition } from './import-kind';
import { given, KeysSeen, type PlannedRow, RowCheck, sameValues } from './import-plan';
import * as repo from './imports.repository';

/**
 * The catalogue (issue 30): each row adds a material type or changes one, found by item number,
 * else by name. A blank cell, or a column the file lacks, leaves that field as it is.
 */

type Column =
  | 'itemNumber'
  | 'name'
  | 'category'
  | 'unit'
  | 'weightKg'
  | 'replacementValue'
  | 'notes';

export type MaterialTypeWrite = repo.TypeValues & { id: number | null };

const FIELDS = [
  'itemNumber',
  'name',
  'category',
  'unit',
  'weightKg',
  'replacementValue',
  'notes',
] as const satisfies readonly (keyof MaterialTypeInput & Column)[];

/** The type's values as the form would send them, the row's given cells over them. */
function inputOf(
  check: RowCheck<Column>,
  type: repo.TypeRow | undefined,
  numbers: { weightKg?: number; replacementValue?: number },
) {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const cell =
      field === 'weightKg' || field === 'replacementValue'
        ? numbers[field]
        : given(check.cell(field));
    input[field] = cell ?? type?.[field] ?? null;
  }
  input.unit ??= MATERIAL_UNITS[0];
  return input;
}

export const materialTypesImport: ImportKindDefinition<MaterialTypeWrite> = {
  example: {
    itemNumber: 'TUB-300',
    name: 'Steel tube 3 m',
    category: 'Tubes',
    unit: 'EACH',
    weightKg: '13.5',
    replacementValue: '42.50',
    notes: '',
  },

  async plan(db, sheet, hold) {
    const checks = sheet.rows.map((row) => new RowCheck<Column>(row));
    const names = new Set<string>();
    const itemNumbers = new Set<string>();
    for (const check of checks) {
      if (check.has('name')) names.add(repo.keyOf(check.cell('name')));
      if (check.has('itemNumber')) itemNumbers.add(repo.keyOf(check.cell('itemNumber')));
    }
    const types = await repo.typesNamed(
      db,
      { names: [...names], itemNumbers: [...itemNumbers] },
      hold,
    );
    const byName = new Map(types.map((t) => [repo.keyOf(t.name), t]));
    const byItemNumber = new Map(
      types.filter((t) => t.itemNumber !== null).map((t) => [repo.keyOf(t.itemNumber!), t]),
    );
    const seenNames = new KeysSeen<Column>();
    const seenItemNumbers = new KeysSeen<Column>();

    return checks.map((check): PlannedRow<MaterialTypeWrite> => {
      const itemNumber = check.cell('itemNumber');
      const name = check.cell('name');
      let type = itemNumber === '' ? undefined : byItemNumber.get(repo.keyOf(itemNumber));
      // Found by its name, a type keeps its spelling; found by item number, it takes the file's.
      let keepName = false;
      if (!type && name !== '') {
        type = byName.get(repo.keyOf(name));
        keepName = type !== undefined;
        if (type && itemNumber !== '' && type.itemNumber !== null) {
          check.error(
            'itemNumber',
            IMPORT_ROW_MESSAGES.itemNumberDiffers(type.name, type.itemNumber),
          );
        }
      }
      if (name !== '') {
        const other = byName.get(repo.keyOf(name));
        if (other && type && other.id !== type.id)
          check.error('name', CATALOGUE_MESSAGES.nameTaken(name));
        seenNames.once(check, repo.keyOf(name), 'name');
      }
      if (itemNumber !== '') seenItemNumbers.once(check, repo.keyOf(itemNumber), 'itemNumber');
      const numbers = {
        weightKg: check.number('weightKg', 'Weight per unit', sheet.decimalSeparator),
        replacementValue: check.number(
          'replacementValue',
          'Replacement value',
          sheet.decimalSeparator,
        ),
      };
      const values = inputOf(check, type, numbers);
      if (keepName) values.name = type!.name;
      const input = check.parse(materialTypeSchema, values, (field) =>
        FIELDS.includes(field as Column) ? (field as Column) : null,
      );
      if (!input) return check.planned('new');
      const write = { ...input, id: type?.id ?? null };
      if (!type) return check.planned('new', write);
      return check.planned(sameValues(type, write, FIELDS) ? 'unchanged' : 'update', write);
    });
  },

  async write(_ctx, uow, rows, by) {
    const added = rows.filter((r) => r.id === null);
    const changed = rows.filter((r): r is MaterialTypeWrite & { id: number } => r.id !== null);
    await repo.updateTypes(uow.tx, changed);
    await repo.insertTypes(
      uow.tx,
      added.map(({ id: _id, ...values }) => ({ ...values, createdBy: by.userId })),
    );
  },
};
