CREATE TABLE "organization_ai_models" (
	"organization_id" uuid NOT NULL,
	"capability" text NOT NULL,
	"provider" text NOT NULL,
	"base_url" text,
	"model" text NOT NULL,
	"api_key_sealed" text,
	"api_key_hint" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_ai_models_organization_id_capability_pk" PRIMARY KEY("organization_id","capability"),
	CONSTRAINT "organization_ai_models_capability" CHECK (capability in ('chat', 'embedding', 'image', 'speech', 'transcription', 'video')),
	CONSTRAINT "organization_ai_models_provider" CHECK (provider in ('openai', 'openai-compatible', 'elevenlabs', 'fal', 'replicate'))
);
--> statement-breakpoint
ALTER TABLE "organization_ai_models" ADD CONSTRAINT "organization_ai_models_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_ai_models" ADD CONSTRAINT "organization_ai_models_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;