import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { materials, stockMovements } from '../../db/schema';
import { prepared, preparedSql } from '../../lib/prepared';
import type { MaterialRow, MovementValues } from './materials.repository';

const p = (name: string) => sql.placeholder(name);

/** One change of a batch (`addQuantities`): units added to a material's quantity and repair stock. */
export type QuantityStep = {
  materialId: number;
  by: number;
  repair: number;
  /** Whether the step writes its movement (a step that changes nothing writes none unless told). */
  record: boolean;
} & Pick<MovementValues, 'reason' | 'reference' | 'userId' | 'returnId' | 'occurredOn'>;

/** A step as written: its material after it and the quantity before and after it. */
export type StepWritten = Pick<
  MaterialRow,
  'id' | 'name' | 'unit' | 'locationId' | 'quantity' | 'repairQuantity'
> & { before: number; after: number };

/** `addQuantities`' statement, prepared once per connection: planning its CTE was half its cost. */
const addQuantitiesStatement = preparedSql<{
  id: number;
  name: string;
  unit: string;
  location_id: number;
  quantity: number;
  repair_quantity: number;
  before: number;
  after: number;
}>(
  'material_quantities_add',
  () => sql`
    with step as (
      select s.*,
             sum(s.by) over running as by_upto,
             sum(s.repair) over running as repair_upto
        from unnest(${p('materialIds')}::integer[], ${p('by')}::numeric[],
                    ${p('repair')}::numeric[], ${p('record')}::boolean[],
                    ${p('reasons')}::text[], ${p('references')}::text[],
                    ${p('userIds')}::integer[],
                    ${p('returnIds')}::integer[],
                    ${p('occurredOn')}::date[])
             with ordinality
             as s(material_id, by, repair, record, reason, reference, user_id, return_id, occurred_on, n)
      window running as (partition by s.material_id order by s.n)
    ), wanted as (
      select material_id as id, sum(by) as by, sum(repair) as repair,
             min(by_upto) as lowest,
             coalesce(min(repair_upto) filter (where repair <> 0), 0) as repair_lowest
        from step group by material_id
    ), locked as (
      select m.id, m.quantity, m.repair_quantity from ${materials} m
       where m.id in (select id from wanted) and m.deleted_at is null
       order by m.id
       for no key update
    ), allowed as (
      select count(*) = (select count(*) from wanted) as yes
        from locked l join wanted w on w.id = l.id
       where l.quantity + w.lowest >= 0 and l.repair_quantity + w.repair_lowest >= 0
    ), moved as (
      update ${materials} m
         set quantity = m.quantity + w.by, repair_quantity = m.repair_quantity + w.repair,
             updated_at = now()
        from wanted w, allowed
       where allowed.yes and m.id = w.id
      returning m.id, m.name, m.unit, m.location_id, m.quantity, m.repair_quantity,
                m.quantity - w.by as start
    ), written as (
      insert into ${stockMovements}
             (material_id, delta, quantity_after, repair_delta, reason, reference, user_id,
              return_id, occurred_on)
      select s.material_id, s.by, moved.start + s.by_upto, s.repair, s.reason, s.reference,
             s.user_id, s.return_id, s.occurred_on
        from step s join moved on moved.id = s.material_id
       where s.record
       order by s.n
    )
    select moved.id, moved.name, moved.unit, moved.location_id, moved.quantity,
           moved.repair_quantity, moved.start + s.by_upto - s.by as before,
           moved.start + s.by_upto as after
      from step s join moved on moved.id = s.material_id
     order by s.n`,
);

/**
 * Adds each step's units to its material, in one statement whatever the number of steps: the
 * materials locked in id order, each written once with the sum of its steps, and a movement per
 * step that records one, its quantity after as the steps one after another leave it. All or
 * nothing: when a step would leave a quantity or a repair stock below nothing at its turn (the
 * same test as one step at a time), or a material is missing or removed, nothing is written and
 * the answer is null. Answers the steps in their order. For the ledger's `changeStockBy` only.
 */
export async function addQuantities(
  db: DbExecutor,
  steps: readonly QuantityStep[],
): Promise<StepWritten[] | null> {
  const column = <T>(pick: (step: QuantityStep) => T) => steps.map(pick);
  const rows = await addQuantitiesStatement(db, {
    materialIds: column((s) => s.materialId),
    by: column((s) => s.by),
    repair: column((s) => s.repair),
    record: column((s) => s.record),
    reasons: column((s) => s.reason),
    references: column((s) => s.reference ?? null),
    userIds: column((s) => s.userId ?? null),
    returnIds: column((s) => s.returnId ?? null),
    occurredOn: column((s) => s.occurredOn ?? null),
  });
  if (rows.length !== steps.length) return null;
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    unit: row.unit,
    locationId: Number(row.location_id),
    quantity: Number(row.quantity),
    repairQuantity: Number(row.repair_quantity),
    before: Number(row.before),
    after: Number(row.after),
  }));
}

/** The stock movement `addQuantityRecorded` writes in the statement that makes the change. */
export type MovementOf = Pick<
  MovementValues,
  'reason' | 'reference' | 'userId' | 'returnId' | 'occurredOn'
> & {
  /** Whether the movement is written when nothing changes (a lost unit is recorded). */
  recordUnchanged: boolean;
};

