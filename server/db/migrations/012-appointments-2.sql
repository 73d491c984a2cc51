-- 012: working hours keep their version when a member goes back to the business's opening hours:
-- weekly NULL means "inherit" (no row at all still means the same, at version 1).
ALTER TABLE working_hours ALTER COLUMN weekly DROP NOT NULL;
