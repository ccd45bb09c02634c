-- Search reads each candidate's tokens from the heap: keep the rows it reads narrow. A machine's
-- embedding (1.5 KB at 384 dimensions) goes out of line to the TOAST table, uncompressed (floats do
-- not compress); the tokens stay in line. Applies to rows written from now on.
ALTER TABLE "hub_memories" ALTER COLUMN "embedding" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "hub_memories" ALTER COLUMN "tokens" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "hub_memories" SET (toast_tuple_target = 512);
