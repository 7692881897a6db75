CREATE TABLE "regulator_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"statutory_account_id" integer NOT NULL,
	"state_code" text NOT NULL,
	"config" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulator_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"regulator_tenant_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"unit" text NOT NULL,
	"regulator_parameter_id" integer NOT NULL,
	"regulator_unit_id" integer NOT NULL,
	"spcb_device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulator_key_files" (
	"regulator_tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"fingerprint" text NOT NULL,
	"content" text,
	"content_encrypted" text,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulator_key_files_regulator_tenant_id_kind_pk" PRIMARY KEY("regulator_tenant_id","kind"),
	CONSTRAINT "regulator_key_files_kind_ck" CHECK ("regulator_key_files"."kind" IN ('public', 'private', 'server', 'user'))
);
--> statement-breakpoint
CREATE TABLE "regulator_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"spcb_parameter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulator_push_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"regulator_tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"request_id" text NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"board_code" text,
	"answer" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "regulator_push_attempts_outcome_ck" CHECK ("regulator_push_attempts"."outcome" IN ('delivered', 'refused', 'retry'))
);
--> statement-breakpoint
CREATE TABLE "regulator_pushes" (
	"regulator_tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"board_code" text,
	"request_id" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "regulator_pushes_regulator_tenant_id_slot_device_id_pk" PRIMARY KEY("regulator_tenant_id","slot","device_id"),
	CONSTRAINT "regulator_pushes_state_ck" CHECK ("regulator_pushes"."state" IN ('pending', 'delivered', 'refused', 'no_data', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "regulator_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"regulator_tenant_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"spcb_entity_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulator_tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"spcb_tenant_id" text NOT NULL,
	"authorization_key_encrypted" text,
	"authorization_key_hint" text,
	"signature" text,
	"noc_number" text,
	"sync_data_status" boolean DEFAULT false NOT NULL,
	"push_enabled" boolean DEFAULT true NOT NULL,
	"next_slot" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulator_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"unit" text NOT NULL,
	"spcb_unit" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "regulator_boards" ADD CONSTRAINT "regulator_boards_statutory_account_id_accounts_id_fk" FOREIGN KEY ("statutory_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_regulator_tenant_id_regulator_tenants_id_fk" FOREIGN KEY ("regulator_tenant_id") REFERENCES "public"."regulator_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_station_id_regulator_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."regulator_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_regulator_parameter_id_regulator_parameters_id_fk" FOREIGN KEY ("regulator_parameter_id") REFERENCES "public"."regulator_parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_devices" ADD CONSTRAINT "regulator_devices_regulator_unit_id_regulator_units_id_fk" FOREIGN KEY ("regulator_unit_id") REFERENCES "public"."regulator_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_key_files" ADD CONSTRAINT "regulator_key_files_regulator_tenant_id_regulator_tenants_id_fk" FOREIGN KEY ("regulator_tenant_id") REFERENCES "public"."regulator_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_key_files" ADD CONSTRAINT "regulator_key_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_parameters" ADD CONSTRAINT "regulator_parameters_board_id_regulator_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."regulator_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_parameters" ADD CONSTRAINT "regulator_parameters_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_push_attempts" ADD CONSTRAINT "regulator_push_attempts_regulator_tenant_id_regulator_tenants_id_fk" FOREIGN KEY ("regulator_tenant_id") REFERENCES "public"."regulator_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_pushes" ADD CONSTRAINT "regulator_pushes_regulator_tenant_id_regulator_tenants_id_fk" FOREIGN KEY ("regulator_tenant_id") REFERENCES "public"."regulator_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_stations" ADD CONSTRAINT "regulator_stations_regulator_tenant_id_regulator_tenants_id_fk" FOREIGN KEY ("regulator_tenant_id") REFERENCES "public"."regulator_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_stations" ADD CONSTRAINT "regulator_stations_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_stations" ADD CONSTRAINT "regulator_stations_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_tenants" ADD CONSTRAINT "regulator_tenants_board_id_regulator_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."regulator_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_tenants" ADD CONSTRAINT "regulator_tenants_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulator_units" ADD CONSTRAINT "regulator_units_board_id_regulator_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."regulator_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_boards_state_uq" ON "regulator_boards" USING btree ("state_code");--> statement-breakpoint
CREATE INDEX "regulator_boards_statutory_idx" ON "regulator_boards" USING btree ("statutory_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_devices_device_parameter_uq" ON "regulator_devices" USING btree ("regulator_tenant_id","device_id","parameter_id");--> statement-breakpoint
CREATE INDEX "regulator_devices_station_idx" ON "regulator_devices" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_parameters_board_parameter_uq" ON "regulator_parameters" USING btree ("board_id","parameter_id");--> statement-breakpoint
CREATE INDEX "regulator_push_attempts_tenant_idx" ON "regulator_push_attempts" USING btree ("regulator_tenant_id","attempted_at" desc,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_stations_point_uq" ON "regulator_stations" USING btree ("regulator_tenant_id","monitoring_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_stations_spcb_uq" ON "regulator_stations" USING btree ("regulator_tenant_id","spcb_entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_tenants_board_tenant_uq" ON "regulator_tenants" USING btree ("board_id","tenant_id");--> statement-breakpoint
CREATE INDEX "regulator_tenants_tenant_idx" ON "regulator_tenants" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulator_units_board_unit_uq" ON "regulator_units" USING btree ("board_id","unit");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading', 'regulator_board', 'regulator_parameter', 'regulator_unit', 'regulator_tenant', 'regulator_key', 'regulator_station', 'regulator_device'));