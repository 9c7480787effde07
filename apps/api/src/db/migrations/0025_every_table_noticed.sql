-- Every table of the business's records sends the notice of migration 0024 (decision 018): the
-- answers kept by the API's read routes depend on any of them, and are read afresh once any of
-- them changes. The bookkeeping tables (sessions, sign-in attempts, the activity log,
-- notifications, the e-mail outbox, the overdue alerts sent, two-factor recovery codes, the
-- socket adapter's attachments) send none: no kept answer reads them, and they change at every
-- sign-in, page of the log or mail sent. apps/api/test/table-notices.test.ts checks both lists.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'attendance_month_counts', 'material_rental_items', 'rental_request_counts',
    'rental_request_items', 'stock_movements'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"()',
      watched || '_notice_change', watched
    );
  END LOOP;
END;
$$;
