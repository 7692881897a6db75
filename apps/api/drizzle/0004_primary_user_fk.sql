-- accounts.primary_user_id references users, which reference accounts: the key is added here.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_primary_user_id_users_id_fk" FOREIGN KEY ("primary_user_id") REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Users seeded before activation existed count as activated.
UPDATE "users" SET "activated_at" = "created_at" WHERE "activated_at" IS NULL;
