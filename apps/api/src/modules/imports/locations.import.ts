import {
  LOCATION_STATUS_LABELS,
  LOCATION_TYPE_LABELS,
  locationSchema,
  textKey,
} from '@stockyard/shared';
import { saveImportedLocations } from '../locations/locations.service';
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
 * Locations: each row adds a location or changes the one of its name, whatever its
 * case and surrounding spaces (the name itself stays as the location has it). A blank cell leaves
 * that field as it is; a new location is Active unless the row says otherwise.
 */

type Column = 'name' | 'address' | 'type' | 'status';

export type LocationWrite = repo.LocationValues & { id: number | null };

const FIELDS = ['name', 'address', 'type', 'status'] as const;

export const locationsImport: ImportKindDefinition<LocationWrite> = {
  example: {
    name: 'North Yard',
    address: '1 Quarry Road, Leeds',
    type: 'BMR Yard',
    status: 'Active',
  },

  async plan(db, sheet) {
    const locations = new Map((await repo.allLocations(db)).map((l) => [textKey(l.name), l]));
    const seen = new KeysSeen<Column>();
    return sheet.rows.map((row): PlannedRow<LocationWrite> => {
      const check = new RowCheck<Column>(row);
      const location = check.has('name') ? locations.get(textKey(check.cell('name'))) : undefined;
      if (check.has('name')) seen.once(check, textKey(check.cell('name')), 'name');
      const input = check.parse(
        locationSchema,
        {
          name: location?.name ?? check.cell('name'),
          address: given(check.cell('address')) ?? location?.address,
          type: valueOfLabel(given(check.cell('type')), LOCATION_TYPE_LABELS) ?? location?.type,
          status:
            valueOfLabel(given(check.cell('status')), LOCATION_STATUS_LABELS) ??
            location?.status ??
            'ACTIVE',
        },
        (field) => (FIELDS.includes(field as Column) ? (field as Column) : null),
      );
      if (!input) return check.planned('new');
      const write = { ...input, id: location?.id ?? null };
      if (!location) return check.planned('new', write);
      return check.planned(sameValues(location, write, FIELDS) ? 'unchanged' : 'update', write);
    });
  },

  async write(_ctx, uow, rows) {
    await saveImportedLocations(uow.tx, rows);
  },
};
