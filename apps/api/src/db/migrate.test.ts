import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './client';
import { runMigrations } from './migrate';

const FOLDER = path.join(import.meta.dirname, 'migrations');
type Journal = { entries: Array<{ idx: number; when: number; tag: string }> };
const journal = JSON.parse(
  await fs.readFile(path.join(FOLDER, 'meta', '_journal.json'), 'utf8'),
) as Journal;

const opened: Array<{ db: Database; name: string }> = [];
const dirs: string[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty database of its own. */
async function emptyDatabase(): Promise<Database> {
  const name = `m_${randomBytes(6).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), 2);
  opened.push({ db, name });
  return db;
}

/** A copy of the migrations with the journal `change` makes, as an older release shipped them. */
async function migrationsAsShipped(change: (entries: Journal['entries']) => Journal['entries']) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockyard-migrations-'));
  dirs.push(dir);
  await fs.cp(FOLDER, dir, { recursive: true });
  const shipped = { ...journal, entries: change(structuredClone(journal.entries)) };
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(shipped));
  return dir;
}

afterAll(async () => {
  for (const { db, name } of opened) {
    await db.$client.end();
    await admin(`drop database if exists "${name}" with (force)`);
  }
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const lastTable = 'material_rental_item_names'; // made by the last migration, 0035
async function tableExists(db: Database, table: string) {
  const result = await db.$client.query('select to_regclass($1) as name', [table]);
  return result.rows[0]?.name !== null;
}
async function appliedCount(db: Database) {
  const result = await db.$client.query(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return result.rows[0]?.n as number;
}

describe('the migrations', () => {
  it('are dated in the order they apply: drizzle applies only those dated after the last applied', () => {
    const whens = journal.entries.map((entry) => entry.when);
    expect(whens.every((when, i) => i === 0 || when > whens[i - 1]!)).toBe(true);
  });

  it('bring a database that stopped at 0025 up to date (0025 was dated ahead of 0026 to 0035)', async () => {
    const db = await emptyDatabase();
    const upTo25 = await migrationsAsShipped((entries) => entries.filter((e) => e.idx <= 25));
    await migrate(db, { migrationsFolder: upTo25 });
    expect(await tableExists(db, lastTable)).toBe(false);

    await runMigrations(db);
    expect(await tableExists(db, lastTable)).toBe(true);
    expect(await appliedCount(db)).toBe(journal.entries.length);
  });

  it('leave alone a database made with the old dates: nothing is applied twice', async () => {
    const db = await emptyDatabase();
    // As shipped before: 0026 on dated before 0025.
    const oldDates = await migrationsAsShipped((entries) =>
      entries.map((e) => (e.idx > 25 ? { ...e, when: 1795673000000 + e.idx * 1000 } : e)),
    );
    await migrate(db, { migrationsFolder: oldDates });
    expect(await tableExists(db, lastTable)).toBe(true);

    await runMigrations(db);
    await runMigrations(db);
    expect(await appliedCount(db)).toBe(journal.entries.length);
  });

  it('group today’s materials into catalogue types by name and unit, keeping every row, its stock and its ledger (0047)', async () => {
    const db = await emptyDatabase();
    const before47 = await migrationsAsShipped((entries) => entries.filter((e) => e.idx < 47));
    await migrate(db, { migrationsFolder: before47 });
    const run = (text: string) => db.$client.query(text);
    await run(`insert into locations (id, name, address, type) values
      (1, 'North Yard', '1 Road', 'BMR_YARD'), (2, 'Site A', '2 Road', 'FIELD')`);
    // Spelled four ways, at two locations; two live spellings share North Yard; one is removed.
    await run(`insert into materials (id, name, location_id, quantity, unit, deleted_at) values
      (1, 'Tube 6m', 1, 10, 'EACH', null),
      (2, ' tube 6M', 1, 4, 'EACH', null),
      (3, 'TUBE 6m ', 2, 7, 'EACH', null),
      (4, 'Tube 6m', 2, 0, 'EACH', now()),
      (5, 'Tube 6m', 2, 3, 'METRE', null),
      (6, 'Coupler', 2, 5, 'EACH', null)`);
    await run(`insert into stock_movements (material_id, delta, quantity_after, reason)
      select id, quantity, quantity, 'CREATE' from materials where quantity > 0`);

    await runMigrations(db);
    const types = await run(`select t.name, t.unit, array_agg(m.id order by m.id) as ids
      from material_types t join materials m on m.material_type_id = t.id
      group by t.id order by t.name, t.unit`);
    expect(types.rows).toEqual([
      { name: 'Coupler', unit: 'EACH', ids: [6] },
      // Most rows spell it "Tube 6m"; the second live row at North Yard is a variant of its own.
      { name: 'Tube 6m', unit: 'EACH', ids: [1, 3, 4] },
      { name: 'Tube 6m (2)', unit: 'EACH', ids: [2] },
      { name: 'Tube 6m (METRE)', unit: 'METRE', ids: [5] },
    ]);
    // Each row takes its type's name; quantities and the ledger are as they were.
    const rows = await run(`select m.id, m.name, m.quantity::float8 as quantity,
        coalesce((select sum(delta) from stock_movements s where s.material_id = m.id), 0)::float8 as ledger
      from materials m order by m.id`);
    expect(rows.rows.map((r) => r.name)).toEqual([
      'Tube 6m',
      'Tube 6m (2)',
      'Tube 6m',
      'Tube 6m',
      'Tube 6m (METRE)',
      'Coupler',
    ]);
    expect(rows.rows.map((r) => r.quantity)).toEqual([10, 4, 7, 0, 3, 5]);
    for (const row of rows.rows) if (row.id !== 4) expect(row.ledger).toBe(row.quantity);
    // A location holds one live row per type from now on.
    await expect(
      run(`insert into materials (id, material_type_id, name, location_id, quantity, unit)
        select 100, material_type_id, 'x', 1, 0, 'EACH' from materials where id = 1`),
    ).rejects.toThrow(/materials_location_type_unique/);
  });

  it('turn the rentals written off whole (LOST, DAMAGED) into returns of their lines, RETURNED (0048)', async () => {
    const db = await emptyDatabase();
    const before48 = await migrationsAsShipped((entries) => entries.filter((e) => e.idx < 48));
    await migrate(db, { migrationsFolder: before48 });
    const run = (text: string) => db.$client.query(text);
    await run(`insert into locations (id, name, address, type) values
      (1, 'North Yard', '1 Road', 'BMR_YARD'), (2, 'Site A', '2 Road', 'FIELD')`);
    await run(
      `insert into material_types (id, name, unit) values (1, 'Tube', 'EACH'), (2, 'Clamp', 'EACH')`,
    );
    await run(`insert into materials (id, material_type_id, name, location_id, quantity, unit) values
      (1, 1, 'Tube', 1, 0, 'EACH'), (2, 2, 'Clamp', 1, 0, 'EACH')`);
    // LOST after 4 of 10 tubes came back (its 3 clamps all back); DAMAGED with nothing back; one
    // still ACTIVE with 2 of 5 back.
    await run(`insert into material_rentals (id, from_location_id, to_location_id, rental_date,
        expected_return_date, status, created_at, updated_at) values
      (1, 1, 2, '2026-01-05', '2026-02-01', 'LOST', '2026-01-05T10:00:00Z', '2026-03-15T10:00:00Z'),
      (2, 1, 2, '2026-01-06', '2026-02-01', 'DAMAGED', '2026-01-06T10:00:00Z', '2026-03-16T10:00:00Z'),
      (3, 1, 2, '2026-01-07', '2099-02-01', 'ACTIVE', '2026-01-07T10:00:00Z', '2026-01-07T10:00:00Z')`);
    await run(`insert into material_rental_items (id, rental_id, material_id, material_name, unit,
        quantity, quantity_actually_returned) values
      (1, 1, 1, 'Tube', 'EACH', 10, 4), (2, 1, 2, 'Clamp', 'EACH', 3, 3),
      (3, 2, 1, 'Tube', 'EACH', 6, 0), (4, 3, 1, 'Tube', 'EACH', 5, 2)`);
    await run(`insert into material_rental_returns (rental_id, rental_item_id, returned_quantity, return_date) values
      (1, 1, 4, '2026-02-10T10:00:00Z'), (1, 2, 3, '2026-02-10T10:00:00Z'), (3, 4, 2, '2026-02-11T10:00:00Z')`);

    await runMigrations(db);
    // Its figures, read from its lines and their returns (migration 0058).
    const rentals = await run(`select r.id, r.status, r.actual_return_date::text as day,
        (select sum(i.quantity)::int from material_rental_items i where i.rental_id = r.id) as quantity_total,
        (select coalesce(sum(h.returned_quantity), 0)::int from material_rental_returns h where h.rental_id = r.id) as returned_total,
        (select coalesce(sum(h.damaged_quantity), 0)::int from material_rental_returns h where h.rental_id = r.id) as damaged_total,
        (select coalesce(sum(h.lost_quantity), 0)::int from material_rental_returns h where h.rental_id = r.id) as lost_total
      from material_rentals r order by r.id`);
    expect(rentals.rows).toEqual([
      {
        id: 1,
        status: 'RETURNED',
        day: expect.stringMatching(/^2026-03-1[45]$/),
        quantity_total: 13,
        returned_total: 7,
        damaged_total: 0,
        lost_total: 6,
      },
      {
        id: 2,
        status: 'RETURNED',
        day: expect.stringMatching(/^2026-03-1[56]$/),
        quantity_total: 6,
        returned_total: 0,
        damaged_total: 6,
        lost_total: 0,
      },
      {
        id: 3,
        status: 'ACTIVE',
        day: null,
        quantity_total: 5,
        returned_total: 2,
        damaged_total: 0,
        lost_total: 0,
      },
    ]);
    // Each line with units out gets one return of them, dated when the rental was marked.
    const returns = await run(`select rental_item_id as item, returned_quantity as good,
        damaged_quantity as damaged, lost_quantity as lost, return_date::text as return_date,
        recorded_at, notes
      from material_rental_returns order by id`);
    expect(returns.rows.map((r) => [r.item, r.good, r.damaged, r.lost])).toEqual([
      [1, 4, 0, 0],
      [2, 3, 0, 0],
      [4, 2, 0, 0],
      [1, 0, 0, 6],
      [3, 0, 6, 0],
    ]);
    // Migration 0054: the day it happened on the company's calendar, and when.
    expect(returns.rows[3].return_date).toBe('2026-03-15');
    expect(returns.rows[3].recorded_at).toEqual(new Date('2026-03-15T10:00:00Z'));
    expect(returns.rows[3].notes).toMatch(/lost/);
    expect(returns.rows[4].notes).toMatch(/damaged and scrapped/);
    // Only the ACTIVE rental's 3 are out, its line less its returns; and the damaged units,
    // written off when the rental was marked, enter no repair stock.
    const out = await run(`select (select sum(i.quantity) from material_rental_items i
        join material_rentals r on r.id = i.rental_id where r.status = 'ACTIVE')
      - (select sum(h.returned_quantity + h.damaged_quantity + h.lost_quantity)
         from material_rental_returns h join material_rentals r on r.id = h.rental_id
         where r.status = 'ACTIVE') as units`);
    expect(Number(out.rows[0].units)).toBe(3);
    const repair = await run(
      `select coalesce(sum(repair_quantity), 0)::int as units from materials`,
    );
    expect(repair.rows[0].units).toBe(0);
  });

  it('tie the damaged units already in repair to the returns they came back with (0051)', async () => {
    const db = await emptyDatabase();
    const before51 = await migrationsAsShipped((entries) => entries.filter((e) => e.idx < 51));
    await migrate(db, { migrationsFolder: before51 });
    const run = (text: string) => db.$client.query(text);
    await run(`insert into locations (id, name, address, type) values
      (1, 'North Yard', '1 Road', 'BMR_YARD'), (2, 'Site A', '2 Road', 'FIELD')`);
    await run(`insert into material_types (id, name, unit) values (1, 'Tube', 'EACH')`);
    await run(`insert into materials (id, material_type_id, name, location_id, quantity, unit)
      values (1, 1, 'Tube', 1, 0, 'EACH')`);
    await run(`insert into material_rentals (id, from_location_id, to_location_id, rental_date,
        expected_return_date) values (1, 1, 2, '2026-11-01', '2099-01-01')`);
    await run(`insert into material_rental_items (id, rental_id, material_id, material_name, unit,
        quantity) values (1, 1, 1, 'Tube', 'EACH', 10)`);
    // Two returns with damaged units, each written with its movement in one transaction (one
    // time); a third movement into repair of no return.
    await run(`insert into material_rental_returns (id, rental_id, rental_item_id, returned_quantity,
        damaged_quantity, return_date) values
      (1, 1, 1, 0, 3, '2026-11-20T10:00:00Z'), (2, 1, 1, 1, 2, '2026-11-21T10:00:00Z')`);
    await run(`insert into stock_movements (material_id, delta, quantity_after, repair_delta,
        reason, created_at) values
      (1, 0, 0, 3, 'RENTAL_DAMAGED', '2026-11-20T10:00:00Z'),
      (1, 1, 1, 0, 'RENTAL_RETURN', '2026-11-21T10:00:00Z'),
      (1, 0, 1, 2, 'RENTAL_DAMAGED', '2026-11-21T10:00:00Z'),
      (1, 0, 1, 4, 'RENTAL_DAMAGED', '2026-11-22T10:00:00Z')`);

    await runMigrations(db);
    const movements = await run(
      'select reason, repair_delta::int as units, return_id from stock_movements order by id',
    );
    expect(movements.rows).toEqual([
      { reason: 'RENTAL_DAMAGED', units: 3, return_id: 1 },
      { reason: 'RENTAL_RETURN', units: 0, return_id: null },
      { reason: 'RENTAL_DAMAGED', units: 2, return_id: 2 },
      { reason: 'RENTAL_DAMAGED', units: 4, return_id: null },
    ]);
  });

  it('keep the movement notes numbering where it was, in the one table of document numbers (0053)', async () => {
    const db = await emptyDatabase();
    const before53 = await migrationsAsShipped((entries) => entries.filter((e) => e.idx < 53));
    await migrate(db, { migrationsFolder: before53 });
    const run = (text: string) => db.$client.query(text);
    await run(`insert into movement_note_counters (kind, year, last) values
      ('DELIVERY', 2026, 41), ('RETURN', 2026, 7), ('DELIVERY', 2025, 300)`);
    await run(`insert into document_counters (series, year, next) values ('INVOICE', 2026, 12)`);

    await runMigrations(db);
    const counters = await run(
      'select series, year, next from document_counters order by series, year',
    );
    expect(counters.rows).toEqual([
      { series: 'DELIVERY_NOTE', year: 2025, next: 301 },
      { series: 'DELIVERY_NOTE', year: 2026, next: 42 },
      { series: 'INVOICE', year: 2026, next: 12 },
      { series: 'RETURN_NOTE', year: 2026, next: 8 },
    ]);
    expect(await tableExists(db, 'movement_note_counters')).toBe(false);
  });
});
