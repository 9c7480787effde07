ALTER TABLE "material_rental_items" DROP CONSTRAINT "material_rental_items_returned_check";--> statement-breakpoint
ALTER TABLE "material_rental_returns" DROP CONSTRAINT "material_rental_returns_quantity_check";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP CONSTRAINT "material_rentals_totals_check";--> statement-breakpoint
DROP INDEX "material_rentals_active_by_destination_idx";--> statement-breakpoint
ALTER TABLE "material_rental_counts" ADD COLUMN "units_damaged" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_counts" ADD COLUMN "units_lost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD COLUMN "quantity_damaged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD COLUMN "quantity_lost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD COLUMN "damaged_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD COLUMN "lost_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD COLUMN "damaged_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD COLUMN "lost_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "repair_quantity" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "repair_delta" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "material_rentals_active_by_destination_idx" ON "material_rentals" USING btree ("to_location_id","expected_return_date","quantity_total","returned_total","damaged_total","lost_total") WHERE "material_rentals"."status" = 'ACTIVE';--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD CONSTRAINT "material_rental_items_returned_check" CHECK (0 <= "material_rental_items"."quantity_actually_returned" and 0 <= "material_rental_items"."quantity_damaged" and 0 <= "material_rental_items"."quantity_lost" and "material_rental_items"."quantity_actually_returned" + "material_rental_items"."quantity_damaged" + "material_rental_items"."quantity_lost" <= "material_rental_items"."quantity");--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD CONSTRAINT "material_rental_returns_quantity_check" CHECK ("material_rental_returns"."returned_quantity" >= 0 and "material_rental_returns"."damaged_quantity" >= 0 and "material_rental_returns"."lost_quantity" >= 0 and "material_rental_returns"."returned_quantity" + "material_rental_returns"."damaged_quantity" + "material_rental_returns"."lost_quantity" >= 1);--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_totals_check" CHECK (0 <= "material_rentals"."returned_total" and 0 <= "material_rentals"."damaged_total" and 0 <= "material_rentals"."lost_total" and "material_rentals"."returned_total" + "material_rentals"."damaged_total" + "material_rentals"."lost_total" <= "material_rentals"."quantity_total");--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_repair_quantity_check" CHECK ("materials"."repair_quantity" >= 0);--> statement-breakpoint
-- Condition per line (decision 043). A return says how many units of a line came back good,
-- damaged and lost; the line and its rental keep the three running totals, and what is still out
-- is quantity - good - damaged - lost. The rental's totals stay the items' sums, kept by the items'
-- triggers alone (migration 0030), now with the damaged and lost units too.
CREATE OR REPLACE FUNCTION "material_rental_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" + d.q, "returned_total" = r."returned_total" + d.b,
         "damaged_total" = r."damaged_total" + d.dm, "lost_total" = r."lost_total" + d.ls
  FROM (SELECT "rental_id" AS id, sum("quantity")::integer AS q, sum("quantity_actually_returned")::integer AS b,
               sum("quantity_damaged")::integer AS dm, sum("quantity_lost")::integer AS ls
        FROM new_rows GROUP BY 1) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" - d.q, "returned_total" = r."returned_total" - d.b,
         "damaged_total" = r."damaged_total" - d.dm, "lost_total" = r."lost_total" - d.ls
  FROM (SELECT "rental_id" AS id, sum("quantity")::integer AS q, sum("quantity_actually_returned")::integer AS b,
               sum("quantity_damaged")::integer AS dm, sum("quantity_lost")::integer AS ls
        FROM old_rows GROUP BY 1) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" + d.q, "returned_total" = r."returned_total" + d.b,
         "damaged_total" = r."damaged_total" + d.dm, "lost_total" = r."lost_total" + d.ls
  FROM (SELECT id, sum(q)::integer AS q, sum(b)::integer AS b, sum(dm)::integer AS dm, sum(ls)::integer AS ls
        FROM (SELECT "rental_id" AS id, "quantity" AS q, "quantity_actually_returned" AS b,
                     "quantity_damaged" AS dm, "quantity_lost" AS ls FROM new_rows
              UNION ALL
              SELECT "rental_id", -"quantity", -"quantity_actually_returned", -"quantity_damaged", -"quantity_lost"
                FROM old_rows) c
        GROUP BY id HAVING sum(q) <> 0 OR sum(b) <> 0 OR sum(dm) <> 0 OR sum(ls) <> 0) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters (migrations 0020 and 0043) count the damaged and lost units too, and the units out
