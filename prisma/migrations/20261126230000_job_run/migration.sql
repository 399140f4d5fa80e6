-- Daily background jobs run once per Shanghai day whatever the number of app instances (issue 16): the
-- instance that claims the (name, period) row under the job's advisory lock runs it and records how it went.
CREATE TABLE "job_run" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "period" VARCHAR(10) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "message" TEXT,

    CONSTRAINT "job_run_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "job_run_name_period_key" ON "job_run"("name", "period");

CREATE INDEX "job_run_name_started_at_idx" ON "job_run"("name", "started_at" DESC);
