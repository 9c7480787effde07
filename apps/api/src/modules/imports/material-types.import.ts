import {
  CATALOGUE_MESSAGES,
  IMPORT_ROW_MESSAGES,
  MATERIAL_UNITS,
  type MaterialTypeInput,
  MONEY_MESSAGES,
  materialTypeSchema,
  textKey,
  weekRateWithoutDayRate,
} from '@stockyard/shared';
import { saveImportedTypes, typesNamed } from '../catalogue/catalogue.service';
import type { ImportKindDefinition } from './import-kind';
import { given, KeysSeen, type PlannedRow, RowCheck, sameValues } from './import-plan';
import type * as repo from './imports.repository';

/**
 * The catalogue: each row adds a material type or changes one, found by item number,
 * else by name. A blank cell, or a column the file lacks, leaves that field as it is.
 */

type Column =
  | 'itemNumber'
  | 'name'
  | 'category'
  | 'unit'
  | 'weightKg'
  | 'replacementValue'
  | 'notes'
  | 'hireDayCents'
  | 'hireWeekCents'
  | 'minimumHireDays';

export type MaterialTypeWrite = repo.TypeValues & { id: number | null };

const FIELDS = [
  'itemNumber',
  'name',
  'category',
  'unit',
  'weightKg',
  'replacementValue',
  'notes',
  'hireDayCents',
  'hireWeekCents',
  'minimumHireDays',
] as const satisfies readonly (keyof MaterialTypeInput & Column)[];

/** The columns read as numbers (the hire rates as money, in cents). */
type Numbers = Partial<
  Record<
    'weightKg' | 'replacementValue' | 'hireDayCents' | 'hireWeekCents' | 'minimumHireDays',
    number
  >
>;

/** The type's values as the form would send them, the row's given cells over them. */
function inputOf(check: RowCheck<Column>, type: repo.TypeRow | undefined, numbers: Numbers) {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const cell = field in numbers ? numbers[field as keyof Numbers] : given(check.cell(field));
    input[field] = cell ?? type?.[field] ?? null;
  }
  input.unit ??= MATERIAL_UNITS[0];
  input.minimumHireDays ??= 0;
  return input;
}

/** A money cell ("2.50", "2,50") as cents; undefined when blank or wrong (then an error). */
function centsOf(
  check: RowCheck<Column>,
  key: 'hireDayCents' | 'hireWeekCents',
  label: string,
  separator: Parameters<RowCheck<Column>['number']>[2],
): number | undefined {
  const amount = check.number(key, label, separator);
  if (amount === undefined) return undefined;
  const cents = Math.round(amount * 100);
  if (amount < 0 || Math.abs(amount * 100 - cents) > 1e-6) {
    check.error(key, MONEY_MESSAGES.rate(label));
    return undefined;
  }
  return cents;
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
    hireDayCents: '0.35',
    hireWeekCents: '1.75',
    minimumHireDays: '7',
  },

  async plan(db, sheet, hold) {
    const checks = sheet.rows.map((row) => new RowCheck<Column>(row));
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
    const seenNames = new KeysSeen<Column>();
    const seenItemNumbers = new KeysSeen<Column>();

    return checks.map((check): PlannedRow<MaterialTypeWrite> => {
      const itemNumber = check.cell('itemNumber');
      const name = check.cell('name');
      let type = itemNumber === '' ? undefined : byItemNumber.get(textKey(itemNumber));
      // Found by its name, a type keeps its spelling; found by item number, it takes the file's.
      let keepName = false;
      if (!type && name !== '') {
        type = byName.get(textKey(name));
        keepName = type !== undefined;
        if (type && itemNumber !== '' && type.itemNumber !== null) {
          check.error(
            'itemNumber',
            IMPORT_ROW_MESSAGES.itemNumberDiffers(type.name, type.itemNumber),
          );
        }
      }
      if (name !== '') {
        const other = byName.get(textKey(name));
        if (other && type && other.id !== type.id)
          check.error('name', CATALOGUE_MESSAGES.nameTaken(name));
        seenNames.once(check, textKey(name), 'name');
      }
      if (itemNumber !== '') seenItemNumbers.once(check, textKey(itemNumber), 'itemNumber');
      const numbers = {
        weightKg: check.number('weightKg', 'Weight per unit', sheet.decimalSeparator),
        replacementValue: check.number(
          'replacementValue',
          'Replacement value',
          sheet.decimalSeparator,
        ),
        hireDayCents: centsOf(check, 'hireDayCents', 'Hire rate per day', sheet.decimalSeparator),
        hireWeekCents: centsOf(
          check,
          'hireWeekCents',
          'Hire rate per week',
          sheet.decimalSeparator,
        ),
        minimumHireDays: check.number(
          'minimumHireDays',
          'Minimum hire (days)',
          sheet.decimalSeparator,
        ),
      };
      const values = inputOf(check, type, numbers);
      if (
        weekRateWithoutDayRate(
          values.hireDayCents as number | null,
          values.hireWeekCents as number | null,
        )
      ) {
        check.error('hireWeekCents', MONEY_MESSAGES.weekNeedsDay);
      }
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
    await saveImportedTypes(uow.tx, rows, by.userId);
  },
};
