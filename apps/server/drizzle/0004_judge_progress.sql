ALTER TABLE "judge_jobs" ADD COLUMN "progress_judged" integer;--> statement-breakpoint
ALTER TABLE "judge_jobs" ADD COLUMN "progress_total" integer;