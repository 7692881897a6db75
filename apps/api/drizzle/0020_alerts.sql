CREATE TABLE "alert_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"custom_limit" double precision,
	"enabled" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer,
	"device_id" integer NOT NULL,
	"parameter_id" integer,
	"limit" double precision,
	"first_value" double precision,
	"peak_value" double precision,
	"last_value" double precision,
	"provenance" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_slot" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_type_ck" CHECK ("alerts"."type" IN ('EXCEEDANCE', 'OFFLINE'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "alert_limits" ADD CONSTRAINT "alert_limits_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_limits" ADD CONSTRAINT "alert_limits_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_limits" ADD CONSTRAINT "alert_limits_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_limits_point_parameter_uq" ON "alert_limits" USING btree ("tenant_id","monitoring_point_id","parameter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_uq" ON "alerts" USING btree ("type","device_id",coalesce("parameter_id", 0)) WHERE "alerts"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_tenant_started_idx" ON "alerts" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "alerts_started_idx" ON "alerts" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading', 'regulator_board', 'regulator_parameter', 'regulator_unit', 'regulator_tenant', 'regulator_key', 'regulator_station', 'regulator_device', 'plan', 'addon', 'coupon', 'discount', 'invoice', 'payment', 'alert_limit', 'alert'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'WORKING_STATUS_CHANGE', 'PARTNER_CHANGE', 'SUBSCRIPTION_UPDATE', 'ADDRESS_UPDATE', 'APPROVAL', 'DEMO_DATA', 'MAIL', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGE', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_SET', 'PRIMARY_USER_CHANGE', 'ACTIVATION_RESENT', 'TOKEN_ISSUED', 'TOKEN_REVOKED', 'TENANTS_ADDED', 'PLAN_CHANGE', 'RENEWAL', 'CANCEL', 'COUPON_APPLIED', 'COUPON_REMOVED', 'DISCOUNTS_REBUILT', 'PAYMENT_RECORDED', 'PAYMENT_DECIDED', 'ACKNOWLEDGE'));