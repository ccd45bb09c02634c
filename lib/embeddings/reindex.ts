import type { ReindexProgress } from "../contracts/search";
import type { Ctx } from "../ctx";
import { AppError } from "../errors";
import { readMeta } from "./meta";

/**
 * Re-embeds every memory with the configured model (after a model or dimension change), in
 * batches in the background. Returns the progress at once; poll `reindexProgress`.
 */
export async function startReindex(ctx: Ctx, waitForLoadMs = 60_000): Promise<ReindexProgress> {
  const service = ctx.services.embeddings;
  if (!service || ctx.config.embedding.provider === "none") {
    // A setting, not a passing state: 409, since retrying will not help (503 would say it might).
    throw new AppError("conflict", "embeddings are off (embedding.provider = none): nothing to reindex with");
  }
  // Right after a start the model may still be loading: wait for it a while rather than refuse.
  if (service.state === "loading") {
    await Promise.race([service.loaded, new Promise((r) => setTimeout(r, waitForLoadMs).unref?.())]);
  }
  // Checked here, not only in the service: the service may live in another bundle of the server
  // (started by instrumentation), whose AppError class the route's error mapping would not know.
  if (!service.provider) {
    throw new AppError("unavailable", `no embedding model is loaded (${service.reason}); nothing to reindex with`);
  }
  return service.startReindex();
}

export function reindexProgress(ctx: Ctx): ReindexProgress {
  const service = ctx.services.embeddings;
  if (service) return service.reindexProgress();
  const m = readMeta(ctx.sqlite);
  return {
    state: (m.reindex_state as ReindexProgress["state"]) ?? "idle",
    total: Number(m.reindex_total ?? 0),
    done: 0,
    startedAt: null,
    finishedAt: null,
    error: m.reindex_error ?? null,
    model: m.model ?? null,
    dimension: m.dimension ? Number(m.dimension) : null,
  };
}
