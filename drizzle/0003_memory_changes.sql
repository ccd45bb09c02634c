CREATE TABLE `memory_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `memories_created_idx`;--> statement-breakpoint
DROP INDEX `memories_updated_idx`;--> statement-breakpoint
DROP INDEX `memories_pinned_idx`;--> statement-breakpoint
CREATE INDEX `memories_pinned_idx` ON `memories` (`status`) WHERE pinned = 1;