CREATE TABLE "import_runs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"mp_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"user_id" uuid,
	"state" text NOT NULL,
	"message" text,
	"report_failed" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_account_started_idx" ON "import_runs" USING btree ("mp_account_id","started_at");