-- Lexical index over app-tokenized text (lib/search/tokenizer.ts does stemming, CJK bigrams and
-- code-aware splitting; FTS5 only splits the result on whitespace). rowid = memories.seq.
CREATE VIRTUAL TABLE IF NOT EXISTS `memory_fts` USING fts5(`title`, `tags`, `content`, tokenize = 'unicode61 remove_diacritics 0');
