import type { ParsedTeamSearchQuery } from "../../contracts/team";
import { queryTerms } from "../../search/tokenizer";
import type { Hub } from "./open";
import { requireProjectAccess, type HubUser } from "./users";

export interface TeamSearchHit {
  id: string;
  seq: number;
  title: string | null;
  content: string;
  category: string;
  score: number;
}

/** A tsquery matching any of the terms, each quoted as one lexeme (the tokens are letters and digits only). */
export const anyTermQuery = (terms: readonly string[]) => terms.map((t) => `'${t.replace(/['\\]/g, "")}'`).join(" | ");

/**
 * Full-text search over a project's team memories on the hub: Recollect's own query terms against
 * the tsvector of its index terms (GIN), ranked by ts_rank, so CJK bigrams and stems match as they
 * do in the local SQLite index.
 */
export async function searchTeamMemories(hub: Hub, user: HubUser, query: ParsedTeamSearchQuery): Promise<TeamSearchHit[]> {
  await requireProjectAccess(hub, user, [query.project]);
  const terms = [...new Set(queryTerms(query.query))];
  if (!terms.length) return [];
  const { rows } = await hub.pool.query<TeamSearchHit>(
    `SELECT id, seq::float8 AS seq, title, content, category, ts_rank(tokens, s.q)::float8 AS score
       FROM hub_memories, (SELECT $2::tsquery AS q) s
      WHERE project = $1 AND NOT deleted AND tokens @@ s.q
      ORDER BY score DESC, seq DESC LIMIT $3`,
    [query.project, anyTermQuery(terms), query.limit],
  );
  return rows;
}
