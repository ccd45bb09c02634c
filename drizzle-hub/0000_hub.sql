CREATE TABLE "hub_access" (
	"team" text NOT NULL,
	"project" text NOT NULL,
	CONSTRAINT "hub_access_team_project_pk" PRIMARY KEY("team","project")
);
--> statement-breakpoint
CREATE TABLE "hub_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"project" text,
	"memory_id" text,
	"seq" bigint,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "hub_memories" (
	"id" text PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"tags" jsonb NOT NULL,
	"tokens" "tsvector" NOT NULL,
	"embedding" real[],
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"team" text NOT NULL,
	"token_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "hub_users_name_unique" UNIQUE("name"),
	CONSTRAINT "hub_users_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "hub_versions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"change_id" text NOT NULL,
	"memory_id" text NOT NULL,
	"project" text NOT NULL,
	"base_seq" bigint,
	"overwrote_seq" bigint,
	"author" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hub_audit_at_idx" ON "hub_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "hub_memories_tokens_idx" ON "hub_memories" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "hub_memories_project_idx" ON "hub_memories" USING btree ("project","deleted");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_versions_change_idx" ON "hub_versions" USING btree ("change_id");--> statement-breakpoint
CREATE INDEX "hub_versions_project_seq_idx" ON "hub_versions" USING btree ("project","seq");