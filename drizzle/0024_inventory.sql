CREATE TABLE "inventory_in_way" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"tech_size" text NOT NULL,
	"in_way_to_client" integer NOT NULL,
	"in_way_from_client" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_in_way_mp_account_id_nm_id_tech_size_pk" PRIMARY KEY("mp_account_id","nm_id","tech_size")
);
--> statement-breakpoint
CREATE TABLE "inventory_snapshot_rows" (
	"mp_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"nm_id" bigint NOT NULL,
	"tech_size" text NOT NULL,
	"warehouse_kind" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "inventory_snapshot_rows_mp_account_id_day_nm_id_tech_size_warehouse_kind_warehouse_id_pk" PRIMARY KEY("mp_account_id","day","nm_id","tech_size","warehouse_kind","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_snapshots" (
	"mp_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"sources" jsonb NOT NULL,
	CONSTRAINT "inventory_snapshots_mp_account_id_day_pk" PRIMARY KEY("mp_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "inventory_stocks" (
	"mp_account_id" uuid NOT NULL,
	"nm_id" bigint NOT NULL,
	"tech_size" text NOT NULL,
	"barcode" text,
	"warehouse_kind" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"warehouse_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_stocks_mp_account_id_nm_id_tech_size_warehouse_kind_warehouse_id_pk" PRIMARY KEY("mp_account_id","nm_id","tech_size","warehouse_kind","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_warehouses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_warehouses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "inventory_in_way" ADD CONSTRAINT "inventory_in_way_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_snapshot_rows" ADD CONSTRAINT "inventory_snapshot_rows_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_snapshots" ADD CONSTRAINT "inventory_snapshots_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stocks" ADD CONSTRAINT "inventory_stocks_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_stocks_account_warehouse_idx" ON "inventory_stocks" USING btree ("mp_account_id","warehouse_id");