import type pg from 'pg';

/**
 * The people of the working day: WORKING_DAY.admins admins and WORKING_DAY.managers
 * field managers, each manager of a site of their own (the first active locations by id), each
 * admin with a desk of their own (the next active locations: the stock, staff and invoices that
 * admin writes to, so that no two people of the day write the same record). Field managers hold
 * the flags a site manager works with (every View flag but Users, Manage Inventory, Invoices and
 * Attendance). All sign in with the bench password.
 */
const WORKING_DAY = { admins: 10, managers: 40 } as const;

const adminEmail = (n: number) => `day.admin.${String(n).padStart(2, '0')}@example.com`;
const managerEmail = (n: number) => `site.manager.${String(n).padStart(2, '0')}@example.com`;

/** The active locations in id order, the first WORKING_DAY.managers of them sites, then desks. */
const PLACES = `select id, row_number() over (order by id)::int as k
                from locations where status = 'ACTIVE'`;

export async function seedWorkingDay(client: pg.PoolClient | pg.Client, passwordHash: string) {
  const { managers, admins } = WORKING_DAY;
  await client.query(
    `insert into users (name, email, password_hash, role, location_id,
                        view_inventory, manage_inventory, view_locations, manage_locations,
                        view_users, manage_users, view_invoices, manage_invoices,
                        view_attendance, manage_attendance)
     select 'Site Manager ' || lpad(p.k::text, 2, '0'),
            'site.manager.' || lpad(p.k::text, 2, '0') || '@example.com', $1, 'USER', p.id,
            true, true, true, false, false, false, true, true, true, true
     from (${PLACES}) p where p.k <= $2
     union all
     select 'Day Admin ' || lpad((p.k - $2)::text, 2, '0'),
            'day.admin.' || lpad((p.k - $2)::text, 2, '0') || '@example.com', $1, 'ADMIN', p.id,
            true, true, true, true, true, true, true, true, true, true
     from (${PLACES}) p where p.k > $2 and p.k <= $2 + $3`,
    [passwordHash, managers, admins],
  );
}

/**
 * Who works the day and where: each person's e-mail and location (a manager's site, an admin's
 * desk), and the yards the managers send stock to by transfer (active yards that are nobody's
 * site or desk, so that a transfer in changes no record the day's people read back).
 */
export async function workingDaySample(client: pg.PoolClient | pg.Client) {
  const people = await client.query<{ email: string; locationId: number }>(
    `select email, location_id as "locationId" from users
     where email like 'site.manager.%' or email like 'day.admin.%' order by email`,
  );
  const yards = await client.query<{ id: number }>(
    `select id from locations
     where status = 'ACTIVE' and type = 'BMR_YARD' and id > $1
     order by id limit 20`,
    [Math.max(...people.rows.map((p) => p.locationId))],
  );
  const where = new Map(people.rows.map((p) => [p.email, p.locationId]));
  const list = (count: number, email: (n: number) => string) =>
    Array.from({ length: count }, (_, i) => {
      const locationId = where.get(email(i + 1));
      if (locationId === undefined) throw new Error(`seed: ${email(i + 1)} is not there`);
      return { email: email(i + 1), locationId };
    });
  return {
    admins: list(WORKING_DAY.admins, adminEmail),
    managers: list(WORKING_DAY.managers, managerEmail),
    yards: yards.rows.map((y) => y.id),
  };
}
