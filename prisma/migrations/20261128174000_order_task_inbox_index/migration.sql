-- The task inbox: the assignee's open tasks by due time (overdue: due before now; open: due later or never).
CREATE INDEX "order_work_task_assignee_id_status_due_at_idx" ON "order_work_task"("assignee_id", "status", "due_at");
