-- Borderline TLE re-check (issue 29 part 3, docs/judging.md): the problem's switch (default = site setting, on, off) and
-- margin (percent, null = site margin); a case result records the two CPU times when it was run twice.
ALTER TABLE "problems" ADD COLUMN "tle_recheck" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "tle_recheck_margin" integer;--> statement-breakpoint
ALTER TABLE "judge_cases" ADD COLUMN "rerun" jsonb;