CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"check_in" time,
	"check_out" time,
	"status" text DEFAULT 'PRESENT' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" in ('PRESENT', 'ABSENT', 'LATE', 'HALF_DAY')),
	CONSTRAINT "attendance_times_check" CHECK ("attendance"."check_in" is null or "attendance"."check_out" is null or "attendance"."check_out" > "attendance"."check_in")
);
--> statement-breakpoint
CREATE TABLE "attendance_month_counts" (
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_month_counts_month_location_id_status_pk" PRIMARY KEY("month","location_id","status")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"position" text NOT NULL,
	"location_id" integer NOT NULL,
	"department" text NOT NULL,
	"hire_date" date NOT NULL,
	"salary" numeric(12, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"address" text NOT NULL,
	"emergency_contact" text NOT NULL,
	"emergency_phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "staff_status_check" CHECK ("staff"."status" in ('ACTIVE', 'INACTIVE', 'ON_LEAVE')),
	CONSTRAINT "staff_salary_check" CHECK ("staff"."salary" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_date_idx" ON "attendance" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "attendance_location_date_idx" ON "attendance" USING btree ("location_id","date","id");--> statement-breakpoint
CREATE INDEX "attendance_staff_date_idx" ON "attendance" USING btree ("staff_id","date","id");--> statement-breakpoint
CREATE INDEX "attendance_staff_status_idx" ON "attendance" USING btree ("staff_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_unique" ON "staff" USING btree (lower("email")) WHERE "staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staff_name_idx" ON "staff" USING btree ("name","id") WHERE "staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staff_location_idx" ON "staff" USING btree ("location_id","name","id");--> statement-breakpoint
-- Written by hand below (drizzle declares neither exclusion constraints nor triggers).
-- Trusted since PostgreSQL 13: the owner of the database may create it. It gives gist the = of integers.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Two records of one staff member whose intervals share any time are refused, whatever the location
-- and however many writes race (docs/decisions/012): both times make [check in, check out), one time
-- the instant of it, none no interval at all (NULL never conflicts).
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_no_overlap" EXCLUDE USING gist (
  "staff_id" WITH =,
  (CASE
    WHEN "check_in" IS NOT NULL AND "check_out" IS NOT NULL
      THEN tsrange("date" + "check_in", "date" + "check_out", '[)')
    WHEN coalesce("check_in", "check_out") IS NOT NULL
      THEN tsrange("date" + coalesce("check_in", "check_out"), "date" + coalesce("check_in", "check_out"), '[]')
  END) WITH &&
);--> statement-breakpoint
-- The month counts follow every write of attendance, one statement at a time, in the order of their
-- key (so that concurrent writers take their rows in the same order).
CREATE FUNCTION "attendance_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "attendance_month_counts" AS c ("month", "location_id", "status", "records")
    SELECT date_trunc('month', "date")::date, "location_id", "status", count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("month", "location_id", "status") DO UPDATE SET "records" = c."records" + excluded."records";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "attendance_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "attendance_month_counts" AS c ("month", "location_id", "status", "records")
    SELECT date_trunc('month', "date")::date, "location_id", "status", -count(*)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("month", "location_id", "status") DO UPDATE SET "records" = c."records" + excluded."records";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "attendance_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "attendance_month_counts" AS c ("month", "location_id", "status", "records")
    SELECT "month", "location_id", "status", sum("n")
    FROM (
      SELECT date_trunc('month', "date")::date AS "month", "location_id", "status", 1 AS "n" FROM new_rows
      UNION ALL
      SELECT date_trunc('month', "date")::date, "location_id", "status", -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("month", "location_id", "status") DO UPDATE SET "records" = c."records" + excluded."records";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "attendance_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attendance_month_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attendance_counts_insert" AFTER INSERT ON "attendance"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "attendance_counts_delete" AFTER DELETE ON "attendance"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "attendance_counts_update" AFTER UPDATE ON "attendance"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "attendance_counts_truncate" AFTER TRUNCATE ON "attendance"
  FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_after_truncate"();
