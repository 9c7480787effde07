-- Notices of changed tables (decision 017). Each statement that writes to a table the kept figures
-- read (the dashboard, the rental stats, the job type summary) queues a notice naming the table;
-- PostgreSQL sends it once the transaction commits (never for a rolled-back one), one per table and
-- transaction however many statements wrote. Every API process LISTENs, and reads a figure afresh
-- once a table it depends on changed. A table added to a kept figure is added here as well
-- (apps/api/src/lib/table-changes.test.ts compares the two).
CREATE FUNCTION "notice_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stockyard_table_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'attendance', 'invoice_job_type_totals', 'invoices', 'locations', 'material_counts_by_bucket',
    'material_rental_counts', 'material_rental_returns', 'material_rentals', 'materials',
    'rental_requests', 'staff', 'stock_levels', 'users'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"()',
      watched || '_notice_change', watched
    );
  END LOOP;
END;
$$;
