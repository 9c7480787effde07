CREATE TABLE "material_rental_flows" (
	"to_location_id" integer NOT NULL,
	"month" date NOT NULL,
	"rented_out" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "material_rental_flows_to_location_id_month_pk" PRIMARY KEY("to_location_id","month")
);
--> statement-breakpoint
ALTER TABLE "material_rental_flows" ADD CONSTRAINT "material_rental_flows_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rental_flows_month_idx" ON "material_rental_flows" USING btree ("month");--> statement-breakpoint
-- Units rented out and returned in a month, to a location (decision 036).
CREATE FUNCTION "material_rental_flows_add"(l integer, m date, out_units bigint, back_units bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "material_rental_flows" AS f ("to_location_id", "month", "rented_out", "returned")
    SELECT l, m, out_units, back_units WHERE out_units <> 0 OR back_units <> 0
    ON CONFLICT ("to_location_id", "month") DO UPDATE
      SET "rented_out" = f."rented_out" + excluded."rented_out", "returned" = f."returned" + excluded."returned";
$$;
--> statement-breakpoint
-- A rental's units count in the month it was made. These triggers are named after the counters'
-- (migration 0020), so they run after them: every write takes the counters, then these rows, in
-- location order.
CREATE FUNCTION "material_rental_flows_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_flows_add"(l, m, sum(q)::bigint, 0)
    FROM (SELECT "to_location_id" AS l, "stockyard_month"("created_at") AS m, "quantity_total" AS q FROM new_rows) AS made
    GROUP BY l, m ORDER BY l, m;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_flows_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_flows_add"(l, m, -sum(q)::bigint, 0)
    FROM (SELECT "to_location_id" AS l, "stockyard_month"("created_at") AS m, "quantity_total" AS q FROM old_rows) AS made
    GROUP BY l, m ORDER BY l, m;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A rental given another destination takes its returns with it.
CREATE FUNCTION "material_rental_flows_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_flows_add"(l, m, sum(o)::bigint, sum(b)::bigint)
    FROM (
      SELECT OLD."to_location_id" AS l, "stockyard_month"(OLD."created_at") AS m, -OLD."quantity_total"::bigint AS o, 0::bigint AS b
      UNION ALL
      SELECT NEW."to_location_id", "stockyard_month"(NEW."created_at"), NEW."quantity_total", 0
      UNION ALL
      SELECT OLD."to_location_id", "stockyard_month"(h."return_date"), 0, -h."returned_quantity"
        FROM "material_rental_returns" h WHERE h."rental_id" = OLD."id" AND OLD."to_location_id" <> NEW."to_location_id"
      UNION ALL
      SELECT NEW."to_location_id", "stockyard_month"(h."return_date"), 0, h."returned_quantity"
        FROM "material_rental_returns" h WHERE h."rental_id" = NEW."id" AND OLD."to_location_id" <> NEW."to_location_id"
    ) AS moved
    GROUP BY l, m ORDER BY l, m;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_flows_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "material_rental_flows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rentals_flows_insert" AFTER INSERT ON "material_rentals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_flows_delete" AFTER DELETE ON "material_rentals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_flows_update" AFTER UPDATE OF "to_location_id", "quantity_total", "created_at" ON "material_rentals"
  FOR EACH ROW WHEN (OLD."to_location_id" IS DISTINCT FROM NEW."to_location_id"
                     OR OLD."quantity_total" IS DISTINCT FROM NEW."quantity_total"
                     OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "material_rental_flows_after_update"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_flows_truncate" AFTER TRUNCATE ON "material_rentals"
  FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_after_truncate"();
--> statement-breakpoint
-- A return's units count in the month of its date, at its rental's destination. A return is
-- written after its item's returned units (which take the counters), so these rows come last here
-- too.
CREATE FUNCTION "material_rental_flows_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "material_rental_flows_add"(l, m, 0, sum(q)::bigint)
      FROM (SELECT r."to_location_id" AS l, "stockyard_month"(n."return_date") AS m, n."returned_quantity" AS q
              FROM new_rows n JOIN "material_rentals" r ON r."id" = n."rental_id") AS back
      GROUP BY l, m ORDER BY l, m;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "material_rental_flows_add"(l, m, 0, -sum(q)::bigint)
      FROM (SELECT r."to_location_id" AS l, "stockyard_month"(o."return_date") AS m, o."returned_quantity" AS q
              FROM old_rows o JOIN "material_rentals" r ON r."id" = o."rental_id") AS back
      GROUP BY l, m ORDER BY l, m;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rental_returns_flows_insert" AFTER INSERT ON "material_rental_returns"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "material_rental_returns_flows_delete" AFTER DELETE ON "material_rental_returns"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "material_rental_returns_flows_update" AFTER UPDATE ON "material_rental_returns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_returns_changed"();
--> statement-breakpoint
CREATE FUNCTION "material_rental_flows_returns_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rental_flows" SET "returned" = 0 WHERE "returned" <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rental_returns_flows_truncate" AFTER TRUNCATE ON "material_rental_returns"
  FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_flows_returns_truncated"();
--> statement-breakpoint
-- Every month afresh from the rentals and their returns: here, and after a bulk load made with
-- triggers off (the bench).
CREATE FUNCTION "material_rental_flows_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "material_rental_flows";
  INSERT INTO "material_rental_flows" ("to_location_id", "month", "rented_out", "returned")
    SELECT l, m, sum(o), sum(b)
    FROM (
      SELECT "to_location_id" AS l, "stockyard_month"("created_at") AS m, "quantity_total"::bigint AS o, 0::bigint AS b
        FROM "material_rentals"
      UNION ALL
      SELECT r."to_location_id", "stockyard_month"(h."return_date"), 0, h."returned_quantity"
        FROM "material_rental_returns" h JOIN "material_rentals" r ON r."id" = h."rental_id"
    ) AS "moves"
    GROUP BY l, m
    HAVING sum(o) <> 0 OR sum(b) <> 0;
$$;
--> statement-breakpoint
SELECT "material_rental_flows_rebuild"();
