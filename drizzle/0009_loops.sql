CREATE TABLE `loop_phases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`loop_id` text NOT NULL,
	`iteration` integer NOT NULL,
	`kind` text NOT NULL,
	`session_id` text,
	`status` text DEFAULT 'running' NOT NULL,
	`promise_seen` integer DEFAULT false NOT NULL,
	`findings` integer DEFAULT 0 NOT NULL,
	`commit` text,
	`tokens_input` integer DEFAULT 0 NOT NULL,
	`tokens_output` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`loop_id`) REFERENCES `loops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `loop_phases_key_idx` ON `loop_phases` (`loop_id`,`iteration`,`kind`);--> statement-breakpoint
CREATE TABLE `loops` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text,
	`slug` text NOT NULL,
	`task` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`phase` text,
	`iteration` integer DEFAULT 0 NOT NULL,
	`max_iterations` integer NOT NULL,
	`min_audits` integer NOT NULL,
	`audit` integer NOT NULL,
	`mode` text NOT NULL,
	`sandbox` text DEFAULT 'none' NOT NULL,
	`model` text,
	`completion_promise` text NOT NULL,
	`directory` text NOT NULL,
	`branch` text,
	`worktree_path` text,
	`audits_done` integer DEFAULT 0 NOT NULL,
	`consecutive_errors` integer DEFAULT 0 NOT NULL,
	`stalls` integer DEFAULT 0 NOT NULL,
	`findings_open` integer DEFAULT 0 NOT NULL,
	`findings_resolved` integer DEFAULT 0 NOT NULL,
	`tokens_input` integer DEFAULT 0 NOT NULL,
	`tokens_output` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`last_error` text,
	`driver` text,
	`driver_seen_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `loops_project_idx` ON `loops` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `loops_status_idx` ON `loops` (`status`);