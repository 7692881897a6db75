CREATE SEQUENCE "public"."readings_days_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "readings_days" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"version" bigint DEFAULT nextval('readings_days_version_seq') NOT NULL,
	"points" text,
	CONSTRAINT "readings_days_tenant_id_device_id_parameter_id_day_pk" PRIMARY KEY("tenant_id","device_id","parameter_id","day")
);
