-- One counter for every numbered document (decision 044): the delivery and return notes' numbers
-- (0049) move to document_counters, which keeps the next number where movement_note_counters kept
-- the last one given.
ALTER TABLE "document_counters" DROP CONSTRAINT "document_counters_series_check";--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_series_check" CHECK ("document_counters"."series" in ('INVOICE', 'CREDIT_NOTE', 'DELIVERY_NOTE', 'RETURN_NOTE'));--> statement-breakpoint
INSERT INTO "document_counters" ("series", "year", "next")
SELECT CASE "kind" WHEN 'DELIVERY' THEN 'DELIVERY_NOTE' ELSE 'RETURN_NOTE' END, "year", "last" + 1
  FROM "movement_note_counters";--> statement-breakpoint
DROP TABLE "movement_note_counters";
