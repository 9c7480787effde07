import type { InvoiceStatus } from '@stockyard/shared';
import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '../../db/client';
import {
  invoiceCharges,
  invoiceItems,
  invoiceMaterialUsages,
  invoices,
  locations,
  materials,
  users,
} from '../../db/schema';
import { jsonRows } from '../../lib/json-rows';
import {
  containsPattern,
  listPage,
  type Page,
  type Shaped,
  shapedFilters,
  totalColumn,
} from '../../lib/list-page';
import { prepared } from '../../lib/prepared';
import { matches } from '../../lib/search';

export type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceItemRow = typeof invoiceItems.$inferSelect;
type UsageRow = typeof invoiceMaterialUsages.$inferSelect;
type ChargeRow = typeof invoiceCharges.$inferSelect;
export type ChargeValues = Omit<
  typeof invoiceCharges.$inferInsert,
  'id' | 'invoiceId' | 'position'
>;
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type ItemValues = Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId' | 'position'>;
type UsageValues = Omit<typeof invoiceMaterialUsages.$inferInsert, 'id' | 'itemId' | 'position'>;
/** An item to write, with its usage rows, in the order given. */
export type NewItem = ItemValues & { usages: UsageValues[] };

/** Which invoices a list or the summary covers: issue dates in [from, to), one location, a status. */
export type InvoiceFilters = {
  month?: { from: string; to: string };
  locationId?: number;
  status?: InvoiceStatus;
  search?: string;
};

const p = sql.placeholder;

const searchable = sql`(${invoices.invoiceId} || chr(31) || ${invoices.clientName})`;

/** What a row of the list shows. */
const LISTED = {
  id: invoices.id,
  invoiceId: invoices.invoiceId,
  locationId: invoices.locationId,
  locationName: locations.name,
  locationAddress: locations.address,
  createdById: invoices.createdById,
  clientName: invoices.clientName,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  status: invoices.status,
  grandTotalCalculatedVolumeQty: invoices.grandTotalCalculatedVolumeQty,
  kind: invoices.kind,
  number: invoices.number,
  currency: invoices.currency,
  grossCents: invoices.grossCents,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
};

/**
 * The list's filters as its statement takes them: the month as its first day and the next
 * month's, the search as a LIKE pattern.
 */
function listed(filters: InvoiceFilters) {
  const search = filters.search;
  return {
    from: filters.month?.from,
    to: filters.month?.to,
    locationId: filters.locationId,
    status: filters.status,
    pattern: search && search.length >= TRIGRAM ? containsPattern(search) : undefined,
    shortPattern: search && search.length < TRIGRAM ? containsPattern(search) : undefined,
  };
}

/**
 * The shortest search the trigram index narrows. A shorter one has no trigram, and reading the
 * table costs less than the whole index, so it is a statement of its own whose condition is not
 * the indexed expression.
 */
const TRIGRAM = 3;

/**
 * The filters given, each a condition only when given, so that each plan can use its index (the
 * month and location their date indexes, the search its trigrams).
 */
function whereOf(f: Shaped<ReturnType<typeof listed>>) {
  return and(
    f.from && gte(invoices.issueDate, f.from),
    f.to && lt(invoices.issueDate, f.to),
    f.locationId && eq(invoices.locationId, f.locationId),
    f.status && eq(invoices.status, f.status),
    f.pattern && matches(searchable, f.pattern),
    f.shortPattern && matches(sql`(${searchable} || '')`, f.shortPattern),
  );
}

