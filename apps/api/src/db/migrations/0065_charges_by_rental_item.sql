DROP INDEX "invoice_charges_rental_item_corrections_idx";--> statement-breakpoint
DROP INDEX "invoice_charges_rental_item_idx";--> statement-breakpoint
CREATE INDEX "invoice_charges_rental_item_idx" ON "invoice_charges" USING btree ("rental_item_id","kind","billed_through","created_at") WHERE "invoice_charges"."rental_item_id" is not null;