-- The job type summary sums the items of a month's invoices (decision 025): the totals of
-- migration 0023 and the triggers that kept them go.
DROP TRIGGER "invoice_items_totals_insert" ON "invoice_items";--> statement-breakpoint
DROP TRIGGER "invoice_items_totals_delete" ON "invoice_items";--> statement-breakpoint
DROP TRIGGER "invoice_items_totals_update" ON "invoice_items";--> statement-breakpoint
DROP TRIGGER "invoice_items_totals_truncate" ON "invoice_items";--> statement-breakpoint
DROP TRIGGER "invoices_totals_delete" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoices_totals_update" ON "invoices";--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_after_items_insert"();--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_after_items_delete"();--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_after_item_update"();--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_before_invoice_delete"();--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_after_invoice_update"();--> statement-breakpoint
DROP FUNCTION "invoice_job_type_totals_after_items_truncate"();--> statement-breakpoint
DROP TABLE "invoice_job_type_totals" CASCADE;
