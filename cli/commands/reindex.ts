import type { Command } from "commander";
import type { EmbeddingStatus, ReindexProgress } from "../../lib/contracts/search";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { sleep } from "../lib/server-process";

export function registerReindex(program: Command) {
  program
    .command("reindex")
    .description("re-embed every memory with the current embedding model (after a model change), with progress")
    .option("--no-wait", "start it and return at once")
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ wait: boolean }>(cmd);
      const status = await client.json<EmbeddingStatus>("/api/embeddings/status");
      if (status.provider === "none")
        throw new CliError(
          "embeddings are off (embedding.provider is none): nothing to reindex",
          EXIT.failure,
          "set RECOLLECT_EMBEDDING_PROVIDER and restart the server",
        );
      let progress = await client.json<ReindexProgress>("/api/embeddings/reindex", { method: "POST", json: {} });
      if (!opts.wait) {
        out.result(progress, (p: ReindexProgress) => `Reindex ${p.state}: ${p.done}/${p.total} (follow it with \`recollect reindex\` or \`recollect stats\`).`);
        return;
      }
      const bar = out.progress(Math.max(progress.total, 1), "Reindexing");
      try {
        while (progress.state === "running") {
          bar.update(progress.done, Math.max(progress.total, 1));
          await sleep(500);
          progress = await client.json<ReindexProgress>("/api/embeddings/reindex");
        }
        bar.update(progress.done, Math.max(progress.total, 1));
      } finally {
        bar.stop();
      }
      out.result(progress, (p: ReindexProgress) =>
        p.state === "failed"
          ? `Reindex failed after ${p.done}/${p.total}: ${p.error}`
          : `Reindexed ${p.done}/${p.total} memories with ${p.model ?? "the model"} (${p.dimension ?? "?"} dimensions).`,
      );
      if (progress.state === "failed") process.exitCode = EXIT.failure;
    });
}
