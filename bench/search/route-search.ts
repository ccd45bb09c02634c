import { searchInput } from "../../lib/contracts/search";
import type { Ctx } from "../../lib/ctx";
import { batchedAccess } from "../../lib/search/access-buffer";
import { searchMemories } from "../../lib/search/search";
import { corpus } from "./corpus";
import { speedProject } from "./load";

/**
 * A search in process as `POST /api/search` answers it: the body through the contract (its
 * defaults), the verb with the batched access write, the answer's JSON text. Then a turn of the
 * event loop, as between the server's requests: the access write's timer and the postings'
 * lengths load (lexical-postings.ts) run there.
 */
export async function searchAsRoute(ctx: Ctx, body: unknown): Promise<string> {
  const input = searchInput.parse(JSON.parse(JSON.stringify(body)));
  const answer = JSON.stringify(await searchMemories(ctx, input, { defer: batchedAccess(ctx) }));
  await new Promise((resolve) => setImmediate(resolve));
  return answer;
}

/** The speed bench's i-th lexical request body (its questions in turn, a project on two in three). */
export function lexicalSpeedBody(i: number) {
  const { questions } = corpus();
  return { query: questions[i % questions.length], project: speedProject(i), limit: 10, mode: "lexical" };
}
