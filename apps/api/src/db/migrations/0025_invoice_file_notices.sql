-- Notices of changed tables (decision 017) for the tables an invoice's Excel file is made from,
-- beside those of migration 0024: its items, their material usages and the company profile.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['company_profile', 'invoice_items', 'invoice_material_usages'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"()',
      watched || '_notice_change', watched
    );
  END LOOP;
END;
$$;
