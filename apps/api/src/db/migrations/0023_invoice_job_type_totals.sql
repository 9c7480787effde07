CREATE TABLE "invoice_job_type_totals" (
	"month" date NOT NULL,
	"location_id" integer NOT NULL,
	"job_type" text NOT NULL,
	"uom" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"quantity" numeric DEFAULT 0 NOT NULL,
	"calculated" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_job_type_totals_month_location_id_job_type_uom_pk" PRIMARY KEY("month","location_id","job_type","uom")
);
--> statement-breakpoint
DROP INDEX "invoice_items_invoice_idx";--> statement-breakpoint
ALTER TABLE "invoice_job_type_totals" ADD CONSTRAINT "invoice_job_type_totals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
-- The job type totals (decision 016): each write of items adds or takes away its rows' sums under
-- the month and location of their invoice, in key order so that concurrent writers lock the
-- total rows in the same order. An invoice's deletion takes its items away before they cascade
-- (the cascaded delete then finds no invoice to join); a change of its issue month or location
-- moves its items' sums.
CREATE FUNCTION "invoice_job_type_totals_after_items_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_job_type_totals" AS t ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
    SELECT date_trunc('month', v."issue_date")::date, v."location_id", n."job_type", n."uom",
           count(*), sum(n."quantity"), sum(n."item_total_calculated_quantity")
    FROM new_rows n JOIN "invoices" v ON v."id" = n."invoice_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("month", "location_id", "job_type", "uom") DO UPDATE SET
      "items" = t."items" + excluded."items",
      "quantity" = t."quantity" + excluded."quantity",
      "calculated" = t."calculated" + excluded."calculated";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_job_type_totals_after_items_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_job_type_totals" AS t ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
    SELECT date_trunc('month', v."issue_date")::date, v."location_id", o."job_type", o."uom",
           -count(*), -sum(o."quantity"), -sum(o."item_total_calculated_quantity")
    FROM old_rows o JOIN "invoices" v ON v."id" = o."invoice_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("month", "location_id", "job_type", "uom") DO UPDATE SET
      "items" = t."items" + excluded."items",
      "quantity" = t."quantity" + excluded."quantity",
      "calculated" = t."calculated" + excluded."calculated";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_job_type_totals_after_item_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_job_type_totals" AS t ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
    SELECT date_trunc('month', v."issue_date")::date, v."location_id", c."job_type", c."uom",
           sum(c."n"), sum(c."quantity"), sum(c."calculated")
    FROM (VALUES
      (OLD."invoice_id", OLD."job_type", OLD."uom", -1, -OLD."quantity", -OLD."item_total_calculated_quantity"),
      (NEW."invoice_id", NEW."job_type", NEW."uom", 1, NEW."quantity", NEW."item_total_calculated_quantity")
    ) c("invoice_id", "job_type", "uom", "n", "quantity", "calculated")
    JOIN "invoices" v ON v."id" = c."invoice_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("month", "location_id", "job_type", "uom") DO UPDATE SET
      "items" = t."items" + excluded."items",
      "quantity" = t."quantity" + excluded."quantity",
      "calculated" = t."calculated" + excluded."calculated";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_job_type_totals_before_invoice_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_job_type_totals" AS t ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
    SELECT date_trunc('month', OLD."issue_date")::date, OLD."location_id", i."job_type", i."uom",
           -count(*), -sum(i."quantity"), -sum(i."item_total_calculated_quantity")
    FROM "invoice_items" i WHERE i."invoice_id" = OLD."id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("month", "location_id", "job_type", "uom") DO UPDATE SET
      "items" = t."items" + excluded."items",
      "quantity" = t."quantity" + excluded."quantity",
      "calculated" = t."calculated" + excluded."calculated";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_job_type_totals_after_invoice_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_job_type_totals" AS t ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
    SELECT k."month", k."location_id", i."job_type", i."uom",
           k."sign" * count(*), k."sign" * sum(i."quantity"), k."sign" * sum(i."item_total_calculated_quantity")
    FROM (VALUES
      (date_trunc('month', OLD."issue_date")::date, OLD."location_id", -1),
      (date_trunc('month', NEW."issue_date")::date, NEW."location_id", 1)
    ) k("month", "location_id", "sign")
    CROSS JOIN "invoice_items" i WHERE i."invoice_id" = NEW."id"
    GROUP BY k."month", k."location_id", k."sign", i."job_type", i."uom"
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("month", "location_id", "job_type", "uom") DO UPDATE SET
      "items" = t."items" + excluded."items",
      "quantity" = t."quantity" + excluded."quantity",
      "calculated" = t."calculated" + excluded."calculated";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "invoice_job_type_totals_after_items_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_job_type_totals";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_insert" AFTER INSERT ON "invoice_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_job_type_totals_after_items_insert"();
--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_delete" AFTER DELETE ON "invoice_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_job_type_totals_after_items_delete"();
--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_update" AFTER UPDATE OF "invoice_id", "job_type", "uom", "quantity", "item_total_calculated_quantity" ON "invoice_items"
  FOR EACH ROW EXECUTE FUNCTION "invoice_job_type_totals_after_item_update"();
--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_truncate" AFTER TRUNCATE ON "invoice_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_job_type_totals_after_items_truncate"();
--> statement-breakpoint
CREATE TRIGGER "invoices_totals_delete" BEFORE DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoice_job_type_totals_before_invoice_delete"();
--> statement-breakpoint
CREATE TRIGGER "invoices_totals_update" AFTER UPDATE OF "issue_date", "location_id" ON "invoices"
  FOR EACH ROW
  WHEN (date_trunc('month', OLD."issue_date") IS DISTINCT FROM date_trunc('month', NEW."issue_date")
        OR OLD."location_id" IS DISTINCT FROM NEW."location_id")
  EXECUTE FUNCTION "invoice_job_type_totals_after_invoice_update"();
--> statement-breakpoint
INSERT INTO "invoice_job_type_totals" ("month", "location_id", "job_type", "uom", "items", "quantity", "calculated")
  SELECT date_trunc('month', v."issue_date")::date, v."location_id", i."job_type", i."uom",
         count(*), sum(i."quantity"), sum(i."item_total_calculated_quantity")
  FROM "invoice_items" i JOIN "invoices" v ON v."id" = i."invoice_id"
  GROUP BY 1, 2, 3, 4;
