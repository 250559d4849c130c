CREATE TABLE "booking_tariffs" (
	"mp_account_id" uuid NOT NULL,
	"warehouse_name" text NOT NULL,
	"currency" text,
	"box_delivery_base" numeric(10, 2),
	"box_delivery_liter" numeric(10, 2),
	"box_delivery_coefficient_percent" numeric(10, 2),
	"box_storage_base" numeric(10, 2),
	"box_storage_liter" numeric(10, 2),
	"box_storage_coefficient_percent" numeric(10, 2),
	"pallet_delivery_base" numeric(10, 2),
	"pallet_delivery_liter" numeric(10, 2),
	"pallet_delivery_coefficient_percent" numeric(10, 2),
	"pallet_storage" numeric(10, 2),
	"pallet_storage_coefficient_percent" numeric(10, 2),
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_tariffs_pkey" PRIMARY KEY("mp_account_id","warehouse_name")
);
--> statement-breakpoint
ALTER TABLE "booking_sources" ADD COLUMN "tariffs_day" date;--> statement-breakpoint
ALTER TABLE "booking_tariffs" ADD CONSTRAINT "booking_tariffs_mp_account_id_mp_accounts_id_fk" FOREIGN KEY ("mp_account_id") REFERENCES "public"."mp_accounts"("id") ON DELETE cascade ON UPDATE no action;