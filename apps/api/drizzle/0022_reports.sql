CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"parameter_ids" integer[] NOT NULL,
	"resolution" text NOT NULL,
	"frequency" text NOT NULL,
	"recipients" text[] NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_resolution_ck" CHECK ("report_schedules"."resolution" IN ('MIN_15', 'HOURLY', 'DAILY')),
	CONSTRAINT "report_schedules_frequency_ck" CHECK ("report_schedules"."frequency" IN ('DAILY', 'WEEKLY', 'MONTHLY')),
	CONSTRAINT "report_schedules_parameters_ck" CHECK (cardinality("report_schedules"."parameter_ids") BETWEEN 1 AND 20),
	CONSTRAINT "report_schedules_recipients_ck" CHECK (cardinality("report_schedules"."recipients") BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"parameter_ids" integer[] NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"resolution" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"csv_key" text,
	"pdf_key" text,
	"row_count" integer,
	"mail_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"requested_by" integer,
	"schedule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reports_resolution_ck" CHECK ("reports"."resolution" IN ('MIN_15', 'HOURLY', 'DAILY')),
	CONSTRAINT "reports_status_ck" CHECK ("reports"."status" IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "reports_progress_ck" CHECK ("reports"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "reports_range_ck" CHECK ("reports"."to_date" >= "reports"."from_date"),
	CONSTRAINT "reports_parameters_ck" CHECK (cardinality("reports"."parameter_ids") BETWEEN 1 AND 20)
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_next_run_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_idx" ON "report_schedules" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reports_tenant_created_idx" ON "reports" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_schedule_idx" ON "reports" USING btree ("schedule_id");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading', 'regulator_board', 'regulator_parameter', 'regulator_unit', 'regulator_tenant', 'regulator_key', 'regulator_station', 'regulator_device', 'plan', 'addon', 'coupon', 'discount', 'invoice', 'payment', 'alert_limit', 'alert', 'report', 'report_schedule'));