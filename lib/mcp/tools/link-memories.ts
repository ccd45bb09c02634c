import { z } from "zod";
import { linkMemories } from "../../memories";
import { LINK_KINDS } from "../../vocabulary";
import { memoryId } from "../args";
import { osmLinkKind } from "../compat";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const linkMemoriesTool = defineTool({
  name: "link_memories",
  description: "Link two memories: relates (default), supersedes (from replaces to), contradicts, derived_from.",
  input: { from: memoryId, to: memoryId, kind: z.enum(LINK_KINDS).optional() },
  argAliases: { source_memory_id: "from", target_memory_id: "to", link_type: "kind" },
  adaptValues: (args) => ({ ...args, kind: osmLinkKind(args.kind) }),
  run: ({ from, to, kind }, env) => {
    const link = linkMemories(env.ctx, from, to, kind ?? "relates");
    return toolResult(`Linked ${from} ${link.kind} ${to}.`, { link });
  },
});
