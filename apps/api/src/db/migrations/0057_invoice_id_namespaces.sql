DROP INDEX "invoices_invoice_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_system_id_unique" ON "invoices" USING btree (lower("invoice_id")) WHERE "invoices"."kind" <> 'WORK';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_id_unique" ON "invoices" USING btree (lower("invoice_id")) WHERE "invoices"."kind" = 'WORK';