/**
 * Adds `delta` to a live material's quantity, and `repair` to its repair stock, unless either would
 * be left below nothing, and writes the movement with it, in one statement (the update, then
 * the movement from what it answered); null when refused, nothing written. A change of nothing
 * writes its movement only when told. For the ledger's changeStock only.
 */
export async function addQuantityRecorded(
  db: DbExecutor,
  id: number,
  change: { delta: number; repair: number },
  movement: MovementOf,
): Promise<MaterialRow | null> {
  const statement = prepared(db, 'material_quantity_add_recorded', (executor, name) => {
    // The pool and a transaction both write CTEs; DbExecutor leaves `$with` and `with` out.
    const d = executor as unknown as Database;
    const by = sql`${p('delta')}::numeric`;
    const toRepair = sql`${p('repair')}::numeric`;
    const moved = d.$with('moved').as(
      d
        .update(materials)
        .set({
          quantity: sql`${materials.quantity} + ${by}`,
          repairQuantity: sql`${materials.repairQuantity} + ${toRepair}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(materials.id, p('id')),
            isNull(materials.deletedAt),
            sql`${materials.quantity} + ${by} >= 0`,
            sql`${materials.repairQuantity} + ${toRepair} >= 0`,
          ),
        )
        .returning(),
    );
    const written = d.$with('written').as(
      d.insert(stockMovements).select(
        d
          .select({
            // Every column in the table's order, as an INSERT ... SELECT is written: its defaults.
            id: sql`nextval(pg_get_serial_sequence('stock_movements', 'id'))`.as('id'),
            materialId: moved.id,
            delta: sql`${by}`.as('delta'),
            quantityAfter: moved.quantity,
            repairDelta: sql`${toRepair}`.as('repair_delta'),
            reason: sql`${p('reason')}`.as('reason'),
            reference: sql`${p('reference')}::text`.as('reference'),
            userId: sql`${p('userId')}::integer`.as('user_id'),
            returnId: sql`${p('returnId')}::integer`.as('return_id'),
            occurredOn: sql`${p('occurredOn')}::date`.as('occurred_on'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(moved)
          .where(sql`${by} <> 0 or ${toRepair} <> 0 or ${p('recordUnchanged')}::boolean`),
      ),
    );
    return d.with(moved, written).select().from(moved).prepare(name);
  });
  const [row] = await statement.execute({
    id,
    delta: change.delta,
    repair: change.repair,
    reason: movement.reason,
    reference: movement.reference ?? null,
    userId: movement.userId ?? null,
    returnId: movement.returnId ?? null,
    occurredOn: movement.occurredOn ?? null,
    recordUnchanged: movement.recordUnchanged,
  });
  return (row as MaterialRow | undefined) ?? null;
}

/**
 * Writes a counted quantity to a live material, held as it is read, and its movement (the count
 * less what it held) when that changes anything or it is told to record: one statement. Answers
 * the material and what it held before, or null when it is missing or removed. For changeStock.
 */
export async function setQuantityRecorded(
  db: DbExecutor,
  id: number,
  quantity: number,
  movement: MovementOf,
): Promise<{ material: MaterialRow; before: number } | null> {
  const statement = prepared(db, 'material_quantity_set_recorded', (executor, name) => {
    const d = executor as unknown as Database;
    const held = d
      .select({ id: materials.id, before: sql<number>`${materials.quantity}`.as('before') })
      .from(materials)
      .where(and(eq(materials.id, p('id')), isNull(materials.deletedAt)))
      .for('no key update')
      .as('held');
    const moved = d.$with('moved').as(
      d
        .update(materials)
        .set({ quantity: sql`${p('quantity')}::numeric`, updatedAt: sql`now()` })
        .from(held)
        .where(eq(materials.id, held.id))
        .returning({ ...getTableColumns(materials), before: held.before }),
    );
    const written = d.$with('written').as(
      d.insert(stockMovements).select(
        d
          .select({
            id: sql`nextval(pg_get_serial_sequence('stock_movements', 'id'))`.as('id'),
            materialId: moved.id,
            delta: sql`${moved.quantity} - ${moved.before}`.as('delta'),
            quantityAfter: moved.quantity,
            repairDelta: sql`0`.as('repair_delta'),
            reason: sql`${p('reason')}`.as('reason'),
            reference: sql`${p('reference')}::text`.as('reference'),
            userId: sql`${p('userId')}::integer`.as('user_id'),
            returnId: sql`${p('returnId')}::integer`.as('return_id'),
            occurredOn: sql`${p('occurredOn')}::date`.as('occurred_on'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(moved)
          .where(sql`${moved.quantity} <> ${moved.before} or ${p('recordUnchanged')}::boolean`),
      ),
    );
    return d.with(moved, written).select().from(moved).prepare(name);
  });
  const [row] = await statement.execute({
    id,
    quantity,
    reason: movement.reason,
    reference: movement.reference ?? null,
    userId: movement.userId ?? null,
    returnId: movement.returnId ?? null,
    occurredOn: movement.occurredOn ?? null,
    recordUnchanged: movement.recordUnchanged,
  });
  if (!row) return null;
  const { before, ...material } = row as MaterialRow & { before: number };
  return { material, before: Number(before) };
}
