ALTER TABLE "invoices" ADD COLUMN "issued" jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_zero_rating" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_postcode" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_city" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_country_code" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "customer_buyer_reference" text;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "country_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "register_entry" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "iban" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "bic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_zero_rating_check" CHECK ("locations"."customer_zero_rating" in ('Z', 'AE', 'G'));--> statement-breakpoint
-- The invoices and credit notes finalized before this migration are frozen as they read now
-- (decision 053): the company profile, the site and its customer of today are the best record left.
UPDATE "invoices" i SET "issued" = jsonb_build_object(
  'seller', jsonb_build_object(
    'name', coalesce(cp.company_name, ''), 'address', coalesce(cp.address, ''),
    'postcode', coalesce(cp.postcode, ''), 'city', coalesce(cp.city, ''),
    'countryCode', coalesce(cp.country_code, ''), 'email', coalesce(cp.email, ''),
    'phone', coalesce(cp.phone, ''), 'vatId', coalesce(cp.vat_id, ''),
    'taxNumber', coalesce(cp.tax_number, ''), 'registerEntry', coalesce(cp.register_entry, ''),
    'iban', coalesce(cp.iban, ''), 'bic', coalesce(cp.bic, '')),
  'buyer', jsonb_build_object(
    'name', i.client_name, 'address', i.client_address,
    'postcode', coalesce(l.customer_postcode, ''), 'city', coalesce(l.customer_city, ''),
    'countryCode', coalesce(l.customer_country_code, ''), 'email', i.client_email,
    'vatId', i.client_vat_id, 'buyerReference', l.customer_buyer_reference),
  'site', jsonb_build_object('name', l.name, 'address', l.address),
  'vatCategory', CASE WHEN i.vat_rate_bp = 0 THEN 'Z' ELSE 'S' END,
  'createdBy', (SELECT jsonb_build_object('name', u.name, 'email', u.email)
                FROM "users" u WHERE u.id = i.created_by_id))
FROM "locations" l
LEFT JOIN "company_profile" cp ON cp.id = 1 AND cp.company_name <> ''
WHERE l.id = i.location_id AND upper(i.status) = 'FINALIZED' AND i.issued IS NULL;
