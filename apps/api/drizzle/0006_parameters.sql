CREATE TABLE "parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"mtype" text NOT NULL,
	"type" text DEFAULT 'NORMAL' NOT NULL,
	"param_key" text NOT NULL,
	"param_metric" text NOT NULL,
	"std_unit" text,
	"default_std_unit" text,
	"alert_label" text,
	"metric_agg" text DEFAULT 'AVG' NOT NULL,
	"metric_downsample_agg" text DEFAULT 'AVG' NOT NULL,
	"is_alert_enabled" boolean DEFAULT false NOT NULL,
	"is_counter" boolean DEFAULT false NOT NULL,
	"counter_reset_value" double precision,
	"is_conversion" boolean DEFAULT true NOT NULL,
	"show_widget" boolean DEFAULT true NOT NULL,
	"data_store_type" text DEFAULT 'device' NOT NULL,
	"base_param_id" integer,
	"is_linear" boolean,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_base_param_id_parameters_id_fk" FOREIGN KEY ("base_param_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parameters_name_active_uq" ON "parameters" USING btree (lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "parameters_list_idx" ON "parameters" USING btree ("status",lower("label"),"id");--> statement-breakpoint
CREATE INDEX "parameters_label_trgm_idx" ON "parameters" USING gin (lower("label") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parameters_base_param_idx" ON "parameters" USING btree ("base_param_id");