DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_created_id_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_created_id_idx" ON "audit_logs" USING btree ("tenant_id","created_at","id");