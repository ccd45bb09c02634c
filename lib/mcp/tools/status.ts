import { boot } from "../../boot";
import { embeddingStatus } from "../../embeddings/status";
import { enrichmentProblems } from "../../enrichment";
import { health } from "../../health";
import { dbSize } from "../../maintenance/db-size";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const status = defineTool({
  name: "status",
  description: "Recollect's health: version, search mode (hybrid or lexical) and why, embedding queue, database size, memory counts.",
  input: {},
  annotations: { readOnlyHint: true },
  run: (_a, env) => {
    const { startedAt, opened } = boot();
    const h = health(env.ctx, startedAt, opened.vecVersion);
    const e = embeddingStatus(env.ctx);
    const size = dbSize(env.ctx.sqlite);
    const counts = Object.entries(h.counts.memories)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    const text = [
      `Recollect ${h.version}: ${h.status}`,
      `search: ${e.mode} (${e.reason}); embedding queue ${e.queueDepth}, failed ${e.failed}`,
      `database: ${h.database.sizeBytes} bytes (+ WAL ${h.database.walBytes})`,
      `memories: ${counts || "none"}; active sessions ${h.counts.sessionsActive}`,
      ...enrichmentProblems(env.ctx).map((p) => `enrichment: ${p}`),
    ].join("\n");
    return toolResult(text, { health: h, embeddings: e, dbSize: size, enrichment: enrichmentProblems(env.ctx) });
  },
});
