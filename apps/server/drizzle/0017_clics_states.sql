CREATE TABLE "clics_states" (
	"cid" bigint PRIMARY KEY NOT NULL,
	"started" timestamp with time zone,
	"frozen" timestamp with time zone,
	"ended" timestamp with time zone,
	"thawed" timestamp with time zone,
	"finalized" timestamp with time zone,
	"end_of_updates" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clics_states" ADD CONSTRAINT "clics_states_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;