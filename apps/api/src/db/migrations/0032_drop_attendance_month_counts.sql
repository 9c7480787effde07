-- Decision 026: a month's attendance list counts its records (the location and date index) instead
-- of adding up counter rows; the cold budget is met without them. The counters go with their
-- triggers (migration 0018) and their change notice (migration 0025).
DROP TRIGGER "attendance_counts_insert" ON "attendance";
--> statement-breakpoint
DROP TRIGGER "attendance_counts_delete" ON "attendance";
--> statement-breakpoint
DROP TRIGGER "attendance_counts_update" ON "attendance";
--> statement-breakpoint
DROP TRIGGER "attendance_counts_truncate" ON "attendance";
--> statement-breakpoint
DROP FUNCTION "attendance_counts_after_insert"();
--> statement-breakpoint
DROP FUNCTION "attendance_counts_after_delete"();
--> statement-breakpoint
DROP FUNCTION "attendance_counts_after_update"();
--> statement-breakpoint
DROP FUNCTION "attendance_counts_after_truncate"();
--> statement-breakpoint
DROP TABLE "attendance_month_counts" CASCADE;
