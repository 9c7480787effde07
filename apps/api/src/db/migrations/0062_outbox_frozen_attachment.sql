-- Issue 50 item 3, decision 064: a mail may carry a file frozen when it was queued (a site's on-hire
-- statement as it stood when an admin sent it), its name and bytes, besides a movement note's PDF
-- made at send time (decision 042).
ALTER TABLE "email_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment" bytea;