CREATE TABLE "rental_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer,
	"name" text NOT NULL,
	"description" text,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "rental_request_items_quantity_check" CHECK ("rental_request_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rental_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_date" date NOT NULL,
	"return_date" date,
	"notes" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"approved_by_id" integer,
	"decided_at" timestamp with time zone,
	"decision_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_requests_status_check" CHECK ("rental_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "rental_requests_decision_check" CHECK (("rental_requests"."status" = 'PENDING') = ("rental_requests"."approved_by_id" is null and "rental_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "rental_request_items" ADD CONSTRAINT "rental_request_items_request_id_rental_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."rental_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_request_items" ADD CONSTRAINT "rental_request_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_request_items_request_idx" ON "rental_request_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "rental_request_items_material_idx" ON "rental_request_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "rental_requests_status_idx" ON "rental_requests" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rental_requests_location_idx" ON "rental_requests" USING btree ("location_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rental_requests_location_status_idx" ON "rental_requests" USING btree ("location_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rental_requests_requested_by_idx" ON "rental_requests" USING btree ("requested_by_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rental_requests_approved_by_idx" ON "rental_requests" USING btree ("approved_by_id");