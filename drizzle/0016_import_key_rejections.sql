CREATE TABLE "import_key_rejections" (
	"mp_account_id" uuid NOT NULL,
	"part" text NOT NULL,
	"key_seal" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_key_rejections_pkey" PRIMARY KEY("mp_account_id","part"),
	CONSTRAINT "import_key_rejections_part_check" CHECK ("import_key_rejections"."part" IN ('feeds', 'report'))
);
--> statement-breakpoint
ALTER TABLE "import_key_rejections" ADD CONSTRAINT "import_key_rejections_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;