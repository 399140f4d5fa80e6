-- A file may be attached to one record only, by its uploader (FilesService.claim): remember when it was.
ALTER TABLE "stored_file" ADD COLUMN "attached_at" TIMESTAMPTZ(3);

-- Files the records already show count as attached.
UPDATE "stored_file" SET "attached_at" = "created_at"
 WHERE "id" IN (
   SELECT unnest("photo_ids") FROM "order_bbs"
   UNION SELECT unnest("photo_ids") FROM "order_bbs_reply"
   UNION SELECT unnest("image_ids") FROM "question"
   UNION SELECT unnest("image_ids") FROM "question_answer"
   UNION SELECT unnest("voucher_ids") FROM "finance_record"
 );