/** A page of invoices, newest issue date first, and how many the list covers. */
export async function listInvoices(db: Database, filters: InvoiceFilters, page: Page) {
  if (!filters.search) {
    // Read backwards along the date index, the total counted there.
    return listPage(
      db,
      {
        name: 'invoices',
        filters: listed(filters),
        select: (total, f) =>
          db
            .select({ ...LISTED, total })
            .from(invoices)
            .innerJoin(locations, eq(locations.id, invoices.locationId))
            .where(whereOf(f))
            .orderBy(desc(invoices.issueDate), desc(invoices.id)),
        count: (f) => db.select({ n: count() }).from(invoices).where(whereOf(f)),
      },
      page,
    );
  }
  // A search finds its matches once from the trigrams, in a CTE that the page and its total both
  // read. Read along the date index instead, a rare name is looked for through thousands of newer
  // rows, and the trigrams are read a second time for the total.
  const matchesOf = (f: Shaped<ReturnType<typeof listed>>) =>
    db
      .$with('matches')
      .as(
        db
          .select({ id: invoices.id, issueDate: invoices.issueDate })
          .from(invoices)
          .where(whereOf(f)),
      );
  return listPage(
    db,
    {
      name: 'invoices_search',
      filters: listed(filters),
      select: (_total, f, { end }) => {
        const matches = matchesOf(f);
        // The matches up to the page's end, sorted by their own date and id, so that only those
        // are joined: joined first, each of a common word's thousands of matches is.
        const upToPage = db
          .$with('up_to_page')
          .as(
            db.select().from(matches).orderBy(desc(matches.issueDate), desc(matches.id)).limit(end),
          );
        return db
          .with(matches, upToPage)
          .select({ ...LISTED, total: totalColumn(db.select({ n: count() }).from(matches)) })
          .from(upToPage)
          .innerJoin(invoices, eq(invoices.id, upToPage.id))
          .innerJoin(locations, eq(locations.id, invoices.locationId))
          .orderBy(desc(upToPage.issueDate), desc(upToPage.id));
      },
      count: (f) => {
        const matches = matchesOf(f);
        return db.with(matches).select({ n: count() }).from(matches);
      },
    },
    page,
  );
}

/**
 * The export's chunk: `limit` invoices of the list, newest issue date first, after the invoice
 * `after` (none: from the newest). The list's conditions (`whereOf`, from the filters'
 * placeholders), without its page and total.
 */
