import type { Ctx } from "../ctx";
import type { ProviderFactory } from "./provider";
import { EmbeddingService } from "./service";

/** Starts (once per database) the embedding service in the background: ctx.services.embeddings. */
export function startEmbeddings(ctx: Ctx, factory?: ProviderFactory): EmbeddingService {
  const { services } = ctx;
  if (services.embeddings) return services.embeddings;
  const env = {
    sqlite: ctx.sqlite,
    config: ctx.config,
    dataDir: ctx.dataDir,
    publish: (status: typeof services.searchStatus) => (services.searchStatus = status),
  };
  const service = new EmbeddingService(env, factory);
  services.embeddings = service;
  service.loaded = service.start();
  return service;
}

export async function stopEmbeddings(ctx: Ctx) {
  const service = ctx.services.embeddings;
  ctx.services.embeddings = undefined;
  await service?.stop();
}
