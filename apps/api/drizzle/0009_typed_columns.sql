-- Status, type, role and audit columns keep to the domain's closed lists (CHECK constraints generated from them).
-- Audit rows of accounts were once written under 'tenant', 'partner' or 'statutory': one entity name per table.
UPDATE "audit_logs" SET "entity" = 'account' WHERE "entity" IN ('tenant', 'partner', 'statutory');--> statement-breakpoint
-- Users have no deleted state: one in any other state than enabled or disabled cannot sign in.
UPDATE "users" SET "status" = 'DISABLED' WHERE "status" NOT IN ('ENABLED', 'DISABLED');--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_type_ck" CHECK ("accounts"."type" IN ('site', 'partner', 'tenant', 'statutory', 'corporate'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_ck" CHECK ("accounts"."status" IN ('ENABLED', 'DISABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_working_status_ck" CHECK ("accounts"."working_status" IN ('ON', 'UNDER_MAINTENANCE', 'Shutdown', 'Seasonal Shutdown', 'Closure issued by SPCB', 'Closure issued by CPCB', 'Due to analyser issue', 'Other'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_approval_status_ck" CHECK ("accounts"."approval_status" IN ('PENDING', 'APPROVED', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_address_type_ck" CHECK ("addresses"."address_type" IN ('BILLING', 'MAILING'));--> statement-breakpoint
ALTER TABLE "corporates" ADD CONSTRAINT "corporates_type_ck" CHECK ("corporates"."type" IN ('corporate', 'cluster', 'government'));--> statement-breakpoint
ALTER TABLE "corporates" ADD CONSTRAINT "corporates_status_ck" CHECK ("corporates"."status" IN ('ENABLED', 'DISABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "industry_categories" ADD CONSTRAINT "industry_categories_status_ck" CHECK ("industry_categories"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_status_ck" CHECK ("partner_requests"."status" IN ('REQUESTED', 'ACCEPTED', 'DECLINED'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_ck" CHECK ("email_outbox"."kind" IN ('ACTIVATION', 'RESET', 'APPROVAL_REPORT'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_ck" CHECK ("users"."user_type" IN ('site', 'partner', 'tenant', 'statutory', 'corporate'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" IN ('admin', 'user'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_ck" CHECK ("users"."status" IN ('ENABLED', 'DISABLED'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_password_token_purpose_ck" CHECK ("users"."password_token_purpose" IN ('ACTIVATION', 'RESET'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_entity_ck" CHECK ("audit_logs"."entity" IN ('account', 'user', 'session', 'address', 'subscription', 'partner_request', 'corporate', 'approval_report', 'industry_category', 'master_category', 'parameter', 'derived_parameter', 'diagnostic_param', 'energy_metric', 'energy_parameter'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'WORKING_STATUS_CHANGE', 'PARTNER_CHANGE', 'SUBSCRIPTION_UPDATE', 'ADDRESS_UPDATE', 'APPROVAL', 'DEMO_DATA', 'MAIL', 'LOGIN', 'LOGIN_FAILED', 'PASSWORD_CHANGE', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_SET', 'PRIMARY_USER_CHANGE', 'ACTIVATION_RESENT'));--> statement-breakpoint
ALTER TABLE "derived_expression_properties" ADD CONSTRAINT "derived_expression_properties_data_source_ck" CHECK ("derived_expression_properties"."data_source" IN ('raw', 'minute_15', 'hour', 'day'));--> statement-breakpoint
ALTER TABLE "derived_parameters" ADD CONSTRAINT "derived_parameters_mtype_ck" CHECK ("derived_parameters"."mtype" IN ('stack', 'etp', 'caaqms', 'ground water', 'energy', 'general'));--> statement-breakpoint
ALTER TABLE "derived_parameters" ADD CONSTRAINT "derived_parameters_metric_agg_ck" CHECK ("derived_parameters"."metric_agg" IN ('SUM', 'AVG', 'MIN', 'MAX', 'COUNT'));--> statement-breakpoint
ALTER TABLE "derived_parameters" ADD CONSTRAINT "derived_parameters_metric_downsample_agg_ck" CHECK ("derived_parameters"."metric_downsample_agg" IN ('AVG', 'MIN', 'SUM', 'AVGABS', 'MAX'));--> statement-breakpoint
ALTER TABLE "derived_parameters" ADD CONSTRAINT "derived_parameters_status_ck" CHECK ("derived_parameters"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "master_categories" ADD CONSTRAINT "master_categories_status_ck" CHECK ("master_categories"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_mtype_ck" CHECK ("parameters"."mtype" IN ('stack', 'etp', 'caaqms', 'ground water', 'energy', 'general'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_type_ck" CHECK ("parameters"."type" IN ('NORMAL', 'CAAQMS', 'FUNCTIONAL'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_metric_agg_ck" CHECK ("parameters"."metric_agg" IN ('SUM', 'AVG', 'MIN', 'MAX', 'COUNT'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_metric_downsample_agg_ck" CHECK ("parameters"."metric_downsample_agg" IN ('SUM', 'AVG', 'MIN', 'MAX', 'COUNT'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_data_store_type_ck" CHECK ("parameters"."data_store_type" IN ('device'));--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_status_ck" CHECK ("parameters"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "diagnostic_params" ADD CONSTRAINT "diagnostic_params_status_ck" CHECK ("diagnostic_params"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "diagnostic_params" ADD CONSTRAINT "diagnostic_params_data_upload_method_ck" CHECK ("diagnostic_params"."data_upload_method" IN ('IOT-EDGE', 'IOT-Gateway'));--> statement-breakpoint
ALTER TABLE "makes" ADD CONSTRAINT "makes_type_ck" CHECK ("makes"."type" IN ('Analyser', 'Calibrator', 'Camera'));--> statement-breakpoint
ALTER TABLE "makes" ADD CONSTRAINT "makes_status_ck" CHECK ("makes"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_status_ck" CHECK ("models"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "energy_metrics" ADD CONSTRAINT "energy_metrics_value_ck" CHECK ("energy_metrics"."value" IN ('sum', 'avg', 'min', 'max'));--> statement-breakpoint
ALTER TABLE "energy_metrics" ADD CONSTRAINT "energy_metrics_status_ck" CHECK ("energy_metrics"."status" IN ('ENABLED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "energy_parameters" ADD CONSTRAINT "energy_parameters_category_ck" CHECK ("energy_parameters"."category" IN ('Electrical', 'Thermal', 'Water', 'Fuel', 'Compressed Air'));--> statement-breakpoint
ALTER TABLE "energy_parameters" ADD CONSTRAINT "energy_parameters_status_ck" CHECK ("energy_parameters"."status" IN ('ENABLED', 'DELETED'));