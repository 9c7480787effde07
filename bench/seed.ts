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

export const DATASET = {
  locations: 200,
  materials: 100_000,
  users: 500,
  admins: 10,
  /** Over the last three years; two of them are the large invoices below. */
  invoices: 50_000,
} as const;

/** The two large invoices the scenarios read: a detail of 50 items, a spreadsheet of 500. */
export const LARGE_INVOICES = { detail: 50, excel: 500 } as const;
/** Where the large invoices are, and the client name fragment the search scenario looks for. */
export const INVOICE_SAMPLE = { locationId: 17, search: 'harbour' } as const;

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
  await seedInvoices(client);
  await client.query('commit');
  await client.query('vacuum analyze');
  await verifyInvoiceQuantities(client);
  const counts = await client.query(
    `select (select count(*) from locations)::int as locations,
            (select count(*) from users)::int as users,
            (select count(*) from materials)::int as materials,
            (select count(*) from stock_movements)::int as movements,
            (select count(*) from materials where quantity <= $1)::int as "lowStock",
            (select count(*) from invoices)::int as invoices,
            (select count(*) from invoice_items)::int as "invoiceItems",
            (select count(*) from invoice_material_usages)::int as "materialUsages"`,
    [LOW_STOCK_THRESHOLD],
  );
  return counts.rows[0] as Record<string, number>;
}

/**
 * The invoices, in the caller's transaction: DATASET.invoices over the last three years, one
 * after another across the locations (about seven a month at each), 1 to 9 items each (5 on
 * average: 249,990 items), and the two large invoices at the sample location in the middle of
 * last month (550 items, 250,540 in all), with material usages on some of their items. Older
 * invoices are mostly finalized, the last two months' mostly drafts. Invoice n has the id n + 1.
 */
async function seedInvoices(client: pg.PoolClient | pg.Client) {
  const bulk = DATASET.invoices - 2;
  // What each invoice is: where, when, how many items.
  await client.query(
    `create temp table bench_invoices on commit drop as
     select n, 1 + n % $2 as location_id,
            current_date - 1095 + floor(n * 1096.0 / $1)::int as issue_date,
            1 + (n * 7) % 9 as items
     from generate_series(0, $1 - 1) n
     union all
     select $1 + k, $3::int, date_trunc('month', current_date - interval '1 month')::date + 14 + k,
            (array[$4::int, $5::int])[1 + k]
     from generate_series(0, 1) k`,
    [
      bulk,
      DATASET.locations,
      INVOICE_SAMPLE.locationId,
      LARGE_INVOICES.detail,
      LARGE_INVOICES.excel,
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
  // Usages on every fourth item of the large invoices (two on every twelfth): materials of their
  // location with stock to spare, by quantity or by size.
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
    [INVOICE_SAMPLE.locationId, LOW_STOCK_THRESHOLD, DATASET.invoices - 1, DATASET.invoices],
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
     where i.id % 250 = 0 or i.id > $1 - 2
     group by i.id`,
    [DATASET.invoices],
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

/** What the invoice scenarios ask for: the large invoices' ids and the month they are in. */
export async function invoiceSample(client: pg.PoolClient | pg.Client) {
  const result = await client.query(
    `select to_char(i.issue_date, 'YYYY-MM') as month, i.id,
            (select count(*) from invoice_items t where t.invoice_id = i.id)::int as items
     from invoices i where i.id > $1 - 2 order by i.id`,
    [DATASET.invoices],
  );
  const [detail, excel] = result.rows;
  if (detail?.items !== LARGE_INVOICES.detail || excel?.items !== LARGE_INVOICES.excel) {
    throw new Error(`seed: the large invoices are not there: ${JSON.stringify(result.rows)}`);
  }
  return {
    month: detail.month as string,
    detailInvoiceId: detail.id as number,
    excelInvoiceId: excel.id as number,
    search: INVOICE_SAMPLE.search,
  };
}
