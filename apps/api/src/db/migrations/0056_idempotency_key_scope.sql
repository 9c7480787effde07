ALTER TABLE "idempotency_keys" ADD COLUMN "scope_location_id" integer;
