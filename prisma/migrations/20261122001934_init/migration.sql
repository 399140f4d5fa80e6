-- CreateTable
CREATE TABLE "org" (
    "id" SERIAL NOT NULL,
    "parent_id" INTEGER,
    "name" VARCHAR(100) NOT NULL,
    "name_en" VARCHAR(100),
    "type" VARCHAR(20) NOT NULL DEFAULT 'department',
    "sort" INTEGER NOT NULL DEFAULT 0,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "org_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" SERIAL NOT NULL,
    "account" VARCHAR(50) NOT NULL,
    "password_hash" VARCHAR(100) NOT NULL,
    "job_no" VARCHAR(30),
    "full_name" VARCHAR(50) NOT NULL,
    "email" VARCHAR(100),
    "phone" VARCHAR(30),
    "contact_us" VARCHAR(200),
    "peer_label" VARCHAR(30),
    "direct_label" VARCHAR(30),
    "duty" VARCHAR(50),
    "org_id" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "is_super_admin" BOOLEAN NOT NULL DEFAULT false,
    "wechat_open_id" VARCHAR(100),
    "password_changed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(50) NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "name_en" VARCHAR(50),
    "remark" VARCHAR(200),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_role" (
    "user_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,

    CONSTRAINT "user_role_pkey" PRIMARY KEY ("user_id","role_id")
);

