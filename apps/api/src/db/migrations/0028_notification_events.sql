CREATE TABLE "notification_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"location_id" integer,
	"other_location_id" integer,
	"recipient_ids" integer[],
	"actor_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
