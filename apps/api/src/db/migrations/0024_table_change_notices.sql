-- Notices of changed tables (decision 017). Each statement that writes to a table a kept result
-- reads (the dashboard, the rental stats, the job type summary, invoice Excel files, attendance
-- exports) queues a notice naming the table; PostgreSQL sends it once the transaction commits
-- (never for a rolled-back one), one per table and transaction however many statements wrote.
-- Every API process LISTENs, and reads a result afresh once a table it depends on changed. A
-- table a kept result starts to read needs its trigger in a later migration
-- (apps/api/test/table-notices.test.ts compares the two).
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
    'attendance', 'company_profile', 'invoice_items', 'invoice_job_type_totals',
    'invoice_material_usages', 'invoices', 'locations', 'material_counts_by_bucket',
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
