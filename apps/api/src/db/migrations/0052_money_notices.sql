-- The money of issue 33 reaches the open screens as every record does (0024): an invoice's lines
-- with the invoices, a site's own rates with the locations, the billing settings and work rates
-- with the company's settings. The counters of invoice numbers are written only with a finalized
-- invoice or the billing settings, whose tables send the notice.
CREATE TRIGGER "invoice_charges_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoice_charges"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();--> statement-breakpoint
CREATE TRIGGER "customer_rates_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_rates"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();--> statement-breakpoint
CREATE TRIGGER "billing_settings_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_settings"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();--> statement-breakpoint
CREATE TRIGGER "work_rates_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_rates"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();
