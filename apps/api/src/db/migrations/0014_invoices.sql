CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"location" text,
	"item_date" date,
	"job_description" text,
	"job_type" text NOT NULL,
	"uom" text NOT NULL,
	"quantity" numeric DEFAULT 0 NOT NULL,
	"length" numeric DEFAULT 0 NOT NULL,
	"width" numeric DEFAULT 0 NOT NULL,
	"height" numeric DEFAULT 0 NOT NULL,
	"remark" text,
	"item_total_calculated_quantity" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_items_job_type_check" CHECK ("invoice_items"."job_type" in ('Erection', 'Dismantling', 'Rental')),
	CONSTRAINT "invoice_items_uom_check" CHECK ("invoice_items"."uom" in ('SQM (M2)', 'CUM (M3)', 'Running MTR', 'CUM (M3) (0-6m)', 'CUM (M3) (6-12m)', 'CUM (M3) (12-18m)', 'CUM (M3) (18-24m)', 'CUM (M3) (24-30m)'))
);
--> statement-breakpoint
CREATE TABLE "invoice_material_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer NOT NULL,
	"usage_type" text NOT NULL,
	"quantity" numeric DEFAULT 0 NOT NULL,
	"length" numeric DEFAULT 0 NOT NULL,
	"width" numeric DEFAULT 0 NOT NULL,
	"height" numeric DEFAULT 0 NOT NULL,
	"notes" text,
	CONSTRAINT "invoice_material_usages_usage_type_check" CHECK ("invoice_material_usages"."usage_type" in ('QTY', 'SIZE'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"created_by_id" integer,
	"client_name" text NOT NULL,
	"client_address" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"department" text,
	"job_period" text,
	"job_details" text,
	"signature" text,
	"notes" text,
	"invoice_remark" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"grand_total_calculated_volume_qty" numeric DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('DRAFT', 'FINALIZED'))
);
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_material_usages" ADD CONSTRAINT "invoice_material_usages_item_id_invoice_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."invoice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_material_usages" ADD CONSTRAINT "invoice_material_usages_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_material_usages_item_idx" ON "invoice_material_usages" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "invoice_material_usages_material_idx" ON "invoice_material_usages" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_id_unique" ON "invoices" USING btree (lower("invoice_id"));--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_location_issue_date_idx" ON "invoices" USING btree ("location_id","issue_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (("invoice_id" || chr(31) || "client_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_created_by_idx" ON "invoices" USING btree ("created_by_id");