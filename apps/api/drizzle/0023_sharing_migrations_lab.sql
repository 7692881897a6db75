CREATE TABLE "lab_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"title" text NOT NULL,
	"lab_name" text,
	"sampled_on" date NOT NULL,
	"comment" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_migrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_tenant_id" integer,
	"from_ts" timestamp with time zone,
	"to_ts" timestamp with time zone,
	"file_name" text,
	"storage_key" text,
	"status" text DEFAULT 'CHECKING' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"valid_rows" integer,
	"imported_rows" integer,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"imported_by" integer,
	"finished_at" timestamp with time zone,
	CONSTRAINT "data_migrations_source_ck" CHECK ("data_migrations"."source" IN ('CSV', 'TENANT')),
	CONSTRAINT "data_migrations_status_ck" CHECK ("data_migrations"."status" IN ('CHECKING', 'CHECKED', 'REJECTED', 'IMPORTING', 'IMPORTED', 'FAILED', 'CANCELLED')),
	CONSTRAINT "data_migrations_progress_ck" CHECK ("data_migrations"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "data_migrations_source_ref_ck" CHECK (("data_migrations"."source" = 'CSV' AND "data_migrations"."storage_key" IS NOT NULL AND "data_migrations"."source_tenant_id" IS NULL)
        OR ("data_migrations"."source" = 'TENANT' AND "data_migrations"."source_tenant_id" IS NOT NULL AND "data_migrations"."storage_key" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "public_dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"monitoring_point_ids" integer[] NOT NULL,
	"parameter_ids" integer[] NOT NULL,
	"show_charts" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "pull_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_tail" text NOT NULL,
	"monitoring_point_ids" integer[] NOT NULL,
	"parameter_ids" integer[] NOT NULL,
	"history_days" smallint NOT NULL,
	"max_range_days" smallint NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "pull_tokens_days_ck" CHECK ("pull_tokens"."history_days" >= 1 AND "pull_tokens"."max_range_days" BETWEEN 1 AND "pull_tokens"."history_days")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "ingest_refusals" DROP CONSTRAINT "ingest_refusals_source_ck";--> statement-breakpoint
ALTER TABLE "readings" DROP CONSTRAINT "readings_source_ck";--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD COLUMN "check_kind" text DEFAULT 'TWO_POINT' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD COLUMN "parameter_ids" integer[];--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_migrations" ADD CONSTRAINT "data_migrations_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_migrations" ADD CONSTRAINT "data_migrations_source_tenant_id_accounts_id_fk" FOREIGN KEY ("source_tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_migrations" ADD CONSTRAINT "data_migrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_migrations" ADD CONSTRAINT "data_migrations_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_dashboards" ADD CONSTRAINT "public_dashboards_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_dashboards" ADD CONSTRAINT "public_dashboards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_dashboards" ADD CONSTRAINT "public_dashboards_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_tokens" ADD CONSTRAINT "pull_tokens_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_tokens" ADD CONSTRAINT "pull_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_tokens" ADD CONSTRAINT "pull_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_reports_point_idx" ON "lab_reports" USING btree ("monitoring_point_id","sampled_on","id");--> statement-breakpoint
CREATE INDEX "lab_reports_tenant_idx" ON "lab_reports" USING btree ("tenant_id","sampled_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reports_storage_key_uq" ON "lab_reports" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "data_migrations_tenant_idx" ON "data_migrations" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_dashboards_public_id_uq" ON "public_dashboards" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_dashboards_tenant_live_uq" ON "public_dashboards" USING btree ("tenant_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pull_tokens_hash_uq" ON "pull_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pull_tokens_tenant_idx" ON "pull_tokens" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "device_calibrations_tenant_idx" ON "device_calibrations" USING btree ("tenant_id","device_id","check_kind","calibrated_at");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading', 'regulator_board', 'regulator_parameter', 'regulator_unit', 'regulator_tenant', 'regulator_key', 'regulator_station', 'regulator_device', 'plan', 'addon', 'coupon', 'discount', 'invoice', 'payment', 'alert_limit', 'alert', 'report', 'report_schedule', 'public_dashboard', 'pull_token', 'data_migration', 'lab_report'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'WORKING_STATUS_CHANGE', 'PARTNER_CHANGE', 'SUBSCRIPTION_UPDATE', 'ADDRESS_UPDATE', 'APPROVAL', 'DEMO_DATA', 'MAIL', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGE', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_SET', 'PRIMARY_USER_CHANGE', 'ACTIVATION_RESENT', 'TOKEN_ISSUED', 'TOKEN_REVOKED', 'TENANTS_ADDED', 'PLAN_CHANGE', 'RENEWAL', 'CANCEL', 'COUPON_APPLIED', 'COUPON_REMOVED', 'DISCOUNTS_REBUILT', 'PAYMENT_RECORDED', 'PAYMENT_DECIDED', 'ACKNOWLEDGE', 'IMPORT'));--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_check_kind_ck" CHECK ("device_calibrations"."check_kind" IN ('TWO_POINT', 'MULTIPOINT'));--> statement-breakpoint
ALTER TABLE "ingest_refusals" ADD CONSTRAINT "ingest_refusals_source_ck" CHECK ("ingest_refusals"."source" IN ('edge', 'app', 'demo', 'user', 'migration'));--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_source_ck" CHECK ("readings"."source" IN ('edge', 'app', 'demo', 'user', 'migration'));