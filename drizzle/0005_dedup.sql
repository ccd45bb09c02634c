CREATE TABLE `dedup_models` (
	`model` text PRIMARY KEY NOT NULL,
	`strict_cosine` real NOT NULL,
	`similar_cosine` real NOT NULL,
	`random_pair_cosine` real,
	`sample_basis` text,
	`sample_size` integer DEFAULT 0 NOT NULL,
	`measured_at` integer
);
--> statement-breakpoint
CREATE TABLE `merge_proposals` (
	`memory_id` text NOT NULL,
	`similar_to` text NOT NULL,
	`cosine` real,
	`lexical` real NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`memory_id`, `similar_to`),
	FOREIGN KEY (`memory_id`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`similar_to`) REFERENCES `memories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `merge_proposals_similar_idx` ON `merge_proposals` (`similar_to`);--> statement-breakpoint
CREATE INDEX `merge_proposals_open_idx` ON `merge_proposals` (`status`,`created_at`);