CREATE TABLE `consolidation_runs` (
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`ran_at` integer NOT NULL,
	`seq_mark` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `inbox_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`before` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`undone_at` integer
);
--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`fingerprint` text NOT NULL,
	`project_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`memory_ids` text NOT NULL,
	`reason` text NOT NULL,
	`evidence` text NOT NULL,
	`suggestion` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_fingerprint_unique` ON `proposals` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `proposals_open_idx` ON `proposals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `proposals_project_idx` ON `proposals` (`project_id`,`status`);