import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { DbExecutor } from '../../db/client';
import { invoiceCharges, invoices, locations } from '../../db/schema';

/**
 * Billing runs that could bill the same site wait for each other, so that no day is billed twice:
 * a run of every site runs alone; runs of one site each wait only for a run of every site and
 * for another run of theirs (two admins billing two sites do not wait for each other).
 */
export async function lockBillingRuns(db: DbExecutor, siteId: number | undefined): Promise<void> {
  const { single, classes } = ADVISORY_LOCKS;
  if (siteId === undefined) {
    await db.execute(sql`select pg_advisory_xact_lock(${single.billingRuns})`);
    return;
  }
  await db.execute(
    sql`select pg_advisory_xact_lock_shared(${single.billingRuns}), pg_advisory_xact_lock(${classes.billingSite}, ${siteId}::integer)`,
  );
}

const SITE_COLUMNS = {
  id: locations.id,
  name: locations.name,
  customerName: locations.customerName,
  customerAddress: locations.customerAddress,
  customerEmail: locations.customerEmail,
  customerVatId: locations.customerVatId,
  customerZeroRated: locations.customerZeroRated,
};

type LocationRow = typeof locations.$inferSelect;

/**
 * Of these location rows (already read), the sites with a customer to bill, as `customerSites`
 * answers them: field sites with a customer's name.
 */
export function asCustomerSites(rows: LocationRow[]) {
  return rows
    .filter((row) => row.type === 'FIELD' && row.customerName !== null)
    .map((row) => ({
      id: row.id,
      name: row.name,
      customerName: row.customerName,
      customerAddress: row.customerAddress,
      customerEmail: row.customerEmail,
      customerVatId: row.customerVatId,
      customerZeroRated: row.customerZeroRated,
    }));
}

/** The sites with a customer to bill: all of them, or the one asked for. */
export async function customerSites(db: DbExecutor, locationId: number | undefined) {
  return db
    .select(SITE_COLUMNS)
    .from(locations)
    .where(
      and(
        eq(locations.type, 'FIELD'),
        isNotNull(locations.customerName),
        locationId === undefined ? undefined : eq(locations.id, locationId),
      ),
    )
    .orderBy(asc(locations.name), asc(locations.id));
}

export type HireCandidate = {
  itemId: number;
  rentalId: number;
  locationId: number;
  materialTypeId: number;
  materialName: string;
  unit: string;
  quantity: number;
  onHire: string;
  billedThrough: string | null;
  /** The rates the line keeps from its dispatch; null day rate: none yet. */
  dayCents: number | null;
  weekCents: number | null;
  minimumDays: number | null;
};

/**
 * The rental lines at these sites a run through `periodEnd` must look at, in rental order: those
 * dispatched by then and not billed up to it (less rentals back whole before: nothing left to
 * bill), and those whose history changed after their last billed line (an edit, a correction, a
 * return, a credit).
 */
