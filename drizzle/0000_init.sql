CREATE TABLE `access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` text,
	`kind` text NOT NULL,
	`session_id` text,
	`query` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `access_log_memory_idx` ON `access_log` (`memory_id`);--> statement-breakpoint
CREATE INDEX `access_log_created_idx` ON `access_log` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `ccr_entries` (
	`hash` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`tool` text,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ccr_expires_idx` ON `ccr_entries` (`expires_at`);--> statement-breakpoint
CREATE TABLE `checkpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text,
	`session_id` text NOT NULL,
	`trigger` text NOT NULL,
	`markdown` text NOT NULL,
	`raw_messages` blob NOT NULL,
	`message_count` integer NOT NULL,
	`extracted` text NOT NULL,
	`tokens_raw` integer DEFAULT 0 NOT NULL,
	`tokens_summary` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `checkpoints_project_idx` ON `checkpoints` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `checkpoints_session_idx` ON `checkpoints` (`session_id`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` text NOT NULL,
	`item` text NOT NULL,
	`kind` text DEFAULT 'item' NOT NULL,
	`session_id` text NOT NULL,
	`note` text,
	`claimed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_item_idx` ON `claims` (`project_id`,`item`);--> statement-breakpoint
CREATE INDEX `claims_session_idx` ON `claims` (`session_id`);--> statement-breakpoint
CREATE TABLE `compression_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `compression_cache_expires_idx` ON `compression_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `compression_stats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`tokens_before` integer NOT NULL,
	`tokens_after` integer NOT NULL,
	`by_strategy` text NOT NULL,
	`duration_ms` real DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `compression_stats_session_idx` ON `compression_stats` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `compression_stats_created_idx` ON `compression_stats` (`created_at`);--> statement-breakpoint
CREATE TABLE `embedding_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `embedding_queue` (
	`memory_id` text PRIMARY KEY NOT NULL,
	`enqueued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ingested_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`checkpoint_id` text,
	`message_count` integer NOT NULL,
	`ingested_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `kv` (
	`project_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `kv_expires_idx` ON `kv` (`expires_at`);--> statement-breakpoint
CREATE TABLE `llm_usage` (
	`day` text PRIMARY KEY NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `memories` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`project_id` text,
	`scope` text NOT NULL,
	`session_id` text,
	`category` text NOT NULL,
	`title` text,
	`content` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`content_hash` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_accessed_at` integer,
	`access_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memories_id_unique` ON `memories` (`id`);--> statement-breakpoint
CREATE INDEX `memories_scope_idx` ON `memories` (`scope`,`project_id`,`status`);--> statement-breakpoint
CREATE INDEX `memories_hash_idx` ON `memories` (`content_hash`);--> statement-breakpoint
CREATE INDEX `memories_status_created_idx` ON `memories` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `memories_created_idx` ON `memories` (`created_at`);--> statement-breakpoint
CREATE INDEX `memories_category_idx` ON `memories` (`category`,`status`);--> statement-breakpoint
CREATE INDEX `memories_pinned_idx` ON `memories` (`pinned`,`status`);--> statement-breakpoint
CREATE INDEX `memories_session_idx` ON `memories` (`session_id`);--> statement-breakpoint
CREATE TABLE `memory_entities` (
	`memory_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`memory_id`, `kind`, `value`),
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memory_entities_value_idx` ON `memory_entities` (`kind`,`value`);--> statement-breakpoint
CREATE TABLE `memory_links` (
	`from_id` text NOT NULL,
	`to_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`from_id`, `to_id`, `kind`),
	FOREIGN KEY (`from_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memory_links_to_idx` ON `memory_links` (`to_id`);--> statement-breakpoint
CREATE TABLE `memory_tags` (
	`memory_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`memory_id`, `tag`),
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memory_tags_tag_idx` ON `memory_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `memory_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` text NOT NULL,
	`version` integer NOT NULL,
	`title` text,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`tags` text NOT NULL,
	`pinned` integer NOT NULL,
	`priority` integer NOT NULL,
	`status` text NOT NULL,
	`scope` text NOT NULL,
	`changed_by` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memory_versions_memory_idx` ON `memory_versions` (`memory_id`,`version`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`root_path` text,
	`identity` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text,
	`title` text,
	`agent` text,
	`status` text DEFAULT 'active' NOT NULL,
	`summary` text,
	`working_on` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_heartbeat_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`ended_at` integer,
	`resume_delivered_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sessions_project_idx` ON `sessions` (`project_id`,`status`,`last_heartbeat_at`);