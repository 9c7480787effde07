import {
  grandTotalQuantity,
  INVOICE_DUE_DAYS,
  INVOICE_UOMS,
  type InvoiceUom,
  itemCalculatedQuantity,
  JOB_TYPES,
  type JobType,
  LOW_STOCK_THRESHOLD,
  uomDimensions,
} from '@stockyard/shared';
import type pg from 'pg';
import { seedDashboard } from './seed-dashboard';
import { seedWorkingDay } from './seed-day';
import { seedStaff } from './seed-staff';

/**
 * BENCH_SCALE (0.01 to 1; 1 unless set): the materials, invoices, requests, rentals and months of
 * attendance (bench/seed-staff.ts) scaled down (the locations and people stay), to try a scenario
 * once on a busy machine, and for the cluster check. Its speed figures judge
 * nothing: the bench's verdicts are the full set's.
 */
const SCALE = Math.min(1, Math.max(0.01, Number(process.env.BENCH_SCALE ?? 1) || 1));
const scaled = (count: number) => Math.round(count * SCALE);

export const DATASET = {
  locations: 200,
  materials: scaled(100_000),
  users: 500,
  admins: 10,
  /** Over the last three years; two of them are the large invoices below. */
  invoices: scaled(50_000),
  /** Over the last three years, 1 to 5 materials each. */
  rentalRequests: scaled(100_000),
  /** Over the last three years, 1 to 5 items each, 300,000 in all, with their returns. */
  materialRentals: scaled(100_000),
} as const;

/**
 * The large invoices: one of 50 items (a detail) and FILE_INVOICES of 500 (the Excel files, one
 * for each connection of the files scenario, each at a location of its own: FILE_LOCATIONS).
 */
const LARGE_INVOICES = { detail: 50, excel: 500 } as const;
const FILE_INVOICES = 10;
/**
 * The 500-item invoices' locations: the first at the sample location (17, with the 50-item one),
 * the others at 151 to 159, where the working day's people do not work (bench/seed-day.ts).
 */
const FILE_LOCATIONS = [17, 151, 152, 153, 154, 155, 156, 157, 158, 159];
/** Where the 50-item invoice is (the sample location). */
const INVOICE_SAMPLE = { locationId: 17 } as const;

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

// A client is a first word, a trade and a form: 50 x 20 x 5 = 5,000 names, 25 for each location.
const CLIENT_WORDS = [
  'Harbour',
  'Meridian',
  'Summit',
  'Crescent',
  'Falcon',
  'Oasis',
  'Pinnacle',
  'Horizon',
  'Gulf Coast',
  'Atlas',
  'Cedar',
  'Delta',
  'Evergreen',
  'Granite',
  'Heritage',
  'Ironbridge',
  'Jubilee',
  'Keystone',
  'Lakeside',
  'Marina',
  'Northgate',
  'Orchard',
  'Pearl',
  'Quayside',
  'Riverside',
  'Sandstone',
  'Trident',
  'Unity',
  'Vanguard',
  'Westfield',
  'Zenith',
  'Al Noor',
  'Al Safa',
  'Bluewater',
  'Coastal',
  'Dune',
  'Eastern',
  'Frontier',
  'Golden Sands',
  'Highland',
  'Imperial',
  'Juniper',
  'Kingsway',
  'Landmark',
  'Monarch',
  'Nova',
  'Oakwood',
  'Palm Grove',
  'Royal',
  'Silverline',
];
const CLIENT_TRADES = [
  'Construction',
  'Contracting',
  'Engineering',
  'Builders',
  'Developments',
  'Infrastructure',
  'Properties',
  'Facilities Management',
  'Marine Works',
  'Steel Structures',
  'Civil Works',
  'Interiors',
  'Projects',
  'Industrial Services',
  'Towers',
  'Real Estate',
  'Energy',
  'Logistics',
  'Hospitality',
  'Utilities',
];
const CLIENT_FORMS = ['LLC', 'Ltd', 'Co.', 'Group', 'Holdings'];
const CLIENTS_PER_LOCATION = 25;
const DEPARTMENTS = ['Operations', 'Projects', 'Maintenance', 'Shutdown', 'Marine'];
const SITE_AREAS = [
  'Block A',
  'Block B',
  'Tower 1',
  'Tower 2',
  'Podium',
  'Basement',
  'Roof',
  'Plant room',
  'Jetty',
  'Warehouse',
];
const JOB_DESCRIPTIONS = [
  'Access scaffold to north elevation',
  'Birdcage scaffold in atrium',
  'Hanging scaffold under bridge deck',
  'Tower scaffold for facade repair',
  'Cantilever scaffold at level 12',
  'Loading bay with gate',
  'Chimney scaffold',
  'Tank internal scaffold',
  'Pipe rack access platform',
  'Edge protection to slab',
];
/** How often each job type and unit comes up (as weights): mostly erection, mostly areas. */
const JOB_TYPE_WEIGHTS: Record<JobType, number> = { Erection: 5, Dismantling: 3, Rental: 2 };
const UOM_WEIGHTS: Record<InvoiceUom, number> = {
  'SQM (M2)': 6,
  'CUM (M3)': 2,
  'Running MTR': 3,
  'CUM (M3) (0-6m)': 1,
  'CUM (M3) (6-12m)': 1,
  'CUM (M3) (12-18m)': 1,
  'CUM (M3) (18-24m)': 1,
  'CUM (M3) (24-30m)': 1,
};

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlList = (values: readonly string[]) => `array[${values.map(sqlString).join(',')}]`;
/** Each value repeated by its weight, to pick from with random(). */
const weighted = <T extends string>(weights: Record<T, number>, order: readonly T[]) =>
  order.flatMap((value) => Array<T>(weights[value]).fill(value));
