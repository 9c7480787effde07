ALTER TABLE "invoice_charges" DROP CONSTRAINT "invoice_charges_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD COLUMN "movement_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_charges_rental_idx" ON "invoice_charges" USING btree ("rental_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_charges_scrap_unique" ON "invoice_charges" USING btree ("movement_id","return_id") WHERE "invoice_charges"."kind" = 'SCRAP';--> statement-breakpoint
CREATE INDEX "stock_movements_repair_idx" ON "stock_movements" USING btree ("material_id","id") WHERE "stock_movements"."repair_delta" <> 0;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_kind_check" CHECK ("invoice_charges"."kind" in ('HIRE', 'WRITE_OFF', 'SCRAP', 'CREDIT'));--> statement-breakpoint
-- The damaged units already in repair: each RENTAL_DAMAGED movement was written in its return's
-- transaction, so it has the return's time (now() of that transaction), material and units.
UPDATE "stock_movements" m SET "return_id" = r."id"
  FROM "material_rental_returns" r
  JOIN "material_rental_items" i ON i."id" = r."rental_item_id"
 WHERE m."reason" = 'RENTAL_DAMAGED' AND m."return_id" IS NULL AND m."material_id" = i."material_id"
   AND m."created_at" = r."return_date" AND m."repair_delta" = r."damaged_quantity";
