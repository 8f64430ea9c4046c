CREATE TABLE "login_addresses" (
	"uid" text NOT NULL,
	"ip" text NOT NULL,
	"last_login" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_addresses_uid_ip_pk" PRIMARY KEY("uid","ip")
);
--> statement-breakpoint
ALTER TABLE "problems" ALTER COLUMN "open_case_result" SET DEFAULT false;--> statement-breakpoint
-- Failure counters are short-lived (minutes): the table is rebuilt keyed on (username, address).
DROP TABLE "login_failures";--> statement-breakpoint
CREATE TABLE "login_failures" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failures_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_modified_idx" ON "login_failures" USING btree ("gmt_modified");
