CREATE TABLE `browser_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `browser_sessions_expires_idx` ON `browser_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `login_tickets` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_tickets_expires_idx` ON `login_tickets` (`expires_at`);