import {
  IMPORT_ROW_MESSAGES,
  STAFF_MESSAGES,
  STAFF_STATUS_LABELS,
  staffSchema,
  textKey,
} from '@stockyard/shared';
import { saveImportedStaff } from '../staff/staff.service';
import type { ImportKindDefinition } from './import-kind';
import {
  given,
  KeysSeen,
  type PlannedRow,
  RowCheck,
  sameValues,
  valueOfLabel,
} from './import-plan';
import * as repo from './imports.repository';

/**
 * Staff: each row adds a staff member or changes the one of its e-mail address; the
 * location is named. A blank cell leaves that field as it is; a hire date is dd/mm/yyyy.
 */

type Column =
  | 'name'
  | 'email'
  | 'phone'
  | 'position'
  | 'location'
  | 'department'
  | 'hireDate'
  | 'salary'
  | 'status'
  | 'address'
  | 'emergencyContact'
  | 'emergencyPhone';

export type StaffWrite = repo.StaffValues & { id: number | null };

const FIELDS = [
  'name',
  'email',
  'phone',
  'position',
  'locationId',
  'department',
  'hireDate',
  'salary',
  'status',
  'address',
  'emergencyContact',
  'emergencyPhone',
] as const;

const columnOf = (field: string): Column | null =>
  field === 'locationId'
    ? 'location'
    : FIELDS.includes(field as (typeof FIELDS)[number])
      ? (field as Column)
      : null;

export const staffImport: ImportKindDefinition<StaffWrite> = {
  example: {
    name: 'Sam Rigger',
    email: 'sam.rigger@example.com',
    phone: '0113 496 0000',
    position: 'Rigger',
    location: 'North Yard',
    department: 'Field',
    hireDate: '06/01/2025',
    salary: '32000',
    status: 'Active',
    address: '2 Mill Lane, Leeds',
    emergencyContact: 'Alex Rigger',
    emergencyPhone: '0113 496 0001',
  },

  async plan(db, sheet) {
    const checks = sheet.rows.map((row) => new RowCheck<Column>(row));
    const locations = new Map((await repo.allLocations(db)).map((l) => [textKey(l.name), l]));
    const emails = [
      ...new Set(checks.filter((c) => c.has('email')).map((c) => textKey(c.cell('email')))),
    ];
    const people = new Map(
      (await repo.staffByEmails(db, emails)).map((s) => [textKey(s.email), s]),
    );
    const seen = new KeysSeen<Column>();

    return checks.map((check): PlannedRow<StaffWrite> => {
      const person = check.has('email') ? people.get(textKey(check.cell('email'))) : undefined;
      if (check.has('email')) seen.once(check, textKey(check.cell('email')), 'email');
      let locationId = person?.locationId;
      if (check.has('location')) {
        const location = locations.get(textKey(check.cell('location')));
        if (location) locationId = location.id;
        else check.error('location', IMPORT_ROW_MESSAGES.locationUnknown(check.cell('location')));
      } else if (!person) check.error('location', STAFF_MESSAGES.locationRequired);
      const hireDate = check.date('hireDate', 'Hire date');
      const salary = check.number('salary', 'Salary', sheet.decimalSeparator);
      const text = (column: Column & keyof repo.StaffValues) =>
        given(check.cell(column)) ?? person?.[column];
      const input = check.parse(
        staffSchema,
        {
          name: text('name'),
          email: given(check.cell('email')),
          phone: text('phone'),
          position: text('position'),
          locationId: locationId ?? 0,
          department: text('department'),
          hireDate: hireDate ?? (check.has('hireDate') ? undefined : person?.hireDate),
          salary: salary ?? (check.has('salary') ? undefined : person?.salary),
          status: valueOfLabel(given(check.cell('status')), STAFF_STATUS_LABELS) ?? person?.status,
          address: text('address'),
          emergencyContact: text('emergencyContact'),
          emergencyPhone: text('emergencyPhone'),
        },
        columnOf,
      );
      if (!input || check.errors.length > 0) return check.planned('new');
      const write: StaffWrite = { ...input, email: input.email.trim(), id: person?.id ?? null };
      if (!person) return check.planned('new', write);
      return check.planned(sameValues(person, write, FIELDS) ? 'unchanged' : 'update', write);
    });
  },

  async write(_ctx, uow, rows) {
    await saveImportedStaff(uow.tx, rows);
  },
};
