CREATE TABLE `memory_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `memories_created_idx`;--> statement-breakpoint
DROP INDEX `memories_updated_idx`;--> statement-breakpoint
DROP INDEX `memories_pinned_idx`;--> statement-breakpoint
CREATE INDEX `memories_pinned_idx` ON `memories` (`status`) WHERE pinned = 1;--> statement-breakpoint
-- Every change that can make a memory a near duplicate or stop it being one is logged, whoever
-- makes it (the server, another process, plain SQL). Creates are not: their seqs only grow.
CREATE TRIGGER `memory_changes_update` AFTER UPDATE OF `content`, `status`, `scope`, `project_id`, `session_id` ON `memories`
BEGIN
  INSERT INTO `memory_changes` (`seq`) VALUES (old.`seq`);
END;--> statement-breakpoint
CREATE TRIGGER `memory_changes_delete` AFTER DELETE ON `memories`
BEGIN
  INSERT INTO `memory_changes` (`seq`) VALUES (old.`seq`);
END;
