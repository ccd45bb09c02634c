CREATE TABLE `tracker_items` (
	`ref` text PRIMARY KEY NOT NULL,
	`data` text,
	`error` text,
	`fetched_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracker_items_expires_idx` ON `tracker_items` (`expires_at`);