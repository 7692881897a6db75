CREATE TABLE "model_parameters" (
	"model_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	CONSTRAINT "model_parameters_model_id_parameter_id_pk" PRIMARY KEY("model_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "model_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_types_status_ck" CHECK ("model_types"."status" IN ('ENABLED', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "model_parameters" ADD CONSTRAINT "model_parameters_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_parameters" ADD CONSTRAINT "model_parameters_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_parameters_parameter_idx" ON "model_parameters" USING btree ("parameter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_types_type_active_uq" ON "model_types" USING btree (lower("type")) WHERE status <> 'DELETED';--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type'));--> statement-breakpoint
-- The model types the existing models already name become the first rows of the master.
INSERT INTO "model_types" ("type") SELECT DISTINCT ON (lower(trim("model_type"))) trim("model_type") FROM "models" WHERE "model_type" IS NOT NULL AND trim("model_type") <> '' AND "status" <> 'DELETED' ORDER BY lower(trim("model_type"));
