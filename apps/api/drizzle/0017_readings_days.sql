CREATE TABLE "readings_days" (
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"points" text,
	CONSTRAINT "readings_days_tenant_id_device_id_parameter_id_day_pk" PRIMARY KEY("tenant_id","device_id","parameter_id","day")
);
