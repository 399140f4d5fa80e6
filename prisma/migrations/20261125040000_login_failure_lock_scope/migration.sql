-- AlterTable
ALTER TABLE "login_failure" ADD COLUMN     "account_locked_until" TIMESTAMPTZ(3),
ADD COLUMN     "last_failure_ip" VARCHAR(64);
