-- Delivery and return notes, and a return's photos (issue 32, decision 042). Numbers come from
-- one counter row per kind and year, raised in the note's own transaction: no gaps. A note's
-- e-mail names it in the outbox, and the sender makes its PDF when it sends the mail.
CREATE TABLE "movement_note_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "movement_note_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "movement_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"rental_id" integer,
	"return_id" integer,
	"site_location_id" integer NOT NULL,
	"corrects_id" integer,
	"content" jsonb NOT NULL,
	"signed_name" text,
	"signature" "bytea",
	"signed_at" timestamp with time zone,
	"signed_by_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movement_notes_kind_check" CHECK ("movement_notes"."kind" in ('DELIVERY', 'RETURN'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "movement_note_id" integer;--> statement-breakpoint
ALTER TABLE "movement_notes" ADD CONSTRAINT "movement_notes_rental_id_material_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."material_rentals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_notes" ADD CONSTRAINT "movement_notes_return_id_material_rental_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."material_rental_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_notes" ADD CONSTRAINT "movement_notes_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_notes" ADD CONSTRAINT "movement_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_material_rental_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."material_rental_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "movement_notes_number_unique" ON "movement_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "movement_notes_sequence_unique" ON "movement_notes" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE INDEX "movement_notes_rental_idx" ON "movement_notes" USING btree ("rental_id","id");--> statement-breakpoint
CREATE INDEX "movement_notes_return_idx" ON "movement_notes" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "movement_notes_corrects_idx" ON "movement_notes" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id","id");--> statement-breakpoint
-- The notes and photos are shown with the rentals: their changes reach the open screens (0024).
CREATE TRIGGER "movement_notes_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "movement_notes"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();--> statement-breakpoint
CREATE TRIGGER "return_photos_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "return_photos"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();
