-- CreateTable
CREATE TABLE "order_document" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "shipper" VARCHAR(500) NOT NULL,
    "consignee" VARCHAR(500) NOT NULL,
    "notify_party" VARCHAR(500),
    "place_from" VARCHAR(200) NOT NULL,
    "place_to" VARCHAR(200) NOT NULL,
    "vessel_voyage" VARCHAR(100),
    "goods_description" VARCHAR(2000) NOT NULL,
    "marks" VARCHAR(1000),
    "freight_term" VARCHAR(10) NOT NULL,
    "issued_at" TIMESTAMPTZ(3),
    "number_of_originals" INTEGER,
    "remark" VARCHAR(1000),
    "created_by" INTEGER NOT NULL,
    "updated_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "label_template" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(20) NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "content" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "uploaded_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "label_template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_document_order_id_kind_key" ON "order_document"("order_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "label_template_name_key" ON "label_template"("name");

-- AddForeignKey
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
