ALTER TABLE `proposals` ADD `memory_state` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `closed_reason` text;