-- Location names become unique whatever their case and surrounding spaces. A database that already
-- holds such duplicates keeps the oldest row's name and renames each later one by appending " (2)",
-- " (3)", ... (the first suffix no other location's name takes), so that nothing is lost and the
-- admin can see which to rename or merge; the rename sets updated_at.
DO $$
DECLARE
  later record;
  n integer;
  candidate text;
BEGIN
  FOR later IN
    SELECT "id", trim("name") AS "base"
    FROM (
      SELECT "id", "name",
             row_number() OVER (PARTITION BY lower(trim("name")) ORDER BY "id") AS "rank"
      FROM "locations"
    ) ranked
    WHERE "rank" > 1
    ORDER BY "id"
  LOOP
    n := 2;
    LOOP
      candidate := later."base" || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "locations" WHERE lower(trim("name")) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE "locations" SET "name" = candidate, "updated_at" = now() WHERE "id" = later."id";
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_unique" ON "locations" USING btree (lower(trim("name")));
