-- Issue 49, decision 048: a billing run corrects what it billed before when a rental line's days or
-- rates changed after it: CORRECTION lines name the invoice they correct; each line's time, so that
-- a rental line changed after its last billed line is checked again.
ALTER TABLE "invoice_charges" DROP CONSTRAINT "invoice_charges_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "corrects_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_charges_rental_item_corrections_idx" ON "invoice_charges" USING btree ("rental_item_id","billed_through") WHERE "invoice_charges"."kind" = 'CORRECTION';--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_kind_check" CHECK ("invoice_charges"."kind" in ('HIRE', 'WRITE_OFF', 'SCRAP', 'CREDIT', 'CORRECTION'));