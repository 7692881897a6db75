CREATE TABLE "cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"name" text NOT NULL,
	"provision_id" text NOT NULL,
	"viewer_id" text,
	"auth_token_encrypted" text NOT NULL,
	"auth_token_hint" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cameras_status_ck" CHECK ("cameras"."status" IN ('ENABLED', 'DISABLED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "device_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"action" text NOT NULL,
	"result" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "device_actions_action_ck" CHECK ("device_actions"."action" IN ('AUTO_CLEAN', 'CALIBRATE')),
	CONSTRAINT "device_actions_result_ck" CHECK ("device_actions"."result" IN ('REQUESTED', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "device_calibrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_id" integer,
	"offset" double precision,
	"span" double precision,
	"coefficients" text,
	"wavelength" double precision,
	"file_name" text,
	"storage_key" text,
	"last_calibration" timestamp with time zone,
	"last_clean" timestamp with time zone,
	"comment" text,
	"calibrated_at" timestamp with time zone NOT NULL,
	"signal_strength" double precision,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_document_fields" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"instrument_accuracy" text,
	"instrument_measurement_range" text,
	"instrument_working_temperature_range" text,
	"measurement_cycle" text,
	"other_diagnostic_parameters_monitored" text,
	"reference_gas_used" text,
	"zero_gas_used" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_document_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"unit" text,
	"cpcb_unit" text,
	"spcb_unit" text,
	"user_unit" text,
	"max" double precision,
	"is_counter" boolean DEFAULT false NOT NULL,
	"remote_calibration_facility" boolean DEFAULT false NOT NULL,
	"offline_alert" boolean DEFAULT false NOT NULL,
	"sensor_id" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"device_type" text,
	"model_id" integer,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_profiles_type_ck" CHECK ("device_profiles"."type" IN ('Analyser', 'Calibrator', 'Camera', 'custom')),
	CONSTRAINT "device_profiles_status_ck" CHECK ("device_profiles"."status" IN ('ENABLED', 'DISABLED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "device_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_vendors_status_ck" CHECK ("device_vendors"."status" IN ('ENABLED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"monitoring_point_id" integer NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"manufacture_id" text,
	"certified" boolean DEFAULT false NOT NULL,
	"certification" text,
	"data_frequency" integer DEFAULT 15 NOT NULL,
	"tag" text,
	"description" text,
	"type" text,
	"model_id" integer NOT NULL,
	"calibrator_model_id" integer,
	"is_ndir_enabled" boolean DEFAULT false NOT NULL,
	"nox_conversion" text,
	"ndir_type" text,
	"no_ratio" double precision,
	"no2_ratio" double precision,
	"data_upload_method" text NOT NULL,
	"vendor_id" integer,
	"process" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_status_ck" CHECK ("devices"."status" IN ('ENABLED', 'DISABLED', 'DELETED')),
	CONSTRAINT "devices_certification_ck" CHECK ("devices"."certification" IN ('MCERT', 'TUV', 'USEPA', 'Others', 'None')),
	CONSTRAINT "devices_nox_conversion_ck" CHECK ("devices"."nox_conversion" IN ('NO', 'NO2')),
	CONSTRAINT "devices_data_upload_method_ck" CHECK ("devices"."data_upload_method" IN ('MODBUS', 'API', 'CLIENT S/W')),
	CONSTRAINT "devices_data_frequency_ck" CHECK ("devices"."data_frequency" IN (15, 5, 2))
);
--> statement-breakpoint
CREATE TABLE "offline_remarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"reason" text NOT NULL,
	"remark" text,
	"expected_restoration" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "offline_remarks_reason_ck" CHECK ("offline_remarks"."reason" IN ('Power failure', 'Analyser fault', 'Communication failure', 'Scheduled maintenance', 'Plant shutdown', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_actions" ADD CONSTRAINT "device_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_document_fields" ADD CONSTRAINT "device_document_fields_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_document_fields" ADD CONSTRAINT "device_document_fields_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_document_files" ADD CONSTRAINT "device_document_files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_document_files" ADD CONSTRAINT "device_document_files_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_document_files" ADD CONSTRAINT "device_document_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_params" ADD CONSTRAINT "device_params_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_params" ADD CONSTRAINT "device_params_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_params" ADD CONSTRAINT "device_params_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_profiles" ADD CONSTRAINT "device_profiles_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_monitoring_point_id_monitoring_points_id_fk" FOREIGN KEY ("monitoring_point_id") REFERENCES "public"."monitoring_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_calibrator_model_id_models_id_fk" FOREIGN KEY ("calibrator_model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_vendor_id_device_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."device_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_remarks" ADD CONSTRAINT "offline_remarks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_remarks" ADD CONSTRAINT "offline_remarks_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_remarks" ADD CONSTRAINT "offline_remarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cameras_tenant_name_active_uq" ON "cameras" USING btree ("tenant_id",lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "cameras_provision_active_uq" ON "cameras" USING btree (lower("provision_id")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "cameras_point_active_idx" ON "cameras" USING btree ("monitoring_point_id") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "device_actions_device_idx" ON "device_actions" USING btree ("device_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "device_calibrations_device_idx" ON "device_calibrations" USING btree ("device_id","calibrated_at","id");--> statement-breakpoint
CREATE INDEX "device_document_files_device_idx" ON "device_document_files" USING btree ("device_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_document_files_storage_key_uq" ON "device_document_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "device_params_device_parameter_uq" ON "device_params" USING btree ("device_id","parameter_id");--> statement-breakpoint
CREATE INDEX "device_params_tenant_enabled_idx" ON "device_params" USING btree ("tenant_id") WHERE enabled;--> statement-breakpoint
CREATE INDEX "device_params_parameter_idx" ON "device_params" USING btree ("parameter_id");--> statement-breakpoint
CREATE INDEX "device_params_sensor_idx" ON "device_params" USING btree (lower("sensor_id")) WHERE sensor_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "device_profiles_name_active_uq" ON "device_profiles" USING btree (lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "device_profiles_list_idx" ON "device_profiles" USING btree ("type",lower("name"),"id") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "device_profiles_all_idx" ON "device_profiles" USING btree (lower("name"),"id") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "device_vendors_name_active_uq" ON "device_vendors" USING btree (lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tenant_name_active_uq" ON "devices" USING btree ("tenant_id",lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "devices_name_active_idx" ON "devices" USING btree (lower("name"),"id") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "devices_serial_active_idx" ON "devices" USING btree (lower("serial_number")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "devices_point_active_idx" ON "devices" USING btree ("monitoring_point_id") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ((lower("name") || ' ' || lower("serial_number") || ' ' || lower(coalesce("tag", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offline_remarks_tenant_idx" ON "offline_remarks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offline_remarks_device_idx" ON "offline_remarks" USING btree ("device_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark'));