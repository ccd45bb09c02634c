DROP INDEX `memories_category_idx`;--> statement-breakpoint
DROP INDEX `memories_session_idx`;--> statement-breakpoint
CREATE INDEX `memories_status_updated_idx` ON `memories` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_updated_idx` ON `memories` (`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_category_idx` ON `memories` (`category`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `memories_session_idx` ON `memories` (`session_id`) WHERE session_id IS NOT NULL;--> statement-breakpoint
-- The lexical index keeps no copy of the text (contentless): search never reads it back, and not
-- writing it makes every memory write cheaper. Rebuilt from `memories` when the database opens
-- (lib/search/lexical-index.ts), because the stored lexical index version is cleared here.
DROP TABLE IF EXISTS `memory_fts`;--> statement-breakpoint
CREATE VIRTUAL TABLE `memory_fts` USING fts5(`title`, `tags`, `content`, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0');--> statement-breakpoint
DELETE FROM `embedding_meta` WHERE `key` = 'lexical_index_version';
