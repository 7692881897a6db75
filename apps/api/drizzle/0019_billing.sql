CREATE TABLE "billing_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"monthly_price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_addons_unit_ck" CHECK ("billing_addons"."unit" IN ('Parameter', 'Camera', 'User', 'RC')),
	CONSTRAINT "billing_addons_price_ck" CHECK ("billing_addons"."monthly_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_plan_addons" (
	"plan_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"minimum_addons" integer DEFAULT 0 NOT NULL,
	"suggested_addons" integer,
	CONSTRAINT "billing_plan_addons_plan_id_addon_id_pk" PRIMARY KEY("plan_id","addon_id")
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"period" text NOT NULL,
	"price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_period_ck" CHECK ("billing_plans"."period" IN ('MONTHLY', 'QUARTERLY', 'YEARLY')),
	CONSTRAINT "billing_plans_price_ck" CHECK ("billing_plans"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"partner_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_ck" CHECK ("coupons"."kind" IN ('PERCENT', 'FIXED')),
	CONSTRAINT "coupons_value_ck" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_redemptions_ck" CHECK ("coupons"."max_redemptions" IS NULL OR "coupons"."redemptions" <= "coupons"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_account_id_plan_id_pk" PRIMARY KEY("account_id","plan_id"),
	CONSTRAINT "discounts_state_ck" CHECK ("discounts"."state" IN ('APPLIED', 'REMOVED'))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"tenant_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"coupon_id" integer,
	"order" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"charge" integer NOT NULL,
	"discount" integer NOT NULL,
	"credit" integer NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" IN ('NEW', 'CHANGE', 'RENEWAL')),
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" IN ('PENDING', 'PAID', 'REJECTED')),
	CONSTRAINT "invoices_total_ck" CHECK ("invoices"."total" = "invoices"."taxable" + "invoices"."cgst" + "invoices"."sgst" + "invoices"."igst")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"remark" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payments_method_ck" CHECK ("payments"."method" IN ('BANK_TRANSFER', 'CHEQUE')),
	CONSTRAINT "payments_status_ck" CHECK ("payments"."status" IN ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "subscription_addons" (
	"subscription_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"monthly_price" integer NOT NULL,
	CONSTRAINT "subscription_addons_subscription_id_addon_id_pk" PRIMARY KEY("subscription_id","addon_id"),
	CONSTRAINT "subscription_addons_quantity_ck" CHECK ("subscription_addons"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"started_on" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"plan_price" integer NOT NULL,
	"period_months" integer NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"credit" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_ck" CHECK ("subscriptions"."status" IN ('PENDING_PAYMENT', 'ACTIVE', 'CANCELLED')),
	CONSTRAINT "subscriptions_credit_ck" CHECK ("subscriptions"."credit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_ck";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_entity_ck";--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "granted_users" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "granted_parameters" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "granted_cameras" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_plan_addons" ADD CONSTRAINT "billing_plan_addons_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plan_addons" ADD CONSTRAINT "billing_plan_addons_addon_id_billing_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."billing_addons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_partner_id_accounts_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addons" ADD CONSTRAINT "subscription_addons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addons" ADD CONSTRAINT "subscription_addons_addon_id_billing_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."billing_addons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_addons_unit_uq" ON "billing_addons" USING btree ("unit");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_code_uq" ON "billing_plans" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_tenant_idx" ON "invoices" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_idx" ON "payments" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pending_uq" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "subscriptions_tenant_idx" ON "subscriptions" USING btree ("tenant_id","id");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "user_quota";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "parameter_quota";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "camera_quota";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_ck" CHECK ("email_outbox"."kind" IN ('ACTIVATION', 'RESET', 'APPROVAL_REPORT', 'INVOICE', 'PAYMENT'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter', 'monitoring_point', 'make', 'model', 'model_type', 'device', 'device_vendor', 'device_profile', 'device_document', 'calibration', 'device_action', 'camera', 'offline_remark', 'edge_client', 'app_vendor', 'data_token', 'reading', 'regulator_board', 'regulator_parameter', 'regulator_unit', 'regulator_tenant', 'regulator_key', 'regulator_station', 'regulator_device', 'plan', 'addon', 'coupon', 'discount', 'invoice', 'payment'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'WORKING_STATUS_CHANGE', 'PARTNER_CHANGE', 'SUBSCRIPTION_UPDATE', 'ADDRESS_UPDATE', 'APPROVAL', 'DEMO_DATA', 'MAIL', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGE', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_SET', 'PRIMARY_USER_CHANGE', 'ACTIVATION_RESENT', 'TOKEN_ISSUED', 'TOKEN_REVOKED', 'TENANTS_ADDED', 'PLAN_CHANGE', 'RENEWAL', 'CANCEL', 'COUPON_APPLIED', 'COUPON_REMOVED', 'DISCOUNTS_REBUILT', 'PAYMENT_RECORDED', 'PAYMENT_DECIDED'));