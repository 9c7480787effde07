import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, loginAs, seedActors } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dayOf, downloadBoth, sheetValues } from '../../../test/spreadsheets';

let t: TestApp;
let actors: Awaited<ReturnType<typeof seedActors>>;
let other: { id: number; name: string };
/** The newest material: at the other location, its name and notes looking like formulas. */
let formula: { id: number };
/**
 * The inventory: 2,100 materials at the actors' location (more than an export's chunk), one of
 * them removed, and two at another location, the newest with a catalogue entry that knows its
 * item number and weight.
 */
beforeAll(async () => {
  t = await createTestApp();
  actors = await seedActors(t.app, t.db);
  other = await createLocation(t.db, { name: 'Export Field East', type: 'FIELD' });
  await t.db.$client.query(
    `with types as (
       insert into material_types (name, unit)
       select 'Bulk item ' || n, 'EACH' from generate_series(1, 2101) n returning id, name
     )
     insert into materials (material_type_id, name, location_id, quantity, unit, deleted_at)
     select id, name, $1, id % 40, 'EACH', case when name = 'Bulk item 7' then now() end
     from types order by id`,
    [actors.location.id],
  );
  await t.db.$client.query(
    `with types as (
       insert into material_types (name, unit, item_number, weight_kg)
       values ('Ledger 2.5m', 'EACH', 'LED-25', 9.25) returning id, name
     )
     insert into materials (material_type_id, name, location_id, quantity, unit, notes)
     select id, name, $1, 12, 'EACH', null from types`,
    [other.id],
  );
  const [row] = (
    await t.db.$client.query(
      `with types as (
         insert into material_types (name, unit, item_number, weight_kg)
         values ('=HYPERLINK("x")', 'EACH', '-007', 4.125) returning id, name
       )
       insert into materials (material_type_id, name, location_id, quantity, unit, notes)
       select id, name, $1, 8, 'EACH', '+ check the clamps' from types returning id`,
      [other.id],
    )
  ).rows;
  formula = row as { id: number };
});
afterAll(async () => {
  await t.close();
});

const HEADER = [
  'SR',
  'Item No.',
  'Material',
  'Location',
  'Quantity',
  'Unit',
  'Status',
  'Weight per unit (kg)',
  'Total weight (kg)',
  'Notes',
  'Updated',
];
const sr = (id: number) => `MAT-${String(id).padStart(3, '0')}`;

describe('GET /api/materials/export', () => {
  it('writes the whole inventory, chunk after chunk, newest first, as the list', async () => {
    const { sheet, csv } = await downloadBoth(
      t.app,
      '/api/materials/export',
      actors.admin.headers,
      'inventory',
    );
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/materials/list?limit=10',
        headers: actors.admin.headers,
      })
    ).json();
    expect(list.pagination.total).toBe(2102);
    expect(sheet.rowCount).toBe(2103);
    expect(csv).toHaveLength(2103);
    expect(sheetValues(sheet)[0]).toEqual(HEADER);
    expect(csv[0]).toEqual(HEADER);
    const srs = csv.slice(1).map((row) => row[0]);
    expect(srs.slice(0, 10)).toEqual(list.data.map((m: { id: number }) => sr(m.id)));
    expect(new Set(srs).size).toBe(2102);
    expect(csv.some((row) => row[2] === 'Bulk item 7')).toBe(false);

    // The newest: text that looks like a formula stays text in the workbook, marked in the CSV.
    const newest = sheet.getRow(2);
    expect(newest.getCell(1).value).toBe(sr(formula.id));
    expect(newest.getCell(2).value).toBe('-007');
    expect(newest.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(newest.getCell(3).value).toBe('=HYPERLINK("x")');
    expect(newest.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(newest.getCell(4).value).toBe('Export Field East');
    expect(newest.getCell(5).value).toBe(8);
    expect(newest.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(newest.getCell(6).value).toBe('Each');
    expect(newest.getCell(7).value).toBe('Low Stock');
    expect(newest.getCell(8).value).toBe(4.125);
    expect(newest.getCell(8).numFmt).toBe('#,##0.000');
    expect(newest.getCell(9).value).toBe(33);
    expect(newest.getCell(10).value).toBe('+ check the clamps');
    dayOf(newest.getCell(11), 'dd/mm/yyyy');
    expect(csv[1]).toEqual([
      sr(formula.id),
      "'-007",
      `'=HYPERLINK("x")`,
      'Export Field East',
      '8',
      'Each',
      'Low Stock',
      '4.125',
      '33',
      "'+ check the clamps",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    ]);
    // A weight the catalogue does not know is an empty cell.
    expect(csv[2]!.slice(1, 9)).toEqual([
      'LED-25',
      'Ledger 2.5m',
      'Export Field East',
      '12',
      'Each',
      'Available',
      '9.25',
      '111',
    ]);
    expect(sheet.getRow(4).getCell(8).value).toBeNull();
    expect(csv[3]![7]).toBe('');
    // An empty material is Out of Stock, as the list says.
    const empty = csv.find((row) => row[4] === '0');
    expect(empty?.[6]).toBe('Out of Stock');
  });

  it("follows the list's location filter", async () => {
    const { csv } = await downloadBoth(
      t.app,
      `/api/materials/export?locationId=${other.id}`,
      actors.admin.headers,
      'inventory',
    );
    expect(csv.slice(1).map((row) => row[2])).toEqual([`'=HYPERLINK("x")`, 'Ledger 2.5m']);
    const mine = await downloadBoth(
      t.app,
      `/api/materials/export?locationId=${actors.location.id}`,
      actors.admin.headers,
      'inventory',
    );
    expect(mine.csv).toHaveLength(2101);
    expect(new Set(mine.csv.slice(1).map((row) => row[3]))).toEqual(
      new Set([actors.location.name]),
    );
  });

  it("gives a field manager their location's inventory alone, and refuses one without View Inventory", async () => {
    const { csv } = await downloadBoth(
      t.app,
      '/api/materials/export',
      (await loginAs(t.app, (await createUser(t.db, { locationId: other.id })).email)).headers,
      'inventory',
    );
    expect(csv.slice(1).map((row) => row[3])).toEqual([other.name, other.name]);
    const another = await t.app.inject({
      method: 'GET',
      url: `/api/materials/export?locationId=${other.id}`,
      headers: actors.manager.headers,
    });
    expect(another.statusCode).toBe(404);
    const blind = await createUser(t.db, {
      locationId: actors.location.id,
      permissions: { viewInventory: false },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/materials/export',
      headers: (await loginAs(t.app, blind.email)).headers,
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/materials/export' })).statusCode).toBe(
      401,
    );
    const badFormat = await t.app.inject({
      method: 'GET',
      url: '/api/materials/export?format=pdf',
      headers: actors.admin.headers,
    });
    expect(badFormat.statusCode).toBe(400);
  });
});
