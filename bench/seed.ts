import { LOW_STOCK_THRESHOLD } from '@stockyard/shared';
import type pg from 'pg';

export const DATASET = {
  locations: 200,
  materials: 100_000,
  users: 500,
  admins: 10,
} as const;

const FIRST_NAMES = [
  'James',
  'Maria',
  'Ahmed',
  'Chen',
  'Olivia',
  'Kwame',
  'Sofia',
  'Liam',
  'Aisha',
  'Noah',
  'Priya',
  'Lucas',
  'Fatima',
  'Mateo',
  'Hana',
  'Ethan',
  'Zara',
  'Omar',
  'Grace',
  'Ivan',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Khan',
  'Wang',
  'Brown',
  'Mensah',
  'Rossi',
  'Murphy',
  'Ali',
  'Jones',
  'Patel',
  'Silva',
  'Haddad',
  'Lopez',
  'Sato',
  'Taylor',
  'Novak',
  'Farah',
  'Kim',
  'Petrov',
  'Walker',
  'Dubois',
  'Costa',
  'Nguyen',
  'Okafor',
];
const MATERIALS = [
  'Steel prop',
  'Scaffold tube 6m',
  'Scaffold tube 3m',
  'Swivel coupler',
  'Double coupler',
  'Base plate',
  'Toe board',
  'Ladder beam',
  'Putlog',
  'Sole board',
  'Ledger',
  'Transom',
  'Standard 3m',
  'Brace',
  'Guard rail',
  'Steel board',
  'Timber board',
  'Ladder 4m',
  'Adjustable base jack',
  'Castor wheel',
];

const sqlList = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * The large data set, generated in the database with generate_series (no row-by-row inserts):
 * locations, users with one known admin, materials across the locations, and for each material
 * the movements whose sum is its quantity, spread over the last three years.
 */
export async function seedDataset(client: pg.PoolClient | pg.Client, passwordHash: string) {
  await client.query('begin');
  await client.query('select setseed(0.42)');
  await client.query(
    `insert into locations (name, address, type, status, created_at, updated_at)
     select 'Location ' || lpad(n::text, 3, '0'),
            n || ' Industrial Estate Road',
            case when n % 3 = 0 then 'BMR_YARD' else 'FIELD' end,
            case when n % 10 = 0 then 'INACTIVE' else 'ACTIVE' end,
            now() - interval '3 years' + n * interval '1 day',
            now() - interval '3 years' + n * interval '1 day'
     from generate_series(1, $1) n`,
    [DATASET.locations],
  );
  await client.query(
    `insert into users (name, email, password_hash, role, location_id, status, last_login,
                        view_inventory, manage_inventory, view_locations, manage_locations,
                        view_users, manage_users, view_invoices, manage_invoices,
                        view_attendance, manage_attendance)
     select f.first || ' ' || f.last,
            case when n = 1 then 'bench.admin@example.com'
                 else lower(f.first || '.' || f.last || '.' || n) || '@example.com' end,
            $2,
            case when n <= $3 then 'ADMIN' else 'USER' end,
            1 + (n % $4),
            n % 25 <> 0,
            case when n % 4 = 0 then null else now() - (n % 90) * interval '1 day' end,
            true, n <= $3, true, n <= $3, n <= $3, n <= $3, true, n <= $3, true, n <= $3
     from generate_series(1, $1) n,
          lateral (select (${sqlList(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] as first,
                          (${sqlList(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as last) f`,
    [DATASET.users, passwordHash, DATASET.admins, DATASET.locations],
  );
  // Names repeat across locations; within a location (name, unit) is unique, as the index demands.
  // One material in ten is at or under the low-stock threshold ($3 is one above it), the rest above.
  await client.query(
    `insert into materials (name, location_id, notes, quantity, unit, created_by, created_at, updated_at)
     select m.name || ' #' || (n / $2),
            1 + (n % $2),
            case when n % 7 = 0 then 'Inspected and tagged' end,
            case when n % 10 = 0 then (n / 10) % $3 else $3 + floor(random() * 490) end,
            'EACH',
            1,
            ts, ts
     from generate_series(0, $1 - 1) n,
          lateral (select (${sqlList(MATERIALS)})[1 + (n / $2) % ${MATERIALS.length}] as name,
                          now() - interval '3 years' + (n::float8 / $1) * interval '3 years' as ts) m`,
    [DATASET.materials, DATASET.locations, LOW_STOCK_THRESHOLD + 1],
  );
  // Each material: created with more than it holds now, then stock taken out once (when it was).
  await client.query(
    `with extra as (
       select id, quantity, created_at, (id % 40) as taken from materials
     )
     insert into stock_movements (material_id, delta, quantity_after, reason, reference, user_id, created_at)
     select id, quantity + taken, quantity + taken, 'CREATE', null, 1, created_at from extra
     union all
     select id, -taken, quantity, 'STOCK_UPDATE', null, 1 + (id % $1), created_at + interval '2 days'
     from extra where taken > 0`,
    [DATASET.admins],
  );
  await client.query('commit');
  await client.query('vacuum analyze');
  const counts = await client.query(
    `select (select count(*) from locations)::int as locations,
            (select count(*) from users)::int as users,
            (select count(*) from materials)::int as materials,
            (select count(*) from stock_movements)::int as movements,
            (select count(*) from materials where quantity <= $1)::int as "lowStock"`,
    [LOW_STOCK_THRESHOLD],
  );
  return counts.rows[0] as Record<string, number>;
}