const JOB_TYPE_PICKS = weighted(JOB_TYPE_WEIGHTS, JOB_TYPES);
const UOM_PICKS = weighted(UOM_WEIGHTS, INVOICE_UOMS);
/** `(array[...])[1 + floor(random() * n)]`: one of the values, at random. */
const pickOne = (values: readonly string[]) =>
  `(${sqlList(values)})[1 + floor(random() * ${values.length})::int]`;

/**
 * A dimension as the wizard leaves it: the unit's own dimensions as measured, the others 0
 * (uomDimensions of packages/shared says which a unit uses).
 */
function dimensionSql(dimension: 'length' | 'width' | 'height', measured: string) {
  const used = INVOICE_UOMS.filter((uom) => uomDimensions(uom)[dimension]);
  return `case when uom in (${used.map(sqlString).join(', ')}) then ${measured} else 0 end`;
}

/**
 * itemCalculatedQuantity of packages/shared in SQL: the quantity times the dimensions the unit
 * uses, rounded to 2 decimals; any other unit 0. The seed's dimensions are halves and quarters of
 * a metre, exact in binary, so JavaScript's arithmetic and rounding agree with numeric's; the seed
 * checks a sample of rows against the shared function (verifyInvoiceQuantities).
 */
const CALCULATED_SQL = `case uom ${INVOICE_UOMS.map((uom) => {
  const used = uomDimensions(uom);
  const factors = ['quantity', ...(['length', 'width', 'height'] as const).filter((d) => used[d])];
  return `when ${sqlString(uom)} then round(${factors.join(' * ')}, 2)`;
}).join(' ')} else 0 end`;

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
  // The catalogue: one type per name, numbered, with a weight and a replacement value for most.
  await client.query(
    `insert into material_types (item_number, name, unit, weight_kg, replacement_value, created_at, updated_at)
     select 'SY-' || lpad(k::text, 5, '0'),
            (${sqlList(MATERIALS)})[1 + k % ${MATERIALS.length}] || ' #' || k,
            'EACH',
            case when k % 9 <> 0 then 0.5 + (k % 40) * 0.75 end,
            case when k % 9 <> 0 then 5 + (k % 200) end,
            now() - interval '3 years', now() - interval '3 years'
     from generate_series(0, ceil($1::numeric / $2)::int - 1) k`,
    [DATASET.materials, DATASET.locations],
  );
  // Each type is held at every location, one stock row each, as the index demands.
  // One material in ten is at or under the low-stock threshold ($3 is one above it), the rest above.
  await client.query(
    `insert into materials (material_type_id, name, location_id, notes, quantity, unit, created_by, created_at, updated_at)
     select t.id, t.name,
            1 + (n % $2),
            case when n % 7 = 0 then 'Inspected and tagged' end,
            case when n % 10 = 0 then (n / 10) % $3 else $3 + floor(random() * 490) end,
            'EACH',
            1,
            ts, ts
     from generate_series(0, $1 - 1) n
     join material_types t on t.item_number = 'SY-' || lpad((n / $2)::text, 5, '0'),
          lateral (select now() - interval '3 years' + (n::float8 / $1) * interval '3 years' as ts) m
     order by n`,
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
  await seedInvoices(client);
  await stockPicks(client);
  // The requests and rentals are made from the rows they name (joins on the seed's own tables),
  // so their foreign keys are not checked row by row, which would double their time;
  // verifyRentals checks them on a sample instead. Only this transaction is concerned.
  await client.query('set local session_replication_role = replica');
  await withIndexesBuiltAfter(client, RENTAL_TABLES, async () => {
    await seedRentalRequests(client);
    await seedMaterialRentals(client);
  });
  // The rentals' one summary, recounted from the rows written above as the API's
  // repository recounts it after each of its writes: once their indexes are built again and the
  // rows analyzed, or its joins read whole tables per rental.
  await client.query('analyze material_rentals, material_rental_items, material_rental_returns');
  await client.query('select material_rental_totals_recount(null)');
  // Staff and their attendance, still with the triggers off: bench/seed-staff.ts.
  await seedStaff(client, DATASET.locations);
  await client.query('set local session_replication_role = origin');
  await seedDashboard(client);
  // The people of the working day and their places: bench/seed-day.ts.
  await seedWorkingDay(client, passwordHash);
  // Money: every field site has its customer, every type a day's hire rate (a third a
  // week's too, a quarter a minimum hire of a week) and a replacement value.
  await client.query(
    `update locations set customer_name = name || ' Ltd', customer_address = address
      where type = 'FIELD'`,
  );
  await client.query(
    `update material_types set hire_day_cents = 50 + id % 200,
            hire_week_cents = case when id % 3 = 0 then (50 + id % 200) * 5 end,
            minimum_hire_days = case when id % 4 = 0 then 7 else 0 end,
            replacement_value = coalesce(replacement_value, 25 + id % 100)`,
  );
  await client.query('commit');
  await client.query('vacuum analyze');
  await verifyInvoiceQuantities(client);
  await verifyRentals(client);
  const counts = await client.query(
    `select (select count(*) from locations)::int as locations,
            (select count(*) from users)::int as users,
            (select count(*) from materials)::int as materials,
            (select count(*) from stock_movements)::int as movements,
            (select count(*) from materials where quantity <= $1)::int as "lowStock",
            (select count(*) from invoices)::int as invoices,
            (select count(*) from invoice_items)::int as "invoiceItems",
            (select count(*) from invoice_material_usages)::int as "materialUsages",
            (select count(*) from rental_requests)::int as "rentalRequests",
            (select count(*) from rental_request_items)::int as "rentalRequestItems",
            (select count(*) from material_rentals)::int as "materialRentals",
            (select count(*) from material_rental_items)::int as "materialRentalItems",
            (select count(*) from material_rental_returns)::int as "materialRentalReturns"`,
    [LOW_STOCK_THRESHOLD],
  );
  return counts.rows[0] as Record<string, number>;
}