export async function hireCandidates(
  db: DbExecutor,
  siteIds: number[],
  periodEnd: string,
): Promise<HireCandidate[]> {
  if (siteIds.length === 0) return [];
  const sites = sql.join(siteIds, sql`, `);
  const result = await db.execute<{
    item_id: number;
    rental_id: number;
    location_id: number;
    material_type_id: number;
    material_name: string;
    unit: string;
    quantity: number;
    on_hire: string;
    billed_through: string | null;
    day_cents: number | null;
    week_cents: number | null;
    minimum_days: number | null;
  }>(sql`
    with items as materialized (
      select i.id as item_id, r.id as rental_id, r.to_location_id as location_id, i.material_id,
             i.material_name, i.unit, i.quantity, r.rental_date, r.actual_return_date,
             r.updated_at, i.day_cents, i.week_cents, i.minimum_days,
             billed.through, billed.written
        from material_rentals r
        join material_rental_items i on i.rental_id = r.id
        left join lateral (
          select max(c.billed_through) as through, max(c.created_at) as written
            from invoice_charges c
           where c.rental_item_id = i.id and c.kind in ('HIRE', 'CORRECTION')
        ) billed on true
       where r.to_location_id in (${sites})
    ), recorded as materialized (
      -- When each line's last return was entered: the sites' returns read rental by rental.
      select ret.rental_item_id as item_id, max(ret.recorded_at) as at
        from material_rentals r
        join material_rental_returns ret on ret.rental_id = r.id
       where r.to_location_id in (${sites})
       group by 1
    ), changed as (
      select s.item_id from items s join recorded on recorded.item_id = s.item_id
       where recorded.at > s.written
      union
      -- Credits are few: read from them to the lines they take back, not from every line.
      select s.item_id
        from invoice_charges cr
        join invoice_charges h on h.id = cr.credited_charge_id
        join items s on s.item_id = h.rental_item_id
       where cr.credited_charge_id is not null and h.kind in ('HIRE', 'CORRECTION')
         and cr.created_at > s.written
    )
    select s.item_id, s.rental_id, s.location_id,
           (select m.material_type_id from materials m where m.id = s.material_id)
             as material_type_id,
           s.material_name, s.unit, s.quantity,
           to_char(s.rental_date, 'YYYY-MM-DD') as on_hire,
           to_char(s.through, 'YYYY-MM-DD') as billed_through,
           s.day_cents, s.week_cents, s.minimum_days
      from items s
     where (s.through is null and s.rental_date <= ${periodEnd}::date)
        or (s.through < ${periodEnd}::date
            -- A returned rental billed up to the day everything came back has nothing left to bill.
            and (s.actual_return_date is null or s.actual_return_date > s.through))
        -- Changed since it was billed: asked only of a line billed before.
        or (s.written is not null
            and (s.updated_at > s.written or s.item_id in (select item_id from changed)))
     order by s.rental_id, s.item_id`);
  return result.rows.map((row) => ({
    itemId: row.item_id,
    rentalId: row.rental_id,
    locationId: row.location_id,
    materialTypeId: row.material_type_id,
    materialName: row.material_name,
    unit: row.unit,
    quantity: row.quantity,
    onHire: row.on_hire,
    billedThrough: row.billed_through,
    dayCents: row.day_cents,
    weekCents: row.week_cents,
    minimumDays: row.minimum_days,
  }));
}

/**
 * The returns of these rental lines: the day each hire ended and the units it took off hire. All
 * of them: what a line owes through a day counts only the days before it.
 */
export async function returnDays(db: DbExecutor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const result = await db.execute<{ item_id: number; day: string; units: number }>(sql`
    select rental_item_id as item_id, to_char(return_date, 'YYYY-MM-DD') as day,
           returned_quantity + damaged_quantity + lost_quantity as units
      from material_rental_returns
     where rental_item_id = any(${sql.param(itemIds)}::integer[])
     order by id`);
  return result.rows.map((row) => ({ itemId: row.item_id, day: row.day, units: row.units }));
}

export type BilledLineRow = {
  itemId: number;
  id: number;
  invoiceId: number;
  invoiceNumber: string;
  draft: boolean;
  kind: 'HIRE' | 'CORRECTION' | 'CREDIT';
  billedThrough: string;
  amountCents: number;
};

/**
 * What was billed of these rental lines: their HIRE and CORRECTION lines on any invoice and the
 * credit lines taking them back, with the invoice's number and whether it is a draft.
 */