-- on ACTIVE rentals are those neither back good, nor damaged, nor lost.
CREATE FUNCTION "material_rental_counts_add"(l integer, s text, n integer, rented bigint, back bigint, damaged bigint, lost bigint)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "material_rental_counts" AS c ("to_location_id", "status", "rentals", "units_rented", "units_returned", "units_damaged", "units_lost")
    VALUES (l, s, n, rented, back, damaged, lost)
    ON CONFLICT ("to_location_id", "status") DO UPDATE SET
      "rentals" = c."rentals" + excluded."rentals",
      "units_rented" = c."units_rented" + excluded."units_rented",
      "units_returned" = c."units_returned" + excluded."units_returned",
      "units_damaged" = c."units_damaged" + excluded."units_damaged",
      "units_lost" = c."units_lost" + excluded."units_lost";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", count(*)::integer, sum("quantity_total"), sum("returned_total"),
                                       sum("damaged_total"), sum("lost_total"))
    FROM new_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  PERFORM "material_rental_out_add"("to_location_id", sum("quantity_total" - "returned_total" - "damaged_total" - "lost_total")::bigint)
    FROM new_rows WHERE "status" = 'ACTIVE' GROUP BY "to_location_id" ORDER BY "to_location_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", -count(*)::integer, -sum("quantity_total"), -sum("returned_total"),
                                       -sum("damaged_total"), -sum("lost_total"))
    FROM old_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  PERFORM "material_rental_out_add"("to_location_id", -sum("quantity_total" - "returned_total" - "damaged_total" - "lost_total")::bigint)
    FROM old_rows WHERE "status" = 'ACTIVE' GROUP BY "to_location_id" ORDER BY "to_location_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"(l, s, sum(n)::integer, sum(rented)::bigint, sum(back)::bigint, sum(damaged)::bigint, sum(lost)::bigint)
    FROM (VALUES
      (OLD."to_location_id", OLD."status", -1, -OLD."quantity_total"::bigint, -OLD."returned_total"::bigint,
       -OLD."damaged_total"::bigint, -OLD."lost_total"::bigint),
      (NEW."to_location_id", NEW."status", 1, NEW."quantity_total"::bigint, NEW."returned_total"::bigint,
       NEW."damaged_total"::bigint, NEW."lost_total"::bigint)
    ) v(l, s, n, rented, back, damaged, lost)
    GROUP BY l, s ORDER BY l, s;
  PERFORM "material_rental_out_add"(l, sum(units)::bigint)
    FROM (VALUES
      (OLD."to_location_id", CASE WHEN OLD."status" = 'ACTIVE'
        THEN -(OLD."quantity_total" - OLD."returned_total" - OLD."damaged_total" - OLD."lost_total") ELSE 0 END),
      (NEW."to_location_id", CASE WHEN NEW."status" = 'ACTIVE'
        THEN NEW."quantity_total" - NEW."returned_total" - NEW."damaged_total" - NEW."lost_total" ELSE 0 END)
    ) v(l, units)
    GROUP BY l ORDER BY l;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION "material_rental_counts_add"(integer, text, integer, bigint, bigint);
--> statement-breakpoint
DROP TRIGGER "material_rentals_counts_update" ON "material_rentals";
--> statement-breakpoint
CREATE TRIGGER "material_rentals_counts_update"
  AFTER UPDATE OF "to_location_id", "status", "quantity_total", "returned_total", "damaged_total", "lost_total" ON "material_rentals"
  FOR EACH ROW
  WHEN (OLD."to_location_id" IS DISTINCT FROM NEW."to_location_id" OR OLD."status" IS DISTINCT FROM NEW."status"
        OR OLD."quantity_total" IS DISTINCT FROM NEW."quantity_total" OR OLD."returned_total" IS DISTINCT FROM NEW."returned_total"
        OR OLD."damaged_total" IS DISTINCT FROM NEW."damaged_total" OR OLD."lost_total" IS DISTINCT FROM NEW."lost_total")
  EXECUTE FUNCTION "material_rental_counts_after_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "material_rental_counts";
  INSERT INTO "material_rental_counts" ("to_location_id", "status", "rentals", "units_rented", "units_returned", "units_damaged", "units_lost")
    SELECT "to_location_id", "status", count(*), sum("quantity_total"), sum("returned_total"), sum("damaged_total"), sum("lost_total")
    FROM "material_rentals" GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- A return takes its good, damaged and lost units off the count in the month of its date; a
