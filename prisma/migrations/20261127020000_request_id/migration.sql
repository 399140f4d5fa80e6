-- Request ids (issue 18): the X-Request-Id of each request, kept with its request log and exception log
-- rows so that the id a user quotes finds them (an index each: the log screens filter by it).
ALTER TABLE "request_log" ADD COLUMN "request_id" VARCHAR(64);
ALTER TABLE "error_log" ADD COLUMN "request_id" VARCHAR(64);

CREATE INDEX "request_log_request_id_idx" ON "request_log"("request_id");
CREATE INDEX "error_log_request_id_idx" ON "error_log"("request_id");
