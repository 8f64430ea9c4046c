DROP INDEX "submissions_contest_cell_idx";--> statement-breakpoint
ALTER TABLE "contest_boards" ADD COLUMN "full_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_cells" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contest_cells_seq_idx" ON "contest_cells" USING btree ("cid","seq");--> statement-breakpoint
CREATE INDEX "submissions_contest_cell_idx" ON "submissions" USING btree ("cid","uid","pid","submit_time","id","status","score","time") WHERE "submissions"."cid" > 0;