export async function invoicesAfter(
  db: Database,
  filters: InvoiceFilters,
  after: { issueDate: string; id: number } | null,
  limit: number,
) {
  const { shaped, values } = shapedFilters(listed(filters));
  return db
    .select(LISTED)
    .from(invoices)
    .innerJoin(locations, eq(locations.id, invoices.locationId))
    .where(
      and(
        whereOf(shaped),
        after
          ? sql`(${invoices.issueDate}, ${invoices.id}) < (${after.issueDate}::date, ${after.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(limit)
    .prepare('')
    .execute(values);
}

/**
 * Item quantities and calculated quantities summed per job type and unit over the items of the
 * invoices of a month range and location (the list's conditions, from the filters'
 * placeholders), read along the invoices' date index and the items' invoice index.
 */
export async function sumItemsByJobTypeAndUom(
  db: Database,
  filters: Pick<InvoiceFilters, 'month' | 'locationId'>,
) {
  const i = invoiceItems;
  const { shaped, values } = shapedFilters(listed(filters));
  // A named statement per shape (a month or not, a location or not): asked at every visit of its
  // page, it cost what a list did when built and planned each time.
  const statement = prepared(db, `invoice_job_type_sums(${Object.keys(values)})`, (d, name) =>
    d
      .select({
        jobType: i.jobType,
        uom: i.uom,
        quantity: sql<number>`sum(${i.quantity})`.mapWith(Number),
        calculated: sql<number>`sum(${i.itemTotalCalculatedQuantity})`.mapWith(Number),
      })
      .from(i)
      .innerJoin(invoices, eq(invoices.id, i.invoiceId))
      .where(whereOf(shaped))
      .groupBy(i.jobType, i.uom)
      .prepare(name),
  );
  return statement.execute(values);
}

/** An invoice's usage row as the detail reads it, with its material's name (a removed one's too). */
type UsageShown = Omit<UsageRow, 'itemId' | 'position'> & { materialName: string };
/** An invoice's item as the detail reads it, with its usage rows in their order. */
type ItemShown = Omit<InvoiceItemRow, 'invoiceId' | 'position'> & {
  usages: UsageShown[];
  credited: boolean;
};
/** A money line as the detail reads it. */
type ChargeShown = Pick<
  ChargeRow,
  | 'id'
  | 'kind'
  | 'description'
  | 'unit'
  | 'quantity'
  | 'fromDate'
  | 'toDate'
  | 'days'
  | 'dayCents'
  | 'weekCents'
  | 'minimumDays'
  | 'unitCents'
  | 'amountCents'
  | 'creditedItemId'
  | 'creditedChargeId'
> & { credited: boolean; daysBilledBefore: number | null };

/**
 * The invoice's items in their order, each with its usage rows in theirs, as one JSON column of
 * the invoice's row: the detail is one round trip, not three.
 */
const item = alias(invoiceItems, 'item');
const usage = alias(invoiceMaterialUsages, 'usage');
const usedMaterial = alias(materials, 'used_material');
const credit = alias(invoiceCharges, 'credit');
const charge = alias(invoiceCharges, 'charge');
const creditNote = alias(invoices, 'credit_note');
const creditedInvoice = alias(invoices, 'credited_invoice');
const itemsColumn = jsonRows<ItemShown>(
  {
    id: item.id,
    location: item.location,
    itemDate: item.itemDate,
    jobDescription: item.jobDescription,
    jobType: item.jobType,
    uom: item.uom,
    quantity: item.quantity,
    length: item.length,
    width: item.width,
    height: item.height,
    remark: item.remark,
    itemTotalCalculatedQuantity: item.itemTotalCalculatedQuantity,
    rateCents: item.rateCents,
    amountCents: item.amountCents,
    credited: sql`exists (select 1 from ${invoiceCharges} ${credit} where ${credit.creditedItemId} = ${item.id})`,
    usages: jsonRows<UsageShown>(
      {
        id: usage.id,
        materialId: usage.materialId,
        materialName: usedMaterial.name,
        usageType: usage.usageType,
        quantity: usage.quantity,
        length: usage.length,
        width: usage.width,
        height: usage.height,
        notes: usage.notes,
      },
      sql`from ${invoiceMaterialUsages} ${usage}
          join ${materials} ${usedMaterial} on ${usedMaterial.id} = ${usage.materialId}
          where ${usage.itemId} = ${item.id}`,
      sql`${usage.position}`,
    ),
  },
  sql`from ${invoiceItems} ${item} where ${item.invoiceId} = ${invoices.id}`,
  sql`${item.position}`,
);

/** The invoice's money lines in their order, each saying whether a credit note took it back. */
const chargesColumn = jsonRows<ChargeShown>(
  {
    id: charge.id,
    kind: charge.kind,
    description: charge.description,
    unit: charge.unit,
    quantity: charge.quantity,
    fromDate: charge.fromDate,
    toDate: charge.toDate,
    days: charge.days,
    dayCents: charge.dayCents,
    weekCents: charge.weekCents,
    minimumDays: charge.minimumDays,
    unitCents: charge.unitCents,
    amountCents: charge.amountCents,
    creditedItemId: charge.creditedItemId,
    creditedChargeId: charge.creditedChargeId,
    credited: sql`exists (select 1 from ${invoiceCharges} ${credit} where ${credit.creditedChargeId} = ${charge.id})`,
    // A hire line's days of hire before its first day, for its explanation (decision 059).
    daysBilledBefore: sql`case when ${charge.kind} = 'HIRE' then (select ${charge.fromDate} - r.rental_date from material_rentals r where r.id = ${charge.rentalId}) end`,
  },
  sql`from ${invoiceCharges} ${charge} where ${charge.invoiceId} = ${invoices.id}`,
  sql`${charge.position}`,
);

/** The credit notes of the invoice, oldest first. */
const creditNotesColumn = jsonRows<{ id: number; number: string | null }>(
  { id: creditNote.id, number: creditNote.number },
  sql`from ${invoices} ${creditNote} where ${creditNote.creditedInvoiceId} = ${invoices.id}`,
  sql`${creditNote.id}`,
);

/**
 * One invoice with its location, creator and items (with their usages): one named prepared
 * statement, planned once per connection (four times less CPU than planning at every call).
 */
export async function findInvoice(db: Database, id: number) {
  const statement = prepared(db, 'invoice_detail', (d, name) =>
    d
      .select({
        invoice: invoices,
        location: { name: locations.name, address: locations.address },
        user: { name: users.name, email: users.email },
        items: itemsColumn,
        charges: chargesColumn,
        creditNotes: creditNotesColumn,
        creditedInvoiceNumber: creditedInvoice.number,
      })
      .from(invoices)
      .innerJoin(locations, eq(locations.id, invoices.locationId))
      .leftJoin(users, eq(users.id, invoices.createdById))
      .leftJoin(creditedInvoice, eq(creditedInvoice.id, invoices.creditedInvoiceId))
      .where(eq(invoices.id, p('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/** The name and e-mail of who made an invoice, as its issued document keeps them. */
export async function findCreator(db: DbExecutor, id: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The invoice's row, locked against other writes until the transaction ends. */
export async function lockInvoice(db: DbExecutor, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row ?? null;
}

/** Live materials among `ids`, with their location and stock. */
export async function findLiveMaterials(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: materials.id,
      name: materials.name,
      locationId: materials.locationId,
      quantity: materials.quantity,
    })
    .from(materials)
    .where(and(inArray(materials.id, ids), isNull(materials.deletedAt)));
}

export async function insertInvoice(db: DbExecutor, values: InvoiceValues) {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function updateInvoice(db: DbExecutor, id: number, values: Partial<InvoiceValues>) {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function deleteInvoice(db: DbExecutor, id: number) {
  await db.delete(invoices).where(eq(invoices.id, id));
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const ROWS_PER_INSERT = 2000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** Writes an invoice's items (the old ones deleted first, with their usages), in the order given. */
export async function replaceItems(db: DbExecutor, invoiceId: number, items: NewItem[]) {
  await db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  const itemIds: number[] = [];
  await insertInChunks(
    items.map(({ usages: _usages, ...item }, index) => ({ ...item, invoiceId, position: index })),
    async (chunk) => {
      const rows = await db
        .insert(invoiceItems)
        .values(chunk)
        .returning({ id: invoiceItems.id, position: invoiceItems.position });
      for (const row of rows) itemIds[row.position] = row.id;
    },
  );
  const usages = items.flatMap((item, index) =>
    item.usages.map((usage, position) => ({ ...usage, itemId: itemIds[index]!, position })),
  );
  await insertInChunks(usages, (chunk) => db.insert(invoiceMaterialUsages).values(chunk));
}

/** Writes a credit note's (or any invoice's) money lines, in the order given. */
export async function insertCharges(db: DbExecutor, invoiceId: number, charges: ChargeValues[]) {
  await insertInChunks(
    charges.map((line, position) => ({ ...line, invoiceId, position })),
    (chunk) => db.insert(invoiceCharges).values(chunk),
  );
}

/** The invoice's items as a credit note takes them back, with whether one already has. */
export async function creditableItems(db: DbExecutor, invoiceId: number) {
  return db
    .select({
      id: invoiceItems.id,
      jobType: invoiceItems.jobType,
      jobDescription: invoiceItems.jobDescription,
      uom: invoiceItems.uom,
      quantity: invoiceItems.quantity,
      calculated: invoiceItems.itemTotalCalculatedQuantity,
      amountCents: invoiceItems.amountCents,
      // A line is credited once (a unique index): the join finds one row at most.
      credited: sql<boolean>`${credit.id} is not null`,
    })
    .from(invoiceItems)
    .leftJoin(credit, eq(credit.creditedItemId, invoiceItems.id))
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(invoiceItems.position);
}

/** The invoice's money lines as a credit note takes them back, with whether one already has. */
export async function creditableCharges(db: DbExecutor, invoiceId: number) {
  return db
    .select({
      id: invoiceCharges.id,
      description: invoiceCharges.description,
      unit: invoiceCharges.unit,
      quantity: invoiceCharges.quantity,
      amountCents: invoiceCharges.amountCents,
      credited: sql<boolean>`${credit.id} is not null`,
    })
    .from(invoiceCharges)
    .leftJoin(credit, eq(credit.creditedChargeId, invoiceCharges.id))
    .where(eq(invoiceCharges.invoiceId, invoiceId))
    .orderBy(invoiceCharges.position);
}

/**
 * The totals of this invoice's credit notes before the one being made, whoever issued them (an
 * admin's, taking back lines, or a billing run's correction): the note that brings the invoice
 * and its notes to nothing takes what they leave, VAT included.
 */
export async function creditNotesTotals(db: DbExecutor, invoiceId: number) {
  const result = await db.execute<{
    net_cents: string;
    vat_cents: string;
    gross_cents: string;
  }>(sql`
    select n.net_cents, n.vat_cents, n.gross_cents
      from invoices n
     where n.credited_invoice_id = ${invoiceId} and n.kind = 'CREDIT'`);
  return result.rows.map((row) => ({
    netCents: Number(row.net_cents),
    vatCents: Number(row.vat_cents),
    grossCents: Number(row.gross_cents),
  }));
}

/** The columns a billing run's line is written with, each with its type as an array. */
const APPENDED_COLUMNS = [
  ['kind', 'kind', 'text'],
  ['description', 'description', 'text'],
  ['unit', 'unit', 'text'],
  ['quantity', 'quantity', 'integer'],
  ['rentalId', 'rental_id', 'integer'],
  ['rentalItemId', 'rental_item_id', 'integer'],
  ['returnId', 'return_id', 'integer'],
  ['fromDate', 'from_date', 'date'],
  ['toDate', 'to_date', 'date'],
  ['days', 'days', 'integer'],
  ['dayCents', 'day_cents', 'integer'],
  ['weekCents', 'week_cents', 'integer'],
  ['minimumDays', 'minimum_days', 'integer'],
  ['billedThrough', 'billed_through', 'date'],
  ['movementId', 'movement_id', 'bigint'],
  ['unitCents', 'unit_cents', 'integer'],
  ['creditedItemId', 'credited_item_id', 'integer'],
  ['creditedChargeId', 'credited_charge_id', 'integer'],
  ['correctsInvoiceId', 'corrects_invoice_id', 'integer'],
  ['amountCents', 'amount_cents', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof ChargeValues, string, string]>;

/** Every field of a line but its time of writing (the column's default) is in the list. */
type Unlisted = Exclude<keyof ChargeValues, (typeof APPENDED_COLUMNS)[number][0] | 'createdAt'>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

/**
 * Appends lines to an invoice after its last (a billing run's) and answers the amounts of all its
 * lines, the old and the new, in one statement. The lines go as one array a column (unnest), not
 * a parameter a value: a run's few hundred lines were a few thousand parameters, whose building
 * took longer than the insert. The lines added are not in the statement's own read of the
 * invoice's lines (its snapshot is taken before the insert), so they come from what it answers.
 */
export async function appendCharges(
  db: DbExecutor,
  invoiceId: number,
  charges: ChargeValues[],
): Promise<number[]> {
  const names = sql.raw(APPENDED_COLUMNS.map(([, name]) => name).join(', '));
  const given = sql.join(
    APPENDED_COLUMNS.map(([key, , type]) => {
      // The column's default where a line leaves it out: 0 units, else null.
      const values = charges.map((charge) => charge[key] ?? (key === 'quantity' ? 0 : null));
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    }),
    sql`, `,
  );
  const result = await db.execute<{ amount: string | number }>(sql`
    with last as (
      select coalesce(max(position), -1) as position from invoice_charges where invoice_id = ${invoiceId}
    ), added as (
      insert into invoice_charges (invoice_id, position, ${names})
      select ${invoiceId}, last.position + given.n, ${names}
        from last, unnest(${given}) with ordinality as given(${names}, n)
      returning amount_cents
    )
    select amount_cents as amount from invoice_charges where invoice_id = ${invoiceId}
    union all
    select amount_cents from added`);
  return result.rows.map((row) => Number(row.amount));
}

/** Lines of a draft priced again: the old ones go. */
export async function deleteCharges(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(invoiceCharges).where(inArray(invoiceCharges.id, ids));
}

/** An invoice's row as stored (a billing run's draft or the invoice it corrects). */
export async function invoiceRow(db: DbExecutor, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}
