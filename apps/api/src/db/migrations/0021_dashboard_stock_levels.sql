CREATE TABLE "stock_levels" (
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"units" numeric(16, 2) NOT NULL,
	CONSTRAINT "stock_levels_location_id_month_pk" PRIMARY KEY("location_id","month")
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rental_returns_date_idx" ON "material_rental_returns" USING btree ("return_date");--> statement-breakpoint
CREATE INDEX "material_rentals_created_idx" ON "material_rentals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rental_requests_created_idx" ON "rental_requests" USING btree ("created_at");--> statement-breakpoint
-- The stock levels of the history so far (decision 015): each location's units at the end of each
-- month with movements, summed from the ledger of its live materials, months on the database's
-- calendar. From here on changeStock keeps them in the same transaction as each movement.
INSERT INTO "stock_levels" ("location_id", "month", "units")
  SELECT "location_id", "month", sum("net") OVER (PARTITION BY "location_id" ORDER BY "month")
  FROM (
    SELECT m."location_id", date_trunc('month', s."created_at")::date AS "month", sum(s."delta") AS "net"
    FROM "stock_movements" s JOIN "materials" m ON m."id" = s."material_id"
    WHERE m."deleted_at" IS NULL
    GROUP BY 1, 2
  ) AS "monthly";
