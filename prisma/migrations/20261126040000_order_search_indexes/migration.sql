-- The order lists' free-text filter (`key`: part of the number, mark, goods, container, waybill or bill of
-- lading, any case) and the number prefix (`orderNo`) read trigram indexes instead of every order of the
-- line (issue 15; docs/orders.md, Totals): at 1,000,000 orders a key found once went from ~1.7 s to ~35 ms,
-- a key found nowhere from ~240 ms to ~15 ms. The columns mostly empty are indexed where they are filled
-- (a match on one implies it is not null). pg_trgm ships with PostgreSQL's contrib modules (the embedded
-- server and the official image have it) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "order_search_order_no_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);
CREATE INDEX "order_search_shipping_mark_idx" ON "orders" USING gin ("shipping_mark" gin_trgm_ops);
CREATE INDEX "order_search_goods_name_idx" ON "orders" USING gin ("goods_name" gin_trgm_ops);
CREATE INDEX "order_search_container_no_idx" ON "orders" USING gin ("container_no" gin_trgm_ops) WHERE "container_no" IS NOT NULL;
CREATE INDEX "order_search_waybill_no_idx" ON "orders" USING gin ("waybill_no" gin_trgm_ops) WHERE "waybill_no" IS NOT NULL;
CREATE INDEX "order_search_bill_of_lading_no_idx" ON "orders" USING gin ("bill_of_lading_no" gin_trgm_ops) WHERE "bill_of_lading_no" IS NOT NULL;