export async function billedLines(db: DbExecutor, itemIds: number[]): Promise<BilledLineRow[]> {
  if (itemIds.length === 0) return [];
  // One array, not a parameter a line: a run's few hundred lines were as many parameters to build.
  const ids = sql`any(${sql.param(itemIds)}::integer[])`;
  const result = await db.execute<{
    item_id: number;
    id: number;
    invoice_id: number;
    invoice_number: string;
    status: string;
    kind: 'HIRE' | 'CORRECTION' | 'CREDIT';
    billed_through: string;
    amount_cents: number;
  }>(sql`
    select c.rental_item_id as item_id, c.id, c.invoice_id,
           coalesce(inv.number, inv.invoice_id) as invoice_number, inv.status, c.kind,
           to_char(c.billed_through, 'YYYY-MM-DD') as billed_through, c.amount_cents
      from invoice_charges c
      join invoices inv on inv.id = c.invoice_id
     where c.rental_item_id = ${ids} and c.kind in ('HIRE', 'CORRECTION')
       and c.billed_through is not null
    union all
    select h.rental_item_id, cr.id, cr.invoice_id, coalesce(inv.number, inv.invoice_id),
           inv.status, 'CREDIT', to_char(h.billed_through, 'YYYY-MM-DD'), cr.amount_cents
      from invoice_charges h
      join invoice_charges cr on cr.credited_charge_id = h.id
      join invoices inv on inv.id = cr.invoice_id
     where h.rental_item_id = ${ids} and h.kind in ('HIRE', 'CORRECTION')
       and h.billed_through is not null
     order by 1, 2`);
  return result.rows.map((row) => ({
    itemId: row.item_id,
    id: row.id,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    draft: row.status !== 'FINALIZED',
    kind: row.kind,
    billedThrough: row.billed_through,
    amountCents: Number(row.amount_cents),
  }));
}

/** The returns with lost units at these sites up to `periodEnd` whose loss is not yet charged. */
export async function unchargedLosses(db: DbExecutor, siteIds: number[], periodEnd: string) {
  if (siteIds.length === 0) return [];
  const result = await db.execute<{
    return_id: number;
    rental_id: number;
    item_id: number;
    location_id: number;
    day: string;
    lost: number;
    material_name: string;
    unit: string;
    replacement_value: string | null;
  }>(sql`
    select ret.id as return_id, r.id as rental_id, i.id as item_id, r.to_location_id as location_id,
           to_char(ret.return_date, 'YYYY-MM-DD') as day, ret.lost_quantity as lost,
           i.material_name, i.unit, t.replacement_value
      from material_rentals r
      join material_rental_returns ret on ret.rental_id = r.id
      join material_rental_items i on i.id = ret.rental_item_id
      join materials m on m.id = i.material_id
      join material_types t on t.id = m.material_type_id
     where r.to_location_id in (${sql.join(siteIds, sql`, `)})
       and ret.lost_quantity > 0
       and ret.return_date <= ${periodEnd}::date
       and not exists (
         select 1 from invoice_charges c where c.return_id = ret.id and c.kind = 'WRITE_OFF'
       )
     order by ret.id`);
  return result.rows.map((row) => ({
    returnId: row.return_id,
    rentalId: row.rental_id,
    itemId: row.item_id,
    locationId: row.location_id,
    day: row.day,
    lost: row.lost,
    materialName: row.material_name,
    unit: row.unit,
    // numeric(14,2) as PostgreSQL writes it: whole cents, read exactly.
    replacementCents:
      row.replacement_value === null ? null : Math.round(Number(row.replacement_value) * 100),
  }));
}

/**
 * The repair stock's history through `periodEnd` of every yard material that took in damaged
 * units from these sites' rentals: movements in and out of repair, in ledger order, with their day.
 */
