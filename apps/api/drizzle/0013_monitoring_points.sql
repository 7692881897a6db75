CREATE TABLE "monitoring_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_points_entity_type_ck" CHECK ("monitoring_points"."entity_type" IN ('group', 'etp', 'stack', 'caaqms', 'mobile stack', 'Ash', 'ground water')),
	CONSTRAINT "monitoring_points_status_ck" CHECK ("monitoring_points"."status" IN ('ENABLED', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "monitoring_points" ADD CONSTRAINT "monitoring_points_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_points_tenant_name_active_uq" ON "monitoring_points" USING btree ("tenant_id",lower("name")) WHERE status <> 'DELETED';--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point'));