/**
 * The invoices, in the caller's transaction: DATASET.invoices over the last three years, one
 * after another across the locations (about seven a month at each), 1 to 9 items each (5 on
 * average: about 250,000 items), and the large invoices in the middle of last month (the 50-item
 * one at the sample location, then the 500-item ones at FILE_LOCATIONS), with material usages on
 * some items of those at the sample location. Older invoices are mostly finalized, the last two
 * months' mostly drafts. Invoice n has the id n + 1; the large ones are the last.
 */
async function seedInvoices(client: pg.PoolClient | pg.Client) {
  const bulk = DATASET.invoices - 1 - FILE_INVOICES;
  // What each invoice is: where, when, how many items.
  await client.query(
    `create temp table bench_invoices on commit drop as
     select n, 1 + n % $2 as location_id,
            current_date - 1095 + floor(n * 1096.0 / $1)::int as issue_date,
            1 + (n * 7) % 9 as items
     from generate_series(0, $1 - 1) n
     union all
     select $1 + k, case when k = 0 then $3::int else ($6::int[])[k] end,
            date_trunc('month', current_date - interval '1 month')::date + 14,
            case when k = 0 then $4::int else $5::int end
     from generate_series(0, $7) k`,
    [
      bulk,
      DATASET.locations,
      INVOICE_SAMPLE.locationId,
      LARGE_INVOICES.detail,
      LARGE_INVOICES.excel,
      FILE_LOCATIONS,
      FILE_INVOICES,
    ],
  );
  // The items, with their calculated quantities (measured once: random() in a materialized CTE).
  await client.query(
    `create temp table bench_items on commit drop as
     with measured as materialized (
       select p.n, pos,
              p.issue_date - floor(random() * 20)::int as item_date,
              ${pickOne(SITE_AREAS)} as area,
              ${pickOne(JOB_DESCRIPTIONS)} as description,
              ${pickOne(JOB_TYPE_PICKS)} as job_type,
              ${pickOne(UOM_PICKS)} as uom,
              (1 + floor(random() * 40))::numeric as quantity,
              ((2 + floor(random() * 59)) / 2)::numeric as measured_length,
              ((3 + floor(random() * 10)) / 4)::numeric as measured_width,
              ((4 + floor(random() * 57)) / 2)::numeric as measured_height,
              case when random() < 0.1 then 'Access by client ladder' end as remark
       from bench_invoices p, generate_series(0, p.items - 1) pos
     ),
     sized as (
       select n, pos, item_date, area, description, job_type, uom, quantity, remark,
              ${dimensionSql('length', 'measured_length')} as length,
              ${dimensionSql('width', 'measured_width')} as width,
              ${dimensionSql('height', 'measured_height')} as height
       from measured
     )
     select *, ${CALCULATED_SQL} as calculated from sized`,
  );
  // The invoices, each client one of its location's 25, each grand total the sum of its items.
  await client.query(
    `insert into invoices (id, invoice_id, location_id, created_by_id, client_name, client_address,
                           issue_date, due_date, department, job_period, job_details, signature,
                           notes, invoice_remark, status, grand_total_calculated_volume_qty,
                           created_at, updated_at)
     select p.n + 1,
            'INV-' || lpad(((p.n * 7919 + 104729) % 1000000)::text, 6, '0'),
            p.location_id,
            case when p.n % 5 = 0 then 1 + p.n % $2 else p.location_id + 199 end,
            (${sqlList(CLIENT_WORDS)})[1 + c % ${CLIENT_WORDS.length}] || ' ' ||
              (${sqlList(CLIENT_TRADES)})[1 + (c / ${CLIENT_WORDS.length}) % ${CLIENT_TRADES.length}] || ' ' ||
              (${sqlList(CLIENT_FORMS)})[1 + (c / ${CLIENT_WORDS.length * CLIENT_TRADES.length}) % ${CLIENT_FORMS.length}],
            'Plot ' || (100 + c % 900) || ', Sector ' || (1 + c % 40),
            p.issue_date,
            p.issue_date + $3::int,
            ${pickOne(DEPARTMENTS)},
            to_char(p.issue_date, 'Mon YYYY'),
            'Scaffolding works, contract ' || (1000 + c),
            case when p.n % 3 = 0 then 'Site engineer' end,
            case when p.n % 4 = 0 then 'Payment within 15 days of issue' end,
            case when p.n % 6 = 0 then 'PO ' || (200000 + p.n) end,
            case when random() < case when p.issue_date < current_date - 60 then 0.95 else 0.3 end
                 then 'FINALIZED' else 'DRAFT' end,
            t.total,
            p.issue_date + interval '8 hours' + (p.n % 600) * interval '1 minute',
            p.issue_date + interval '8 hours' + (p.n % 600) * interval '1 minute'
     from bench_invoices p
     join (select n, round(sum(calculated), 2) as total from bench_items group by n) t using (n),
          lateral (select (p.location_id - 1) * ${CLIENTS_PER_LOCATION} + (p.n / $1) % ${CLIENTS_PER_LOCATION} as c) client`,
    [DATASET.locations, DATASET.admins, INVOICE_DUE_DAYS],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('invoices', 'id'), (select max(id) from invoices))`,
  );
  await client.query(
    `insert into invoice_items (invoice_id, position, location, item_date, job_description,
                                job_type, uom, quantity, length, width, height, remark,
                                item_total_calculated_quantity)
     select n + 1, pos, area, item_date, description, job_type, uom, quantity, length, width,
            height, remark, calculated
     from bench_items order by n, pos`,
  );
  // Usages on every fourth item of the large invoices at the sample location (two on every
  // twelfth): materials of their location with stock to spare, by quantity or by size.
  await client.query(
    `with stocked as (
       select id, row_number() over (order by id) - 1 as k, count(*) over () as total
       from materials
       where location_id = $1 and quantity > $2 and deleted_at is null
     )
     insert into invoice_material_usages (item_id, position, material_id, usage_type, quantity,
                                          length, width, height, notes)
     select i.id, u, s.id,
            case when u = 0 then 'QTY' else 'SIZE' end,
            case when u = 0 then 1 + i.position % 10 else 0 end,
            case when u = 0 then 0 else 3 end,
            case when u = 0 then 0 else 0.5 end,
            case when u = 0 then 0 else 2 end,
            case when u = 1 then 'Cut to size on site' end
     from invoice_items i
     cross join generate_series(0, case when i.position % 12 = 0 then 1 else 0 end) u
     join stocked s on s.k = (i.position + u * 7) % s.total
     where i.invoice_id in ($3, $4) and i.position % 4 = 0`,
    [INVOICE_SAMPLE.locationId, LOW_STOCK_THRESHOLD, bulk + 1, bulk + 2],
  );
}

/**
 * The seed's quantities against packages/shared: every 100th item's calculated quantity against
 * itemCalculatedQuantity, and every 250th invoice's grand total (and the large ones') against
 * grandTotalQuantity of its items. A difference stops the bench.
 */
async function verifyInvoiceQuantities(client: pg.PoolClient | pg.Client) {
  const items = await client.query(
    `select id, uom, quantity, length, width, height, item_total_calculated_quantity as calculated
     from invoice_items where id % 100 = 0`,
  );
  const asItem = (row: Record<string, string>) => ({
    uom: row.uom!,
    quantity: Number(row.quantity),
    length: Number(row.length),
    width: Number(row.width),
    height: Number(row.height),
  });
  for (const row of items.rows) {
    const expected = itemCalculatedQuantity(asItem(row));
    if (Number(row.calculated) !== expected) {
      throw new Error(
        `seed: item ${row.id} (${row.uom} ${row.quantity} x ${row.length} x ${row.width} x ${row.height}) has ${row.calculated}, the shared function ${expected}`,
      );
    }
  }
  const invoices = await client.query(
    `select i.id, i.grand_total_calculated_volume_qty as total,
            json_agg(json_build_object('uom', t.uom, 'quantity', t.quantity, 'length', t.length,
                                       'width', t.width, 'height', t.height)) as items
     from invoices i join invoice_items t on t.invoice_id = i.id
     where i.id % 250 = 0 or i.id > $1
     group by i.id`,
    [DATASET.invoices - 1 - FILE_INVOICES],
  );
  for (const row of invoices.rows) {
    const expected = grandTotalQuantity(row.items.map(asItem));
    if (Number(row.total) !== expected) {
      throw new Error(
        `seed: invoice ${row.id} totals ${row.total}, the shared function ${expected}`,
      );
    }
  }
  if (items.rows.length === 0 || invoices.rows.length === 0) {
    throw new Error('seed: no invoice items to check');
  }
}

/**
 * What the invoice scenarios ask for: the large invoices (the 50-item one, and the 500-item ones
 * with their locations) and the words their searches take: each client name's first word (about
 * 1,000 invoices each) and its trade (about 2,500).
 */
export async function invoiceSample(client: pg.PoolClient | pg.Client) {
  const result = await client.query(
    `select i.id, i.location_id as "locationId",
            (select count(*) from invoice_items t where t.invoice_id = i.id)::int as items
     from invoices i where i.id > $1 order by i.id`,
    [DATASET.invoices - 1 - FILE_INVOICES],
  );
  const [detail, ...files] = result.rows;
  if (
    detail?.items !== LARGE_INVOICES.detail ||
    files.length !== FILE_INVOICES ||
    files.some((file) => file.items !== LARGE_INVOICES.excel)
  ) {
    throw new Error(`seed: the large invoices are not there: ${JSON.stringify(result.rows)}`);
  }
  return {
    detailInvoiceId: detail.id as number,
    files: files.map((file) => ({ id: file.id as number, locationId: file.locationId as number })),
    clientWords: CLIENT_WORDS.map((word) => word.toLowerCase()),
    tradeWords: CLIENT_TRADES.map((word) => word.toLowerCase()),
  };
}

/** Why a request was approved or rejected (decision notes, which the dialogs require). */
const APPROVAL_NOTES = [
  'Approved, deliver from the main yard',
  'Approved, collect from the yard',
  'Approved as requested',
  'Approved, partial quantities to follow',
];
const REJECTION_NOTES = [
  'Not in stock at the yard',
  'Duplicate of an earlier request',
  'Project on hold',
  'Please request through the site engineer',
];
const REQUEST_NOTES = [
  'Urgent, site starts Monday',
  'For the shutdown works',
  'Replacement for damaged items',
];

const RENTAL_TABLES = [
  'rental_requests',
  'rental_request_items',
  'material_rentals',
  'material_rental_items',
  'material_rental_returns',
];

/**
 * Runs `fill` with the tables' indexes (but those of their primary keys and other constraints)
 * dropped, then builds them again from their definitions as the migrations left them: an index
 * built once over the rows is several times faster than one kept row by row (the trigram index
 * above all). A unique index that the rows break fails its build, and with it the seed.
 */
async function withIndexesBuiltAfter(
  client: pg.PoolClient | pg.Client,
  tables: string[],
  fill: () => Promise<void>,
) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  await fill();
  for (const { definition } of rows) await client.query(definition);
}

/**
 * A location's live materials, numbered 0..total-1 (`k`), and their count: what the requests and
 * rentals pick from (`k = f(n) % total` joins on equality, so the pick is a hash join).
 */
async function stockPicks(client: pg.PoolClient | pg.Client) {
  await client.query(
    `create temp table bench_stock on commit drop as
     select id, name, unit, location_id,
            row_number() over (partition by location_id order by id) - 1 as k
     from materials where deleted_at is null`,
  );
  await client.query(
    `create temp table bench_stock_counts on commit drop as
     select location_id, count(*)::int as total from bench_stock group by location_id`,
  );
  // Temporary tables have no statistics until analyzed, and the picks' joins want hash joins.
  await client.query('analyze bench_stock, bench_stock_counts');
}

/**
 * The rental requests, in the caller's transaction: DATASET.rentalRequests over the last three
 * years, one after another across the locations, 1 to 5 materials each (3 on average), a single
 * form's one free-text material on half the one-material requests, the bulk form's the location's
 * own materials. Each location's requests come from its two field managers (users of that location,
 * never an admin). Requests older than a month are mostly decided (approved four to one), with the
 * admin, time and notes of the decision; the last month's mostly pending. Request n has the id n + 1.
 */
async function seedRentalRequests(client: pg.PoolClient | pg.Client) {
  await client.query(
    `create temp table bench_requests on commit drop as
     with base as materialized (
       select n, 1 + n % $2 as location_id,
              current_date - 1095 + floor(n * 1096.0 / $1)::int as day,
              1 + (n * 3) % 5 as items,
              random() as fate, random() as verdict
       from generate_series(0, $1 - 1) n
     )
     select n, location_id, items, items = 1 and n % 2 = 0 as single,
            day + n % 4 as requested_date,
            least(now(), day + interval '7 hours' + (n % 600) * interval '1 minute') as created_at,
            case when fate < case when day < current_date - 30 then 0.03 else 0.6 end then 'PENDING'
                 when verdict < 0.8 then 'APPROVED' else 'REJECTED' end as status
     from base`,
    [DATASET.rentalRequests, DATASET.locations],
  );
  // Location L's field managers: users L - 1 and L + 199 (user n sits at 1 + n % locations), or
  // L + 199 and L + 399 where L - 1 would be an admin or nobody.
  await client.query(
    `insert into rental_requests (id, location_id, requested_by_id, requested_date, return_date,
                                  notes, status, approved_by_id, decided_at, decision_notes,
                                  created_at, updated_at)
     select n + 1, location_id,
            case when location_id <= $2 + 1 then location_id + $1 - 1 else location_id - 1 end
              + $1 * (n / $1 % 2),
            requested_date,
            case when single then requested_date + 14 + n % 47
                 when n % 3 = 0 then null else requested_date + 7 + n % 60 end,
            case when n % 4 = 0 then ${pickOne(REQUEST_NOTES)} end,
            status,
            case when status <> 'PENDING' then 1 + n % $2 end,
            case when status <> 'PENDING'
                 then least(now(), created_at + (1 + n % 72) * interval '1 hour') end,
            case status when 'APPROVED' then ${pickOne(APPROVAL_NOTES)}
                        when 'REJECTED' then ${pickOne(REJECTION_NOTES)} end,
            created_at,
            case when status <> 'PENDING'
                 then least(now(), created_at + (1 + n % 72) * interval '1 hour') else created_at end
     from bench_requests order by n`,
    [DATASET.locations, DATASET.admins],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('rental_requests', 'id'), (select max(id) from rental_requests))`,
  );
  await client.query(
    `with wanted as materialized (
       select r.n, r.single, pos, c.total,
              (r.n * 7 + pos * (c.total / 5)) % c.total as k, r.location_id,
              1 + floor(random() * 50)::int as quantity,
              random() < 0.2 as described
       from bench_requests r
       join bench_stock_counts c using (location_id)
       cross join generate_series(0, r.items - 1) pos
     )
     insert into rental_request_items (request_id, position, material_id, name, description,
                                       quantity, unit)
     select w.n + 1, w.pos,
            case when w.single then null else s.id end,
            case when w.single then ${pickOne(MATERIALS)} else s.name end,
            case when w.described then ${pickOne(SITE_AREAS)} end,
            w.quantity,
            case when w.single then 'EACH' else s.unit end
     from wanted w
     join bench_stock s on s.location_id = w.location_id and s.k = w.k
     order by w.n, w.pos`,
  );
}

