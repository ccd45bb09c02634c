import { z } from "zod";
import { getMemory, listLinks, toMemoryDto } from "../../memories";
import { LINK_KINDS } from "../../vocabulary";
import { compactArg, memoryId } from "../args";
import { osmLinkKind } from "../compat";
import { formatMemory } from "../format";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const getLinkedMemories = defineTool({
  name: "get_linked_memories",
  description: "The memories linked to one (relates, supersedes, contradicts, derived_from).",
  input: { memory_id: memoryId, link_types: z.array(z.enum(LINK_KINDS)).min(1).max(LINK_KINDS.length).optional(), compact: compactArg },
  annotations: { readOnlyHint: true },
  adaptValues: (args) => (Array.isArray(args.link_types) ? { ...args, link_types: [...new Set(args.link_types.map(osmLinkKind))] } : args),
  run: (args, env) => {
    getMemory(env.ctx, args.memory_id);
    const links = listLinks(env.ctx, args.memory_id).filter((l) => !args.link_types || args.link_types.includes(l.kind));
    const linked = links.map((l) => {
      const otherId = l.from === args.memory_id ? l.to : l.from;
      return { kind: l.kind, direction: l.from === args.memory_id ? "out" : "in", memory: toMemoryDto(getMemory(env.ctx, otherId)) };
    });
    const text = linked.length
      ? linked.map((l) => `${l.direction === "out" ? "→" : "←"} ${l.kind} ${formatMemory(l.memory, args.compact)}`).join(args.compact ? "\n" : "\n\n")
      : "No linked memories.";
    return toolResult(text, { links: linked });
  },
});
