CREATE TABLE "ingest_refusals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingest_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"device_id" integer,
	"code" text NOT NULL,
	"sent" text NOT NULL,
	"source" text NOT NULL,
	"token_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_refusals_code_ck" CHECK ("ingest_refusals"."code" IN ('UNKNOWN_DEVICE', 'DEVICE_NOT_IN_TENANT', 'UNKNOWN_PARAMETER', 'UNIT_NOT_ALLOWED', 'INVALID_TIME', 'TIME_IN_FUTURE', 'TIME_TOO_OLD', 'VALUE_NOT_NUMBER', 'VALUE_OUT_OF_RANGE', 'PROVENANCE_NOT_ALLOWED', 'MALFORMED')),
	CONSTRAINT "ingest_refusals_source_ck" CHECK ("ingest_refusals"."source" IN ('edge', 'app', 'demo', 'user'))
);
--> statement-breakpoint
CREATE TABLE "alert_opt_outs" (
	"user_id" integer NOT NULL,
	"alert_type" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_opt_outs_user_id_alert_type_channel_pk" PRIMARY KEY("user_id","alert_type","channel"),
	CONSTRAINT "alert_opt_outs_alert_type_ck" CHECK ("alert_opt_outs"."alert_type" IN ('EXCEEDANCE', 'OFFLINE')),
	CONSTRAINT "alert_opt_outs_channel_ck" CHECK ("alert_opt_outs"."channel" IN ('EMAIL', 'SMS', 'WHATSAPP'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_ck";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Alerts raised before notifications existed are not mailed now.
UPDATE "alerts" SET "notified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "alert_opt_outs" ADD CONSTRAINT "alert_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_refusals_device_idx" ON "ingest_refusals" USING btree ("device_id","received_at");--> statement-breakpoint
CREATE INDEX "ingest_refusals_tenant_idx" ON "ingest_refusals" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "ingest_refusals_received_idx" ON "ingest_refusals" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "alerts_unnotified_idx" ON "alerts" USING btree ("tenant_id") WHERE "alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_tenant_notified_idx" ON "alerts" USING btree ("tenant_id","notified_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_ck" CHECK ("email_outbox"."kind" IN ('ACTIVATION', 'RESET', 'APPROVAL_REPORT', 'INVOICE', 'PAYMENT', 'ALERT', 'REPORT'));