export async function repairHistories(db: DbExecutor, siteIds: number[], periodEnd: string) {
  if (siteIds.length === 0) return [];
  const result = await db.execute<{
    id: number;
    material_id: number;
    units: string;
    reason: string;
    return_id: number | null;
    day: string;
  }>(sql`
    select m.id, m.material_id, m.repair_delta as units, m.reason, m.return_id,
           to_char(coalesce(m.occurred_on, m.created_at::date), 'YYYY-MM-DD') as day
      from stock_movements m
     where m.material_id in (
             select i.material_id
               from material_rentals r
               join material_rental_returns ret on ret.rental_id = r.id
               join material_rental_items i on i.id = ret.rental_item_id
              where r.to_location_id in (${sql.join(siteIds, sql`, `)})
                and ret.damaged_quantity > 0
           )
       and m.repair_delta <> 0
       and coalesce(m.occurred_on, m.created_at::date) <= ${periodEnd}::date
     order by m.material_id, m.id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    materialId: row.material_id,
    units: Math.round(Number(row.units)),
    scrapped: row.reason === 'SCRAPPED',
    returnId: row.return_id,
    day: row.day,
  }));
}

/** The returns of these ids, with their rental line, site and the type's replacement value. */
export async function returnsToCharge(db: DbExecutor, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  const result = await db.execute<{
    return_id: number;
    rental_id: number;
    item_id: number;
    location_id: number;
    material_name: string;
    unit: string;
    replacement_value: string | null;
  }>(sql`
    select ret.id as return_id, r.id as rental_id, i.id as item_id, r.to_location_id as location_id,
           i.material_name, i.unit, t.replacement_value
      from material_rental_returns ret
      join material_rentals r on r.id = ret.rental_id
      join material_rental_items i on i.id = ret.rental_item_id
      join materials m on m.id = i.material_id
      join material_types t on t.id = m.material_type_id
     where ret.id = any(${sql.param(returnIds)}::integer[])`);
  return result.rows.map((row) => ({
    returnId: row.return_id,
    rentalId: row.rental_id,
    itemId: row.item_id,
    locationId: row.location_id,
    materialName: row.material_name,
    unit: row.unit,
    replacementCents:
      row.replacement_value === null ? null : Math.round(Number(row.replacement_value) * 100),
  }));
}

/** The scraps already charged, as `<movement>:<return>`. */
export async function chargedScraps(db: DbExecutor, movementIds: number[]): Promise<Set<string>> {
  if (movementIds.length === 0) return new Set();
  const rows = await db
    .select({ movementId: invoiceCharges.movementId, returnId: invoiceCharges.returnId })
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.kind, 'SCRAP'), inArray(invoiceCharges.movementId, movementIds)));
  return new Set(rows.map((row) => `${row.movementId}:${row.returnId}`));
}

/** Whether any invoice line charges this rental. */
export async function rentalIsBilled(db: DbExecutor, rentalId: number): Promise<boolean> {
  const rows = await db
    .select({ id: invoiceCharges.id })
    .from(invoiceCharges)
    .where(eq(invoiceCharges.rentalId, rentalId))
    .limit(1);
  return rows.length > 0;
}

/** A site's draft hire invoice of exactly this period, locked, or null. */
export async function draftHireInvoice(
  db: DbExecutor,
  locationId: number,
  periodStart: string,
  periodEnd: string,
) {
  const [row] = await db
    .select({ id: invoices.id, invoiceId: invoices.invoiceId, vatRateBp: invoices.vatRateBp })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'HIRE'),
        eq(invoices.locationId, locationId),
        eq(invoices.periodStart, periodStart),
        eq(invoices.periodEnd, periodEnd),
        eq(invoices.status, 'DRAFT'),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** How many invoices have an Invoice ID beginning with `prefix` (whatever its case). */
/**
 * Which of these invoice ids (any case) an invoice has: by the two unique indexes of
 * `lower(invoice_id)` (one for work invoices, one for the others), not a scan of every invoice.
 */
export async function invoiceIdsTaken(db: DbExecutor, ids: string[]): Promise<Set<string>> {
  const lowered = sql.param(ids.map((id) => id.toLowerCase()));
  const result = await db.execute<{ id: string }>(sql`
    select lower(invoice_id) as id from invoices
     where (kind <> 'WORK' and lower(invoice_id) = any(${lowered}::text[]))
        or (kind = 'WORK' and lower(invoice_id) = any(${lowered}::text[]))`);
  return new Set(result.rows.map((row) => row.id));
}

export type NewCharge = Omit<typeof invoiceCharges.$inferInsert, 'id' | 'invoiceId' | 'position'>;