-- RETURNED rental took out, in its month, all that came off it. (The whole-rental LOST and DAMAGED
-- statuses are no more: below, they become lines' returns.)
CREATE OR REPLACE FUNCTION "material_rental_out_changes_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "material_rental_out_changes";
  INSERT INTO "material_rental_out_changes" ("to_location_id", "month", "units")
    SELECT "to_location_id", "month", sum("units")
    FROM (
      SELECT r."to_location_id", "stockyard_month"(r."created_at") AS "month",
             (CASE WHEN r."status" = 'RETURNED' THEN r."returned_total" + r."damaged_total" + r."lost_total"
                   ELSE r."quantity_total" END)::bigint AS "units"
        FROM "material_rentals" r
      UNION ALL
      SELECT r."to_location_id", "stockyard_month"(h."return_date"),
             -(h."returned_quantity" + h."damaged_quantity" + h."lost_quantity")::bigint
        FROM "material_rental_returns" h JOIN "material_rentals" r ON r."id" = h."rental_id"
      UNION ALL
      SELECT r."to_location_id", "stockyard_month"(r."updated_at"),
             -(r."quantity_total" - r."returned_total" - r."damaged_total" - r."lost_total")::bigint
        FROM "material_rentals" r WHERE r."status" IN ('LOST', 'DAMAGED')
    ) AS "moves"
    GROUP BY "to_location_id", "month"
    HAVING sum("units") <> 0;
$$;
--> statement-breakpoint
-- The rentals written off whole become returns of their lines: what a LOST rental had not brought
-- back is lost on each line, what a DAMAGED one had not is damaged (and, as it was written off the
-- ledger when marked, scrapped: it enters no repair stock and moves no stock now). Each such line
-- gets one return of those units, dated when the rental was marked (its last change) and named so
-- in its notes; the rental is RETURNED, on that day unless it has a return date already.
CREATE TEMPORARY TABLE "written_off_lines" ON COMMIT DROP AS
  SELECT i."id" AS item_id, r."id" AS rental_id, r."status", r."updated_at",
         i."quantity" - i."quantity_actually_returned" - i."quantity_damaged" - i."quantity_lost" AS units
  FROM "material_rentals" r JOIN "material_rental_items" i ON i."rental_id" = r."id"
  WHERE r."status" IN ('LOST', 'DAMAGED')
    AND i."quantity" - i."quantity_actually_returned" - i."quantity_damaged" - i."quantity_lost" > 0;
--> statement-breakpoint
UPDATE "material_rental_items" i SET
    "quantity_lost" = i."quantity_lost" + CASE WHEN w."status" = 'LOST' THEN w.units ELSE 0 END,
    "quantity_damaged" = i."quantity_damaged" + CASE WHEN w."status" = 'DAMAGED' THEN w.units ELSE 0 END
  FROM "written_off_lines" w WHERE i."id" = w.item_id;
--> statement-breakpoint
INSERT INTO "material_rental_returns" ("rental_id", "rental_item_id", "returned_quantity", "damaged_quantity", "lost_quantity", "return_date", "notes")
  SELECT w.rental_id, w.item_id, 0,
         CASE WHEN w."status" = 'DAMAGED' THEN w.units ELSE 0 END,
         CASE WHEN w."status" = 'LOST' THEN w.units ELSE 0 END,
         w."updated_at",
         CASE WHEN w."status" = 'LOST' THEN 'Written off as lost (the rental was marked LOST)'
              ELSE 'Written off as damaged and scrapped (the rental was marked DAMAGED)' END
  FROM "written_off_lines" w ORDER BY w.rental_id, w.item_id;
--> statement-breakpoint
UPDATE "material_rentals" SET "status" = 'RETURNED',
    "actual_return_date" = coalesce("actual_return_date",
      ("updated_at" AT TIME ZONE coalesce(nullif(current_setting('stockyard.time_zone', true), ''), current_setting('TimeZone')))::date)
  WHERE "status" IN ('LOST', 'DAMAGED');
--> statement-breakpoint
SELECT "material_rental_counts_rebuild"();
--> statement-breakpoint
SELECT "material_rental_out_changes_rebuild"();
