CREATE TABLE "material_rental_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"rental_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"material_name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_actually_returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "material_rental_items_quantity_check" CHECK ("material_rental_items"."quantity" >= 1),
	CONSTRAINT "material_rental_items_returned_check" CHECK (0 <= "material_rental_items"."quantity_actually_returned" and "material_rental_items"."quantity_actually_returned" <= "material_rental_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "material_rental_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"rental_id" integer NOT NULL,
	"rental_item_id" integer NOT NULL,
	"returned_quantity" integer NOT NULL,
	"return_date" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"returned_by_id" integer,
	CONSTRAINT "material_rental_returns_quantity_check" CHECK ("material_rental_returns"."returned_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "material_rentals" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_location_id" integer NOT NULL,
	"to_location_id" integer NOT NULL,
	"rental_date" date NOT NULL,
	"expected_return_date" date NOT NULL,
	"actual_return_date" date,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"notes" text,
	"rented_by_id" integer,
	"request_id" integer,
	"quantity_total" integer DEFAULT 0 NOT NULL,
	"returned_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_rentals_status_check" CHECK ("material_rentals"."status" in ('ACTIVE', 'RETURNED', 'DAMAGED', 'LOST')),
	CONSTRAINT "material_rentals_locations_check" CHECK ("material_rentals"."from_location_id" <> "material_rentals"."to_location_id"),
	CONSTRAINT "material_rentals_totals_check" CHECK (0 <= "material_rentals"."returned_total" and "material_rentals"."returned_total" <= "material_rentals"."quantity_total")
);
--> statement-breakpoint
CREATE TABLE "rental_alerts_sent" (
	"rental_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_alerts_sent_rental_id_day_pk" PRIMARY KEY("rental_id","day")
);
--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD CONSTRAINT "material_rental_items_rental_id_material_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."material_rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD CONSTRAINT "material_rental_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD CONSTRAINT "material_rental_returns_rental_id_material_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."material_rentals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD CONSTRAINT "material_rental_returns_rental_item_id_material_rental_items_id_fk" FOREIGN KEY ("rental_item_id") REFERENCES "public"."material_rental_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rental_returns" ADD CONSTRAINT "material_rental_returns_returned_by_id_users_id_fk" FOREIGN KEY ("returned_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_rented_by_id_users_id_fk" FOREIGN KEY ("rented_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_request_id_rental_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."rental_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_alerts_sent" ADD CONSTRAINT "rental_alerts_sent_rental_id_material_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."material_rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rental_items_rental_idx" ON "material_rental_items" USING btree ("rental_id","id");--> statement-breakpoint
CREATE INDEX "material_rental_items_material_idx" ON "material_rental_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "material_rental_items_name_search_idx" ON "material_rental_items" USING gin ("material_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "material_rental_returns_rental_idx" ON "material_rental_returns" USING btree ("rental_id","id");--> statement-breakpoint
CREATE INDEX "material_rental_returns_item_idx" ON "material_rental_returns" USING btree ("rental_item_id");--> statement-breakpoint
CREATE INDEX "material_rental_returns_returned_by_idx" ON "material_rental_returns" USING btree ("returned_by_id");--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_idx" ON "material_rentals" USING btree ("to_location_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "material_rentals_status_idx" ON "material_rentals" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_status_idx" ON "material_rentals" USING btree ("to_location_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "material_rentals_active_due_idx" ON "material_rentals" USING btree ("expected_return_date","id") WHERE "material_rentals"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "material_rentals_from_location_idx" ON "material_rentals" USING btree ("from_location_id");--> statement-breakpoint
CREATE INDEX "material_rentals_rented_by_idx" ON "material_rentals" USING btree ("rented_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_rentals_request_unique" ON "material_rentals" USING btree ("request_id");