import { v7 as uuidv7 } from "uuid";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { TeamVersionDto } from "../contracts/team";
import { appendVersion } from "../memories/append-version";
import type { MemoryRow } from "../memories/dto";

/**
 * A concurrent edit lost to the later one (by hub seq): its text is kept as a version of the memory
 * and proposed in the inbox as a merge of the memory alone with that text as the suggestion
 * (approving it puts the other edit back; that is then synced like any edit). Once per hub version.
 */
export function proposeLostEdit(
  ctx: Ctx,
  memory: MemoryRow,
  lost: Pick<TeamVersionDto, "seq" | "author" | "title" | "content" | "category" | "tags">,
  options: { alreadyAVersion?: boolean } = {},
): void {
  if (lost.content === memory.content) return;
  if (!options.alreadyAVersion)
    appendVersion(
      ctx.sqlite,
      memory.id,
      { ...memory, title: lost.title, content: lost.content, category: lost.category, tags: lost.tags },
      "api",
      `team: a concurrent edit by ${lost.author} (hub seq ${lost.seq}), replaced by a later one`,
    );
  prepared(
    ctx.sqlite,
    `INSERT INTO proposals (id, kind, fingerprint, project_id, memory_ids, reason, evidence, suggestion, memory_state)
     VALUES (?, 'merge', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fingerprint) DO NOTHING`,
  ).run(
    uuidv7(),
    `team-conflict:${memory.id}:${lost.seq}`,
    memory.projectId,
    JSON.stringify([memory.id]),
    `Two machines edited this team memory at once; the later edit (by hub order) was kept. Approve to take ${lost.author}'s edit instead.`,
    JSON.stringify({ team: { lostSeq: lost.seq, author: lost.author } }),
    lost.content,
    JSON.stringify({ [memory.id]: `${memory.contentHash}:${memory.status}` }),
  );
  prepared(ctx.sqlite, "UPDATE team_memories SET state = 'conflict' WHERE memory_id = ?").run(memory.id);
}
