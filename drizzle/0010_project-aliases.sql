CREATE TABLE `project_aliases` (
	`alias` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`remote` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_aliases_project_idx` ON `project_aliases` (`project_id`);