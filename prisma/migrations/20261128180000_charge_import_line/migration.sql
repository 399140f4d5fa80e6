-- Cost import (issue 31): a payable booked from a workbook carries the key of its line (a digest of the
-- file's rows, the order, type, amount, day and which of the file's identical lines it is), so importing the
-- same file again reports the line as a duplicate instead of booking it twice. The unique index is the last
-- word when two imports of one file race; a voided line no longer counts, so it may be imported again.
ALTER TABLE "order_charge" ADD COLUMN "import_line" CHAR(64);

CREATE UNIQUE INDEX "order_charge_import_line_key" ON "order_charge"("import_line") WHERE "import_line" IS NOT NULL AND "voided_at" IS NULL;
