import type pg from 'pg';

/** The field manager the dashboard scenarios sign in as: at the sample location, the bench password. */
export const DASHBOARD_MANAGER = { email: 'bench.manager@example.com', locationId: 17 } as const;

/**
 * What the dashboard needs beyond the other modules' data, in the caller's transaction (issue 19):
 * the stock levels that changeStock would have kept for the seeded movements (each location's
 * units at the end of each month, as migration 0021 fills them), and a field manager to sign in as.
 */
export async function seedDashboard(client: pg.PoolClient | pg.Client, passwordHash: string) {
  await client.query(
    `insert into stock_levels (location_id, month, units)
     select location_id, month, sum(net) over (partition by location_id order by month)
     from (select m.location_id, date_trunc('month', s.created_at)::date as month, sum(s.delta) as net
           from stock_movements s join materials m on m.id = s.material_id
           where m.deleted_at is null
           group by 1, 2) monthly`,
  );
  await client.query(
    `insert into users (name, email, password_hash, role, location_id)
     values ('Bench Manager', $1, $2, 'USER', $3)`,
    [DASHBOARD_MANAGER.email, passwordHash, DASHBOARD_MANAGER.locationId],
  );
}
