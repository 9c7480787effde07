import type pg from 'pg';

/**
 * What the dashboard needs beyond the other modules' data, in the caller's transaction:
 * the stock levels that changeStock would have kept for the seeded movements (each location's
 * units at the end of each month, as migration 0021 fills them).
 */
export async function seedDashboard(client: pg.PoolClient | pg.Client) {
  await client.query(
    `insert into stock_levels (location_id, month, units)
     select location_id, month, sum(net) over (partition by location_id order by month)
     from (select m.location_id, date_trunc('month', s.created_at)::date as month, sum(s.delta) as net
           from stock_movements s join materials m on m.id = s.material_id
           where m.deleted_at is null
           group by 1, 2) monthly`,
  );
}