/**
 * The material rentals, in the caller's transaction: DATASET.materialRentals over the last three
 * years, to every location from another, 1 to 5 of the from-location's materials each (3 on
 * average: DATASET.materialRentals * 3 items), each lent for one to twelve weeks. Those due back
 * more than two weeks ago are mostly RETURNED (every item in full, the rental's actual return date
 * the last return's), some DAMAGED or LOST (written off with part returned) or still ACTIVE; the
 * recent ones mostly ACTIVE, some with part returned. Every return is a row of the history (a
 * quarter of the items came back in two returns), and each item's returned quantity and each
 * rental's totals are their sums. One rental in four that can keeps its approved request (the
 * request n + 1, same destination, same day). Rental n has the id n + 1. No stock movements: the
 * materials' ledger (bench movements sum to each quantity) stays as it is.
 */
async function seedMaterialRentals(client: pg.PoolClient | pg.Client) {
  await client.query(
    `create temp table bench_rentals on commit drop as
     with base as materialized (
       select n, 1 + n % $2 as to_location_id,
              1 + (n + 1 + (n / $2) % ($2 - 1)) % $2 as from_location_id,
              current_date - 1095 + floor(n * 1096.0 / $1)::int as rental_date,
              7 + floor(random() * 84)::int as term,
              1 + n % 5 as items,
              random() as fate, random() as late
       from generate_series(0, $1 - 1) n
     )
     select n, to_location_id, from_location_id, rental_date, items,
            rental_date + term as expected_return_date,
            case when rental_date + term < current_date - 14 then
                   case when fate < 0.95 then 'RETURNED' else 'ACTIVE' end
                 when fate < 0.25 then 'RETURNED' else 'ACTIVE' end as status,
            -- When the last item came back (RETURNED), from a few days early to ten days late.
            least(current_date, rental_date + term - 5 + floor(late * 16)::int) as back
     from base`,
    [DATASET.materialRentals, DATASET.locations],
  );
  // The items, each what went out and what came back (all of it when RETURNED, else less).
  await client.query(
    `create temp table bench_rental_items on commit drop as
     with wanted as materialized (
       select r.n, pos, r.status, r.rental_date, r.expected_return_date, r.back,
              (r.n * 7 + pos * (c.total / 5)) % c.total as k, r.from_location_id,
              1 + floor(random() * 40)::int as quantity,
              random() as share, random() as split, random() as day
       from bench_rentals r
       join bench_stock_counts c on c.location_id = r.from_location_id
       cross join generate_series(0, r.items - 1) pos
     )
     select row_number() over (order by w.n, w.pos) as id, w.n, w.pos, s.id as material_id,
            s.name, s.unit, w.quantity, w.split,
            case when w.status = 'RETURNED' then w.quantity
                 when w.share < 0.4 then 0
                 else floor(w.share * w.quantity)::int end as returned,
            -- The day of the (last) return.
            case when w.status = 'RETURNED' then w.back
                 else w.rental_date + floor(w.day * (greatest(0, least(current_date, w.expected_return_date) - w.rental_date) + 1))::int
            end as last_day,
            w.rental_date
     from wanted w
     join bench_stock s on s.location_id = w.from_location_id and s.k = w.k`,
  );
  await client.query(
    `insert into material_rentals (id, from_location_id, to_location_id, rental_date,
                                   expected_return_date, actual_return_date, status, notes,
                                   rented_by_id, request_id,
                                   created_at, updated_at)
     select r.n + 1, r.from_location_id, r.to_location_id, r.rental_date, r.expected_return_date,
            case when r.status = 'RETURNED' then r.back end,
            r.status,
            case when r.n % 5 = 0 then ${pickOne(REQUEST_NOTES)} end,
            1 + r.n % $1,
            case when r.n % 4 = 0 and q.status = 'APPROVED' and q.location_id = r.to_location_id
                 then q.id end,
            least(now(), r.rental_date + interval '8 hours' + (r.n % 600) * interval '1 minute'),
            least(now(), case when r.status = 'RETURNED' then r.back else r.rental_date end
                         + interval '18 hours' + (r.n % 300) * interval '1 minute')
     from bench_rentals r
     left join rental_requests q on q.id = r.n + 1
     order by r.n`,
    [DATASET.admins],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('material_rentals', 'id'), (select max(id) from material_rentals))`,
  );
  await client.query(
    `insert into material_rental_items (id, rental_id, material_id, material_name, unit, quantity)
     select id, n + 1, material_id, name, unit, quantity
     from bench_rental_items order by id`,
  );
  await client.query(
    `select setval(pg_get_serial_sequence('material_rental_items', 'id'), (select max(id) from material_rental_items))`,
  );
  // The names the items were given, which the items' trigger would have written (migration 0035).
  await client.query(
    `insert into material_rental_item_names (name)
     select distinct name from bench_rental_items on conflict do nothing`,
  );
  // The history: one return per item that came back, or two (a first part halfway through).
  // Ids follow the time of the return, as they would have been written; a return is made after
  // 18:00 of its day, so never before the rental (made by 18:00 of its first day).
  await client.query(
    `insert into material_rental_returns (rental_id, rental_item_id, returned_quantity,
                                          damaged_quantity, lost_quantity, return_date, recorded_at,
                                          notes, returned_by_id)
     select n + 1, id,
            -- One return in 25 came back damaged, one in 25 lost (decision 043).
            case when id % 25 in (0, 1) then 0 else part end,
            case when id % 25 = 0 then part else 0 end,
            case when id % 25 = 1 then part else 0 end,
            day, least(now(), day + interval '18 hours' + (id % 300) * interval '1 minute'),
            note, 1 + (n + part) % $1
     from (
       select i.n, i.id, i.returned - i.returned / 2 as part, i.last_day as day,
              'Rest returned' as note
       from bench_rental_items i
       where i.returned > 0 and i.split < 0.25 and i.returned >= 2
       union all
       select i.n, i.id, i.returned / 2, i.rental_date + (i.last_day - i.rental_date) / 2,
              'Partial return'
       from bench_rental_items i
       where i.returned >= 2 and i.split < 0.25
       union all
       select i.n, i.id, i.returned, i.last_day, null
       from bench_rental_items i
       where i.returned > 0 and not (i.split < 0.25 and i.returned >= 2)
     ) r
     order by day, id, part`,
    [DATASET.admins],
  );
}

/**
 * The rentals and requests as the API keeps them, since the seed writes them without their foreign
 * keys' checks: every 20th rental and request with what hangs on it. Each rental's totals are the
 * sums of its items, each item's returned quantity the sum of its history (returns of its own
 * rental, made between the rental and its return), every material at the rental's from-location
 * (a bulk request's at its own location) under the name the item keeps, every location, person and
 * kept request there (the request approved, at the rental's destination). Over all rows: RETURNED
 * exactly when everything came back, with an actual return date; a decided request with its admin,
 * time and notes. Any count above zero stops the bench.
 */
async function verifyRentals(client: pg.PoolClient | pg.Client) {
  const result = await client.query(
    `with r as materialized (select * from material_rentals where id % 20 = 0),
          i as materialized (select i.* from material_rental_items i join r on r.id = i.rental_id),
          h as materialized (select h.* from material_rental_returns h join r on r.id = h.rental_id),
          q as materialized (select * from rental_requests where id % 20 = 0),
          qi as materialized (select qi.* from rental_request_items qi join q on q.id = qi.request_id)
     select
       (select count(*) from i
        left join (select rental_item_id,
                          sum(returned_quantity + damaged_quantity + lost_quantity) as b
                   from h group by 1) s on s.rental_item_id = i.id
        where coalesce(s.b, 0) > i.quantity
           or (i.rental_id in (select id from r where status = 'RETURNED')
               and coalesce(s.b, 0) <> i.quantity))::int as "itemHistories",
       (select count(*) from h
        join r on r.id = h.rental_id
        left join i on i.id = h.rental_item_id and i.rental_id = h.rental_id
        left join users u on u.id = h.returned_by_id
        where i.id is null or u.id is null or h.return_date < r.rental_date
           or h.return_date > coalesce(r.actual_return_date, current_date))::int as "returns",
       (select count(*) from i
        join r on r.id = i.rental_id
        left join materials m on m.id = i.material_id and m.location_id = r.from_location_id
                             and m.name = i.material_name and m.unit = i.unit
        where m.id is null)::int as "rentalMaterials",
       (select count(*) from i
        left join material_rental_item_names n on n.name = i.material_name
        where n.name is null)::int as "rentalItemNames",
       (select count(*) from r
        left join locations f on f.id = r.from_location_id
        left join locations t on t.id = r.to_location_id
        left join users u on u.id = r.rented_by_id
        left join rental_requests k on k.id = r.request_id and k.status = 'APPROVED'
                                   and k.location_id = r.to_location_id
        where f.id is null or t.id is null or u.id is null
           or (r.request_id is not null and k.id is null))::int as "rentalReferences",
       (select count(*) from q
        left join locations l on l.id = q.location_id
        left join users u on u.id = q.requested_by_id and u.role <> 'ADMIN' and u.location_id = q.location_id
        left join users a on a.id = q.approved_by_id and a.role = 'ADMIN'
        left join (select request_id, count(*) as n from qi group by 1) s on s.request_id = q.id
        where l.id is null or u.id is null or (q.approved_by_id is not null and a.id is null)
           or s.n is null)::int as "requestReferences",
       (select count(*) from qi
        join q on q.id = qi.request_id
        left join materials m on m.id = qi.material_id and m.location_id = q.location_id
                             and m.name = qi.name and m.unit = qi.unit
        where qi.material_id is not null and m.id is null)::int as "requestMaterials",
       (select count(*) from material_rentals
        where (status = 'RETURNED') <> (actual_return_date is not null)
           or actual_return_date < rental_date or actual_return_date > current_date)::int
         as "rentalStatuses",
       (select count(*) from rental_requests
        where (status <> 'PENDING') <> (decision_notes is not null)
           or decided_at < created_at or created_at > now())::int as "requestDecisions"`,
  );
  const faults = Object.entries(result.rows[0] as Record<string, number>).filter(([, n]) => n > 0);
  if (faults.length > 0) {
    throw new Error(`seed: rentals or requests inconsistent: ${JSON.stringify(faults)}`);
  }
}

/**
 * The words the searches of the bench take, as people type them: the users' first and last names
 * (the rental request search looks for the requester), and the materials' names (the material
 * rental search).
 */
export const SEARCH_WORDS = {
  people: [...FIRST_NAMES, ...LAST_NAMES].map((name) => name.toLowerCase()),
  materials: MATERIALS.map((name) => name.toLowerCase()),
} as const;
