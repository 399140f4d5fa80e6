-- CreateIndex
CREATE INDEX "customer_reviewed_at_idx" ON "customer"("reviewed_at");

-- CreateIndex
CREATE INDEX "customer_public_since_idx" ON "customer"("public_since" DESC);

-- CreateIndex
CREATE INDEX "customer_source_idx" ON "customer"("source");

-- CreateIndex
CREATE INDEX "customer_level_idx" ON "customer"("level");

-- CreateIndex
CREATE INDEX "customer_bind_code_expires_at_idx" ON "customer_bind_code"("expires_at");

-- CreateIndex
CREATE INDEX "question_author_id_idx" ON "question"("author_id");

-- Case-insensitive duplicate check of company names (not expressible in the Prisma schema)
CREATE INDEX "customer_company_name_lower_idx" ON "customer" (lower("company_name"));
