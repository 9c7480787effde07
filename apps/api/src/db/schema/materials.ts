import { LOW_STOCK_THRESHOLD } from '@stockyard/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { users } from './users';

/**
 * The company's catalogue: one row per kind of material, whatever location holds it. Its name is
 * unique whatever its case and surrounding spaces; a retired type gets no new stock.
 */
export const materialTypes = pgTable(
  'material_types',
  {
    id: serial('id').primaryKey(),
    itemNumber: text('item_number'),
    name: text('name').notNull(),
    category: text('category'),
    unit: text('unit').notNull().default('EACH'),
    weightKg: numeric('weight_kg', { precision: 12, scale: 3, mode: 'number' }),
    replacementValue: numeric('replacement_value', { precision: 14, scale: 2, mode: 'number' }),
    notes: text('notes'),
    /** Hire rates in cents: a day's, a week's (optional), and the minimum hire in days. */
    hireDayCents: integer('hire_day_cents'),
    hireWeekCents: integer('hire_week_cents'),
    minimumHireDays: integer('minimum_hire_days').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('material_types_name_unique').on(sql`lower(btrim(${t.name}))`),
    uniqueIndex('material_types_item_number_unique')
      .on(sql`lower(btrim(${t.itemNumber}))`)
      .where(sql`${t.itemNumber} is not null`),
    index('material_types_category_idx').on(t.category),
    check('material_types_weight_check', sql`${t.weightKg} >= 0`),
    check('material_types_value_check', sql`${t.replacementValue} >= 0`),
    check(
      'material_types_hire_check',
      sql`(${t.hireDayCents} is null or ${t.hireDayCents} >= 0) and (${t.hireWeekCents} is null or ${t.hireWeekCents} >= 0) and ${t.minimumHireDays} between 0 and 365`,
    ),
  ],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    /** The catalogue entry this is stock of. */
    materialTypeId: integer('material_type_id')
      .notNull()
      .references(() => materialTypes.id, { onDelete: 'restrict' }),
    /** The type's name and unit, copied by the database (migration 0047): never written apart. */
    name: text('name').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    quantity: numeric('quantity', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /**
     * Damaged units held until repaired (back into `quantity`) or scrapped: shown, never available.
     * The sum of the movements' `repairDelta`, written by changeStock alone, as `quantity` is.
     */
    repairQuantity: numeric('repair_quantity', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    unit: text('unit').notNull().default('EACH'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A removed material with movements stays in the ledger, out of every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('materials_quantity_check', sql`${t.quantity} >= 0`),
    check('materials_repair_quantity_check', sql`${t.repairQuantity} >= 0`),
    // One live stock row per type and location.
    uniqueIndex('materials_location_type_unique')
      .on(t.locationId, t.materialTypeId)
      .where(sql`${t.deletedAt} is null`),
    index('materials_type_idx').on(t.materialTypeId),
    index('materials_location_idx').on(t.locationId, t.id),
    // A page of the whole inventory skips the live rows before it in this index alone.
    index('materials_live_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    // A location's page of live materials is read from this index alone, however deep.
    index('materials_live_location_idx').on(t.locationId, t.id).where(sql`${t.deletedAt} is null`),
    // Low stock, emptiest first: read in order from the index, no sort of the ties.
    // LOW_STOCK_THRESHOLD is written into the migration's SQL (0006 has 10); a test compares them.
    index('materials_low_stock_idx')
      .on(t.quantity, t.id)
      .where(
        sql`${t.deletedAt} is null and ${t.quantity} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`,
      ),
    // A location's low stock, emptiest first: its own rows alone, however many are low elsewhere.
    // The same predicate as above (migration 0029 has 10).
    index('materials_low_stock_location_idx')
      .on(t.locationId, t.quantity, t.id)
      .where(
        sql`${t.deletedAt} is null and ${t.quantity} <= ${sql.raw(String(LOW_STOCK_THRESHOLD))}`,
      ),
  ],
);

export const STOCK_MOVEMENT_REASONS = [
  'CREATE',
  'EDIT',
  'STOCK_UPDATE',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'RENTAL_OUT',
  'RETURN',
  'WRITE_OFF',
  'RENTAL_RETURN',
  'RENTAL_LOST',
  'RENTAL_DAMAGED',
  'RENTAL_DELETED',
  // A quantity read from an imported file, and a counted difference of a stock-take.
  'IMPORT',
  'STOCK_TAKE',
  // Repair stock: repaired units back into stock, scrapped ones written off. A return's damaged
  // units go into repair as RENTAL_DAMAGED, its lost ones are RENTAL_LOST.
  'REPAIRED',
  'SCRAPPED',
] as const;

/** Append-only ledger: a material's quantity and repair stock are the sums of its deltas. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    delta: numeric('delta', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    quantityAfter: numeric('quantity_after', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    repairDelta: numeric('repair_delta', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    reference: text('reference'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * RENTAL_DAMAGED: the return whose units it took into repair, written off first in first out
     * by a later scrap. No foreign key: the ledger is below the rentals.
     */
    returnId: integer('return_id'),
    /** The day it happened when entered with one, on the company's calendar; null: `createdAt`'s. */
    occurredOn: date('occurred_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_quantity_after_check', sql`${t.quantityAfter} >= 0`),
    // The repair stock's history of a material, in order: what came in, repaired and scrapped.
    index('stock_movements_repair_idx').on(t.materialId, t.id).where(sql`${t.repairDelta} <> 0`),
    index('stock_movements_material_idx').on(t.materialId, t.id),
    index('stock_movements_created_idx').on(t.createdAt),
  ],
);

/** Material ids are grouped in blocks of this size to count live materials before an id. */
export const MATERIAL_COUNT_BUCKET = 1024;

/**
 * Live materials per block of MATERIAL_COUNT_BUCKET ids, kept exact by triggers (migrations 0004
 * and 0012): the inventory's total and where a page starts, without counting the rows before it.
 */
export const materialCountsByBucket = pgTable('material_counts_by_bucket', {
  bucket: integer('bucket').primaryKey(),
  live: integer('live').notNull().default(0),
});

/**
 * Units in stock per location at each month's end (the current month's row: now), kept by
 * changeStock in each movement's transaction, so the dashboard reads two rows, however long the
 * history. A month without movements has no row: the latest earlier row holds.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The month's first day, on the server's calendar. */
    month: date('month', { mode: 'string' }).notNull(),
    units: numeric('units', { precision: 16, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.month] })],
);
