-- The platform (site) account always exists with id 1 (spec §9).
INSERT INTO "accounts" ("id", "type", "name", "status") VALUES (1, 'site', 'Vayu Platform', 'ENABLED') ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('accounts', 'id'), GREATEST((SELECT max("id") FROM "accounts"), 1));
