CREATE TABLE `team_applying` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `team_hub` (
	`id` integer PRIMARY KEY NOT NULL,
	`machine_id` text NOT NULL,
	`url` text NOT NULL,
	`token` text NOT NULL,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_sync_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `team_memories` (
	`memory_id` text PRIMARY KEY NOT NULL,
	`hub_seq` integer,
	`hub_project` text,
	`state` text DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `team_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `team_projects` (
	`project_id` text PRIMARY KEY NOT NULL,
	`hub_project` text NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_projects_hub_project_unique` ON `team_projects` (`hub_project`);