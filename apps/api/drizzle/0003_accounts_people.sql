CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"address_type" text NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"state_code" text,
	"country_code" text DEFAULT 'IN' NOT NULL,
	"zip" text,
	"gstin" text,
	"contact_name" text,
	"contact_no" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_data_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"is_demo" boolean NOT NULL,
	"valid_till" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"partner_id" integer,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"permission" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "industry_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "partner_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "primary_user_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "payment_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "user_quota" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "parameter_quota" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "camera_quota" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "approval_status" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "approval_remark" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "corporates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_token_purpose" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_data_records" ADD CONSTRAINT "demo_data_records_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_partner_id_accounts_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_permissions" ADD CONSTRAINT "tenant_permissions_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_account_type_uq" ON "addresses" USING btree ("account_id","address_type");--> statement-breakpoint
CREATE INDEX "demo_data_records_tenant_idx" ON "demo_data_records" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_requests_tenant_idx" ON "partner_requests" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_permissions_tenant_idx" ON "tenant_permissions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "accounts_type_name_idx" ON "accounts" USING btree ("type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "accounts_partner_type_name_idx" ON "accounts" USING btree ("partner_id","type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_new_value_idx" ON "audit_logs" USING gin ("new_value" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_old_value_idx" ON "audit_logs" USING gin ("old_value" jsonb_path_ops);