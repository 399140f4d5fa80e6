-- Totals of the inquiry and arrears screens filtered by one customer or salesman read these instead of the whole table.
CREATE INDEX "order_finance_customer_id_idx" ON "order_finance"("customer_id");

CREATE INDEX "order_finance_salesman_id_idx" ON "order_finance"("salesman_id");