-- CreateTable
CREATE TABLE "menu" (
    "id" SERIAL NOT NULL,
    "parent_id" INTEGER,
    "type" VARCHAR(20) NOT NULL DEFAULT 'menu',
    "path" VARCHAR(200) NOT NULL DEFAULT '',
    "name" VARCHAR(100),
    "component" VARCHAR(200),
    "redirect" VARCHAR(200),
    "title" VARCHAR(100) NOT NULL,
    "title_en" VARCHAR(100),
    "icon" VARCHAR(60),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "level_hidden" BOOLEAN NOT NULL DEFAULT false,
    "breadcrumb_hidden" BOOLEAN NOT NULL DEFAULT false,
    "no_closable" BOOLEAN NOT NULL DEFAULT false,
    "no_keep_alive" BOOLEAN NOT NULL DEFAULT false,
    "badge" VARCHAR(20),
    "dot" BOOLEAN NOT NULL DEFAULT false,
    "target" VARCHAR(20),
    "active_menu" VARCHAR(200),
    "permission" VARCHAR(100),
    "role_guard" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "menu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role_menu" (
    "role_id" INTEGER NOT NULL,
    "menu_id" INTEGER NOT NULL,

    CONSTRAINT "role_menu_pkey" PRIMARY KEY ("role_id","menu_id")
);

-- CreateTable
CREATE TABLE "permission" (
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "name_en" VARCHAR(100) NOT NULL,
    "area" VARCHAR(50) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "permission_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "role_permission" (
    "role_id" INTEGER NOT NULL,
    "permission_code" VARCHAR(100) NOT NULL,

    CONSTRAINT "role_permission_pkey" PRIMARY KEY ("role_id","permission_code")
);

-- CreateTable
CREATE TABLE "dict_type" (
    "id" SERIAL NOT NULL,
    "dict_code" VARCHAR(50) NOT NULL,
    "dict_name" VARCHAR(100) NOT NULL,
    "dict_name_en" VARCHAR(100),
    "classify" VARCHAR(50),
    "remark" VARCHAR(200),
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dict_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dict_item" (
    "id" SERIAL NOT NULL,
    "dict_code" VARCHAR(50) NOT NULL,
    "dict_name" VARCHAR(100) NOT NULL,
    "dict_name_en" VARCHAR(100),
    "value" VARCHAR(225) NOT NULL,
    "classify" VARCHAR(50),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "style" VARCHAR(30),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dict_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ship_type" (
    "id" INTEGER NOT NULL,
    "value" VARCHAR(30) NOT NULL,
    "text" VARCHAR(50) NOT NULL,
    "text_en" VARCHAR(50) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ship_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_session" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "refresh_jti" UUID NOT NULL,
    "refresh_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" VARCHAR(30),

    CONSTRAINT "auth_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failure" (
    "account" VARCHAR(50) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_failure_pkey" PRIMARY KEY ("account")
);

-- CreateTable
CREATE TABLE "server_key" (
    "name" VARCHAR(50) NOT NULL,
    "public_value" TEXT,
    "secret_value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_key_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "system_setting" (
    "key" VARCHAR(100) NOT NULL,
    "value" JSONB NOT NULL,
    "value_type" VARCHAR(20) NOT NULL,
    "group_name" VARCHAR(50) NOT NULL DEFAULT 'general',
    "label" VARCHAR(100) NOT NULL,
    "label_en" VARCHAR(100),
    "ver" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" INTEGER,

    CONSTRAINT "system_setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "request_log" (
    "id" BIGSERIAL NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "path" VARCHAR(500) NOT NULL,
    "user_id" INTEGER,
    "ip" VARCHAR(64),
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "params" JSONB,
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "error_log" (
    "id" BIGSERIAL NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "method" VARCHAR(10),
    "route" VARCHAR(500),
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "error_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "data_change_log" (
    "id" BIGSERIAL NOT NULL,
    "table_name" VARCHAR(100) NOT NULL,
    "operation" VARCHAR(20) NOT NULL,
    "record_id" VARCHAR(100),
    "user_id" INTEGER,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "data_change_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_file" (
    "id" SERIAL NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "file_path" VARCHAR(500) NOT NULL,
    "mime_type" VARCHAR(100) NOT NULL,
    "size" INTEGER NOT NULL,
    "uploader_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_file_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "org_parent_id_idx" ON "org"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_account_key" ON "app_user"("account");

-- CreateIndex
CREATE INDEX "app_user_org_id_idx" ON "app_user"("org_id");

-- CreateIndex
CREATE INDEX "app_user_full_name_idx" ON "app_user"("full_name");

-- CreateIndex
CREATE UNIQUE INDEX "role_code_key" ON "role"("code");

-- CreateIndex
CREATE INDEX "user_role_role_id_idx" ON "user_role"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "menu_name_key" ON "menu"("name");

-- CreateIndex
CREATE INDEX "menu_parent_id_sort_idx" ON "menu"("parent_id", "sort");

-- CreateIndex
CREATE INDEX "role_menu_menu_id_idx" ON "role_menu"("menu_id");

-- CreateIndex
CREATE INDEX "role_permission_permission_code_idx" ON "role_permission"("permission_code");

-- CreateIndex
CREATE UNIQUE INDEX "dict_type_dict_code_key" ON "dict_type"("dict_code");

-- CreateIndex
CREATE INDEX "dict_item_classify_idx" ON "dict_item"("classify");

-- CreateIndex
CREATE UNIQUE INDEX "dict_item_dict_code_value_key" ON "dict_item"("dict_code", "value");

-- CreateIndex
CREATE UNIQUE INDEX "ship_type_value_key" ON "ship_type"("value");

-- CreateIndex
CREATE INDEX "auth_session_user_id_ended_at_idx" ON "auth_session"("user_id", "ended_at");

-- CreateIndex
CREATE INDEX "request_log_created_at_idx" ON "request_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "request_log_user_id_created_at_idx" ON "request_log"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "error_log_created_at_idx" ON "error_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "data_change_log_created_at_idx" ON "data_change_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "data_change_log_table_name_record_id_idx" ON "data_change_log"("table_name", "record_id");

-- CreateIndex
CREATE UNIQUE INDEX "stored_file_file_path_key" ON "stored_file"("file_path");

-- CreateIndex
CREATE INDEX "stored_file_created_at_idx" ON "stored_file"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "org" ADD CONSTRAINT "org_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "org"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "org"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "menu" ADD CONSTRAINT "menu_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "menu"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_menu" ADD CONSTRAINT "role_menu_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_menu" ADD CONSTRAINT "role_menu_menu_id_fkey" FOREIGN KEY ("menu_id") REFERENCES "menu"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_code_fkey" FOREIGN KEY ("permission_code") REFERENCES "permission"("code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dict_item" ADD CONSTRAINT "dict_item_dict_code_fkey" FOREIGN KEY ("dict_code") REFERENCES "dict_type"("dict_code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
