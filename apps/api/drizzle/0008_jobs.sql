CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"result" jsonb,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_ck" CHECK ("jobs"."state" IN ('queued', 'active', 'completed', 'dead')),
	CONSTRAINT "jobs_attempts_ck" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("queue","singleton_key") WHERE "jobs"."singleton_key" IS NOT NULL AND "jobs"."state" IN ('queued', 'active');--> statement-breakpoint
CREATE INDEX "jobs_queue_state_idx" ON "jobs" USING btree ("queue","state");--> statement-breakpoint
-- Mail the outbox timer had not delivered yet becomes mail.send jobs, so it still goes out after the upgrade.
INSERT INTO "jobs" ("queue", "payload", "max_attempts") SELECT 'mail.send', jsonb_build_object('emailId', "id"), 8 FROM "email_outbox" WHERE "sent_at" IS NULL AND "created_at" > now() - interval '7 days' ORDER BY "id";
