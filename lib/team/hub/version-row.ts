import type { TeamVersionDto } from "../../contracts/team";

/** The columns of hub_versions as a TeamVersionDto (bigints as numbers: seqs stay far below 2^53). */
export const VERSION_COLUMNS = `seq::float8 AS seq, memory_id AS "memoryId", project, base_seq::float8 AS "baseSeq",
  overwrote_seq::float8 AS "overwroteSeq", author, deleted, category, title, content, tags, created_at AS "createdAt"`;

export const toVersionDto = (row: TeamVersionDto & { createdAt: string | Date }): TeamVersionDto => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});
