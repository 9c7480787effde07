CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_bp" integer DEFAULT 2000 NOT NULL,
	"payment_terms_days" integer DEFAULT 15 NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1),
	CONSTRAINT "billing_settings_vat_check" CHECK ("billing_settings"."vat_rate_bp" between 0 and 10000),
	CONSTRAINT "billing_settings_terms_check" CHECK ("billing_settings"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "customer_rates" (
	"location_id" integer NOT NULL,
	"material_type_id" integer NOT NULL,
	"day_cents" integer NOT NULL,
	"week_cents" integer,
	"minimum_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_rates_location_id_material_type_id_pk" PRIMARY KEY("location_id","material_type_id"),
	CONSTRAINT "customer_rates_check" CHECK ("customer_rates"."day_cents" >= 0 and ("customer_rates"."week_cents" is null or "customer_rates"."week_cents" >= 0) and "customer_rates"."minimum_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_counters_series_check" CHECK ("document_counters"."series" in ('INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "document_counters_next_check" CHECK ("document_counters"."next" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"unit" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"rental_id" integer,
	"rental_item_id" integer,
	"return_id" integer,
	"from_date" date,
	"to_date" date,
	"days" integer,
	"day_cents" integer,
	"week_cents" integer,
	"minimum_days" integer,
	"billed_through" date,
	"unit_cents" integer,
	"credited_item_id" integer,
	"credited_charge_id" integer,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_charges_kind_check" CHECK ("invoice_charges"."kind" in ('HIRE', 'WRITE_OFF', 'CREDIT'))
);
--> statement-breakpoint
CREATE TABLE "work_rates" (
	"job_type" text NOT NULL,
	"uom" text NOT NULL,
	"rate_cents" integer NOT NULL,
	CONSTRAINT "work_rates_job_type_uom_pk" PRIMARY KEY("job_type","uom"),
	CONSTRAINT "work_rates_job_type_check" CHECK ("work_rates"."job_type" in ('Erection', 'Dismantling', 'Rental')),
	CONSTRAINT "work_rates_uom_check" CHECK ("work_rates"."uom" in ('SQM (M2)', 'CUM (M3)', 'Running MTR', 'CUM (M3) (0-6m)', 'CUM (M3) (6-12m)', 'CUM (M3) (12-18m)', 'CUM (M3) (18-24m)', 'CUM (M3) (24-30m)')),
	CONSTRAINT "work_rates_rate_check" CHECK ("work_rates"."rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "rate_cents" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'WORK' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_vat_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gross_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_address" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_vat_id" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_zero_rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "material_types" ADD COLUMN "hire_day_cents" integer;--> statement-breakpoint
ALTER TABLE "material_types" ADD COLUMN "hire_week_cents" integer;--> statement-breakpoint
ALTER TABLE "material_types" ADD COLUMN "minimum_hire_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rates" ADD CONSTRAINT "customer_rates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rates" ADD CONSTRAINT "customer_rates_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_rental_id_material_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."material_rentals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_rental_item_id_material_rental_items_id_fk" FOREIGN KEY ("rental_item_id") REFERENCES "public"."material_rental_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_return_id_material_rental_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."material_rental_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_credited_item_id_invoice_items_id_fk" FOREIGN KEY ("credited_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_credited_charge_id_invoice_charges_id_fk" FOREIGN KEY ("credited_charge_id") REFERENCES "public"."invoice_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_charges_invoice_idx" ON "invoice_charges" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_charges_rental_item_idx" ON "invoice_charges" USING btree ("rental_item_id","billed_through") WHERE "invoice_charges"."kind" = 'HIRE';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_charges_return_unique" ON "invoice_charges" USING btree ("return_id") WHERE "invoice_charges"."kind" = 'WRITE_OFF';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_charges_credited_item_unique" ON "invoice_charges" USING btree ("credited_item_id") WHERE "invoice_charges"."credited_item_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_charges_credited_charge_unique" ON "invoice_charges" USING btree ("credited_charge_id") WHERE "invoice_charges"."credited_charge_id" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id") WHERE "invoices"."credited_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_hire_period_idx" ON "invoices" USING btree ("location_id","period_start") WHERE "invoices"."kind" = 'HIRE';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('WORK', 'HIRE', 'CREDIT'));--> statement-breakpoint
ALTER TABLE "material_types" ADD CONSTRAINT "material_types_hire_check" CHECK (("material_types"."hire_day_cents" is null or "material_types"."hire_day_cents" >= 0) and ("material_types"."hire_week_cents" is null or "material_types"."hire_week_cents" >= 0) and "material_types"."minimum_hire_days" between 0 and 365);--> statement-breakpoint
-- Invoices finalized before numbering keep no number; they were final when last changed.
UPDATE "invoices" SET "finalized_at" = "updated_at" WHERE "status" = 'FINALIZED';
