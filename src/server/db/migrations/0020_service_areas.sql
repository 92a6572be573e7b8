CREATE TABLE "service_areas" (
	"zip_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_areas_zip_code_format" CHECK ("service_areas"."zip_code" ~ '^[0-9]{5}$')
);
