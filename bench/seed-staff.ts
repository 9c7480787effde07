import type pg from 'pg';

/**
 * Staff and attendance of the bench: DATASET_STAFF.staff people spread over the
 * locations, each with a record for every working day (Monday to Friday) of the last three years:
 * about 1.57 million records.
 */
export const DATASET_STAFF = { staff: 2_000, years: 3 } as const;
/**
 * The months of attendance: the three years, or their share under BENCH_SCALE (bench/seed.ts; a
 * month at least), so that a scaled set (the cluster check's) is seeded in seconds.
 */
const ATTENDANCE_MONTHS = Math.max(
  1,
  Math.round(
    12 *
      DATASET_STAFF.years *
      Math.min(1, Math.max(0.01, Number(process.env.BENCH_SCALE ?? 1) || 1)),
  ),
);

const POSITIONS = ['Scaffolder', 'Rigger', 'Site Supervisor', 'Yard Hand', 'Driver', 'Inspector'];
const DEPARTMENTS = ['Erection', 'Dismantling', 'Logistics', 'Yard', 'Safety'];
const FIRST = ['Asha', 'Ben', 'Carla', 'Dev', 'Elif', 'Femi', 'Gus', 'Hiro', 'Ines', 'Jon'];
const LAST = ['Rigger', 'Fixer', 'Hale', 'Okafor', 'Novak', 'Reyes', 'Singh', 'Brandt'];

/** What people type in the staff and attendance searches: names and positions. */
export const STAFF_SEARCH_WORDS = [...FIRST, ...LAST, ...POSITIONS].map((word) =>
  word.toLowerCase(),
);

const sqlList = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * The staff and their attendance, in the caller's transaction, with triggers off
 * (`session_replication_role = replica`, as the caller sets it): the records are inserted with
 * the attendance table's b-tree indexes and its exclusion constraint dropped, which are built once
 * over them afterwards.
 */
export async function seedStaff(client: pg.PoolClient | pg.Client, locations: number) {
  await client.query(
    `insert into staff (name, email, phone, position, location_id, department, hire_date, salary,
                        status, address, emergency_contact, emergency_phone, created_at, updated_at)
     select f.first || ' ' || f.last || ' ' || n,
            lower(f.first || '.' || f.last || '.' || n) || '@staff.example.com',
            '07700 ' || lpad(n::text, 6, '0'),
            (${sqlList(POSITIONS)})[1 + n % ${POSITIONS.length}],
            1 + n % $2,
            (${sqlList(DEPARTMENTS)})[1 + (n / 7) % ${DEPARTMENTS.length}],
            current_date - interval '${DATASET_STAFF.years} years' - (n % 900) * interval '1 day',
            24000 + (n * 37) % 36000,
            case n % 20 when 0 then 'INACTIVE' when 1 then 'ON_LEAVE' else 'ACTIVE' end,
            n || ' Worker Street, Leeds',
            'Kin of ' || f.first,
            '07800 ' || lpad(n::text, 6, '0'),
            now(), now()
     from generate_series(1, $1) n,
          lateral (select (${sqlList(FIRST)})[1 + n % ${FIRST.length}] as first,
                          (${sqlList(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as last) f`,
    [DATASET_STAFF.staff, locations],
  );

  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     where i.indrelid = 'attendance'::regclass
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await client.query(`drop index ${name}`);
  const { rows: exclusions } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where conrelid = 'attendance'::regclass and contype = 'x'`,
  );
  for (const { name } of exclusions) {
    await client.query(`alter table attendance drop constraint ${name}`);
  }

  // One in twenty days absent (no times), one in ten late, one in twenty a half day, the rest
  // present with times that vary by person and day; every record at the person's location.
  await client.query(
    `with days as (
       select d::date as day, (row_number() over (order by d))::int as k
       from generate_series(current_date - interval '${ATTENDANCE_MONTHS} months',
                            current_date - 1, interval '1 day') d
       where extract(isodow from d) < 6
     )
     insert into attendance (staff_id, location_id, date, check_in, check_out, status, notes,
                             created_at, updated_at)
     select s.id, s.location_id, d.day,
            case r.kind when 0 then null
                        when 1 then time '09:10' + ((s.id + d.k) % 40) * interval '1 minute'
                        when 2 then time '08:00'
                        else time '07:30' + ((s.id + d.k) % 30) * interval '1 minute' end,
            case r.kind when 0 then null
                        when 2 then time '12:00'
                        else time '16:00' + ((s.id * 3 + d.k) % 60) * interval '1 minute' end,
            case r.kind when 0 then 'ABSENT' when 1 then 'LATE' when 2 then 'HALF_DAY'
                        else 'PRESENT' end,
            case when (s.id + d.k) % 50 = 0 then 'Site induction' end,
            d.day + time '18:00', d.day + time '18:00'
     from staff s
     cross join days d
     cross join lateral (
       select case (s.id * 7 + d.k * 13) % 20 when 0 then 0 when 1 then 1 when 2 then 1
                                              when 3 then 2 else 3 end as kind
     ) r`,
  );

  for (const { definition } of indexes) await client.query(definition);
  for (const { name, definition } of exclusions) {
    await client.query(`alter table attendance add constraint ${name} ${definition}`);
  }
}
