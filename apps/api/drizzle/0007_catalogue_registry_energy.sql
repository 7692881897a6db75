CREATE TABLE "derived_expression_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"derived_std_param_id" integer NOT NULL,
	"position" integer NOT NULL,
	"expression_param" text NOT NULL,
	"data_source" text NOT NULL,
	"unit" text,
	"conditional_statement" text
);
--> statement-breakpoint
CREATE TABLE "derived_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"mtype" text NOT NULL,
	"param_key" text NOT NULL,
	"param_metric" text NOT NULL,
	"std_unit" text,
	"alert_label" text,
	"metric_agg" text DEFAULT 'AVG' NOT NULL,
	"metric_downsample_agg" text DEFAULT 'AVG' NOT NULL,
	"is_alert_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived_std_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"derived_parameter_id" integer NOT NULL,
	"position" integer NOT NULL,
	"derived_param_name" text NOT NULL,
	"derived_param_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_param_parameters" (
	"diagnostic_param_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	CONSTRAINT "diagnostic_param_parameters_diagnostic_param_id_parameter_id_pk" PRIMARY KEY("diagnostic_param_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "diagnostic_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"model_id" integer,
	"is_remote_calibration" boolean DEFAULT false NOT NULL,
	"is_calibration_through_utility" boolean DEFAULT false NOT NULL,
	"data_upload_method" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostic_params_owner_ck" CHECK (("diagnostic_params"."tenant_id" IS NULL) <> ("diagnostic_params"."model_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"make_id" integer NOT NULL,
	"model_type" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_parameter_metrics" (
	"energy_parameter_id" integer NOT NULL,
	"metric_id" integer NOT NULL,
	CONSTRAINT "energy_parameter_metrics_energy_parameter_id_metric_id_pk" PRIMARY KEY("energy_parameter_id","metric_id")
);
--> statement-breakpoint
CREATE TABLE "energy_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"param_key" text NOT NULL,
	"category" text NOT NULL,
	"unit" text,
	"parameter_id" integer,
	"is_cumulative" boolean DEFAULT false NOT NULL,
	"is_alert_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "derived_expression_properties" ADD CONSTRAINT "derived_expression_properties_derived_std_param_id_derived_std_params_id_fk" FOREIGN KEY ("derived_std_param_id") REFERENCES "public"."derived_std_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "derived_std_params" ADD CONSTRAINT "derived_std_params_derived_parameter_id_derived_parameters_id_fk" FOREIGN KEY ("derived_parameter_id") REFERENCES "public"."derived_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_param_parameters" ADD CONSTRAINT "diagnostic_param_parameters_diagnostic_param_id_diagnostic_params_id_fk" FOREIGN KEY ("diagnostic_param_id") REFERENCES "public"."diagnostic_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_param_parameters" ADD CONSTRAINT "diagnostic_param_parameters_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_params" ADD CONSTRAINT "diagnostic_params_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_params" ADD CONSTRAINT "diagnostic_params_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_parameter_metrics" ADD CONSTRAINT "energy_parameter_metrics_energy_parameter_id_energy_parameters_id_fk" FOREIGN KEY ("energy_parameter_id") REFERENCES "public"."energy_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_parameter_metrics" ADD CONSTRAINT "energy_parameter_metrics_metric_id_energy_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."energy_metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_parameters" ADD CONSTRAINT "energy_parameters_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "derived_expression_properties_position_uq" ON "derived_expression_properties" USING btree ("derived_std_param_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "derived_parameters_name_active_uq" ON "derived_parameters" USING btree (lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "derived_parameters_list_idx" ON "derived_parameters" USING btree ("status",lower("label"),"id");--> statement-breakpoint
CREATE INDEX "derived_parameters_label_trgm_idx" ON "derived_parameters" USING gin (lower("label") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "derived_std_params_position_uq" ON "derived_std_params" USING btree ("derived_parameter_id","position");--> statement-breakpoint
CREATE INDEX "derived_std_params_name_idx" ON "derived_std_params" USING btree (lower("derived_param_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "master_categories_type_active_uq" ON "master_categories" USING btree (lower("type")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "master_categories_list_idx" ON "master_categories" USING btree ("status",lower("type"),"id");--> statement-breakpoint
CREATE INDEX "diagnostic_param_parameters_parameter_idx" ON "diagnostic_param_parameters" USING btree ("parameter_id");--> statement-breakpoint
CREATE INDEX "diagnostic_params_list_idx" ON "diagnostic_params" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "diagnostic_params_tenant_idx" ON "diagnostic_params" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "diagnostic_params_model_idx" ON "diagnostic_params" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "makes_name_type_active_uq" ON "makes" USING btree (lower("name"),"type") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "makes_list_idx" ON "makes" USING btree ("status","type",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "models_make_name_active_uq" ON "models" USING btree ("make_id",lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "models_make_idx" ON "models" USING btree ("make_id","status",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "energy_metrics_key_active_uq" ON "energy_metrics" USING btree (lower("key")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "energy_metrics_list_idx" ON "energy_metrics" USING btree ("status",lower("key"),"id");--> statement-breakpoint
CREATE INDEX "energy_parameter_metrics_metric_idx" ON "energy_parameter_metrics" USING btree ("metric_id");--> statement-breakpoint
CREATE UNIQUE INDEX "energy_parameters_name_active_uq" ON "energy_parameters" USING btree (lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "energy_parameters_list_idx" ON "energy_parameters" USING btree ("status",lower("label"),"id");--> statement-breakpoint
CREATE INDEX "energy_parameters_parameter_idx" ON "energy_parameters" USING btree ("parameter_id");