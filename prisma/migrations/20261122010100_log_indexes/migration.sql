-- CreateIndex
CREATE INDEX "data_change_log_user_id_created_at_idx" ON "data_change_log"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "request_log_status_created_at_idx" ON "request_log"("status", "created_at" DESC);
