-- Issue 49, decision 048: every movement dated as it happened, and each rental line's rates fixed
-- at dispatch. A return's date becomes the day its hire ended (on the company's calendar); the
-- instant it was entered, which was its date until now, is kept as recorded_at.
ALTER TABLE "material_rental_returns" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "material_rental_returns" SET "recorded_at" = "return_date";--> statement-breakpoint
ALTER TABLE "material_rental_returns" ALTER COLUMN "return_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ALTER COLUMN "return_date" SET DATA TYPE date
  USING ("return_date" AT TIME ZONE coalesce(nullif(current_setting('stockyard.time_zone', true), ''), current_setting('TimeZone')))::date;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ALTER COLUMN "return_date" SET DEFAULT ((now() at time zone coalesce(nullif(current_setting('stockyard.time_zone', true), ''), current_setting('TimeZone')))::date);--> statement-breakpoint
-- A customer rate without a minimum of its own inherits the catalogue's (null); the rates saved
-- until now keep the minimum they state.
ALTER TABLE "customer_rates" ALTER COLUMN "minimum_days" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "customer_rates" ALTER COLUMN "minimum_days" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD COLUMN "day_cents" integer;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD COLUMN "week_cents" integer;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD COLUMN "minimum_days" integer;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD CONSTRAINT "material_rental_items_rates_check" CHECK (
  ("day_cents" is null and "week_cents" is null and "minimum_days" is null)
  or ("day_cents" >= 0 and ("week_cents" is null or "week_cents" >= 0) and "minimum_days" between 0 and 365));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "occurred_on" date;--> statement-breakpoint
-- The repairs and scraps entered so far happened the day they were entered.
UPDATE "stock_movements" SET "occurred_on" = ("created_at" AT TIME ZONE coalesce(nullif(current_setting('stockyard.time_zone', true), ''), current_setting('TimeZone')))::date
 WHERE "reason" IN ('REPAIRED', 'SCRAPPED');--> statement-breakpoint
-- The rental lines out so far keep the rates they were billed at (their first hire line), else the
-- rates in force now: the site's customer's rate of the type (its minimum as stated), else the
-- catalogue's. A line with neither stays without a rate until a billing run finds one.
UPDATE "material_rental_items" i
   SET "day_cents" = rate."day_cents", "week_cents" = rate."week_cents",
       "minimum_days" = rate."minimum_days"
  FROM (
    SELECT x."id",
           CASE WHEN billed."day_cents" IS NOT NULL THEN billed."day_cents"
                WHEN cr."day_cents" IS NOT NULL THEN cr."day_cents"
                ELSE t."hire_day_cents" END AS "day_cents",
           CASE WHEN billed."day_cents" IS NOT NULL THEN billed."week_cents"
                WHEN cr."day_cents" IS NOT NULL THEN cr."week_cents"
                WHEN t."hire_day_cents" IS NOT NULL THEN t."hire_week_cents" END AS "week_cents",
           CASE WHEN billed."day_cents" IS NOT NULL THEN coalesce(billed."minimum_days", 0)
                WHEN cr."day_cents" IS NOT NULL THEN coalesce(cr."minimum_days", t."minimum_hire_days")
                WHEN t."hire_day_cents" IS NOT NULL THEN t."minimum_hire_days" END AS "minimum_days"
      FROM "material_rental_items" x
      JOIN "material_rentals" r ON r."id" = x."rental_id"
      JOIN "materials" m ON m."id" = x."material_id"
      LEFT JOIN "material_types" t ON t."id" = m."material_type_id"
      LEFT JOIN "customer_rates" cr ON cr."location_id" = r."to_location_id" AND cr."material_type_id" = m."material_type_id"
      LEFT JOIN LATERAL (
        SELECT c."day_cents", c."week_cents", c."minimum_days"
          FROM "invoice_charges" c
         WHERE c."rental_item_id" = x."id" AND c."kind" = 'HIRE' AND c."day_cents" IS NOT NULL
         ORDER BY c."id" LIMIT 1
      ) billed ON true
  ) rate
 WHERE rate."id" = i."id" AND rate."day_cents" IS NOT NULL;
