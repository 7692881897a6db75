CREATE TABLE "app_vendor_tenants" (
	"app_vendor_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "app_vendor_tenants_app_vendor_id_tenant_id_pk" PRIMARY KEY("app_vendor_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "app_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"app_name" text NOT NULL,
	"partner_id" integer,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_vendors_status_ck" CHECK ("app_vendors"."status" IN ('ENABLED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "data_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"edge_client_id" integer,
	"app_vendor_id" integer,
	"token_hash" text NOT NULL,
	"token_tail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "data_tokens_kind_ck" CHECK ("data_tokens"."kind" IN ('edge', 'app')),
	CONSTRAINT "data_tokens_owner_ck" CHECK (("data_tokens"."kind" = 'edge' AND "data_tokens"."edge_client_id" IS NOT NULL AND "data_tokens"."app_vendor_id" IS NULL)
        OR ("data_tokens"."kind" = 'app' AND "data_tokens"."app_vendor_id" IS NOT NULL AND "data_tokens"."edge_client_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "device_last_data" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "device_last_data_tenant_id_device_id_pk" PRIMARY KEY("tenant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "edge_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"key_allowed" integer DEFAULT 1 NOT NULL,
	"key_used" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edge_clients_status_ck" CHECK ("edge_clients"."status" IN ('ENABLED', 'DELETED')),
	CONSTRAINT "edge_clients_keys_ck" CHECK ("edge_clients"."key_used" >= 0 AND "edge_clients"."key_used" <= "edge_clients"."key_allowed")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"revision" smallint DEFAULT 0 NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"value_std" double precision NOT NULL,
	"provenance" text DEFAULT 'measured' NOT NULL,
	"source" text NOT NULL,
	"token_id" integer,
	"user_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_tenant_id_device_id_parameter_id_ts_revision_pk" PRIMARY KEY("tenant_id","device_id","parameter_id","ts","revision"),
	CONSTRAINT "readings_provenance_ck" CHECK ("readings"."provenance" IN ('measured', 'manual', 'substituted', 'calibration', 'maintenance', 'derived')),
	CONSTRAINT "readings_source_ck" CHECK ("readings"."source" IN ('edge', 'app', 'demo', 'user'))
) PARTITION BY RANGE ("ts");
-- One partition per month (readings_yYYYYmMM), created ahead by the telemetry.partitions job
-- and at start (apps/api/src/modules/telemetry/partitions.ts). docs/telemetry-storage.md tells
-- how the same table becomes a TimescaleDB hypertable or is distributed by tenant with Citus.
--> statement-breakpoint
CREATE TABLE "readings_15m" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	"other_provenance" text,
	CONSTRAINT "readings_15m_tenant_id_device_id_parameter_id_slot_pk" PRIMARY KEY("tenant_id","device_id","parameter_id","slot")
);
--> statement-breakpoint
CREATE TABLE "readings_dirty" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_dirty_tenant_id_device_id_parameter_id_slot_pk" PRIMARY KEY("tenant_id","device_id","parameter_id","slot")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "standard_limit" double precision;--> statement-breakpoint
ALTER TABLE "app_vendor_tenants" ADD CONSTRAINT "app_vendor_tenants_app_vendor_id_app_vendors_id_fk" FOREIGN KEY ("app_vendor_id") REFERENCES "public"."app_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_vendor_tenants" ADD CONSTRAINT "app_vendor_tenants_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_vendor_tenants" ADD CONSTRAINT "app_vendor_tenants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_vendors" ADD CONSTRAINT "app_vendors_partner_id_accounts_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tokens" ADD CONSTRAINT "data_tokens_edge_client_id_edge_clients_id_fk" FOREIGN KEY ("edge_client_id") REFERENCES "public"."edge_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tokens" ADD CONSTRAINT "data_tokens_app_vendor_id_app_vendors_id_fk" FOREIGN KEY ("app_vendor_id") REFERENCES "public"."app_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tokens" ADD CONSTRAINT "data_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tokens" ADD CONSTRAINT "data_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edge_clients" ADD CONSTRAINT "edge_clients_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_vendor_tenants_tenant_idx" ON "app_vendor_tenants" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_vendors_app_id_active_uq" ON "app_vendors" USING btree (lower("app_id")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "app_vendors_app_name_active_uq" ON "app_vendors" USING btree (lower("app_name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "app_vendors_partner_idx" ON "app_vendors" USING btree ("partner_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "data_tokens_hash_uq" ON "data_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_tokens_edge_client_idx" ON "data_tokens" USING btree ("edge_client_id");--> statement-breakpoint
CREATE INDEX "data_tokens_app_vendor_idx" ON "data_tokens" USING btree ("app_vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "edge_clients_email_active_uq" ON "edge_clients" USING btree (lower("email")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "edge_clients_tenant_idx" ON "edge_clients" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "edge_clients_list_idx" ON "edge_clients" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'WORKING_STATUS_CHANGE', 'PARTNER_CHANGE', 'SUBSCRIPTION_UPDATE', 'ADDRESS_UPDATE', 'APPROVAL', 'DEMO_DATA', 'MAIL', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGE', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_SET', 'PRIMARY_USER_CHANGE', 'ACTIVATION_RESENT', 'TOKEN_ISSUED', 'TOKEN_REVOKED', 'TENANTS_ADDED'));