-- Read only by the dashboard's old count of the units out when the month began (migration 0039),
-- which the monthly books of migration 0043 replaced (decision 035).
DROP INDEX "material_rentals_written_off_idx";