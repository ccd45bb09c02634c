import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { IngestedSessionDto, IngestResult } from "../../lib/contracts/maintenance";
import { defaultOpencodeDb } from "../../lib/ingest/source";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { oneLine } from "../lib/output";
import { list } from "../lib/project";
import { intArg } from "./memories";

const BATCH = 5;

export function registerIngest(program: Command) {
  program
    .command("ingest")
    .description("bring past OpenCode sessions into memory: one checkpoint and extracted suggestions per session, in its project (incremental)")
    .option("--db <file>", "OpenCode's database (default: OPENCODE_DB, else $XDG_DATA_HOME/opencode/opencode.db)")
    .option("--session <ids>", "only these sessions (comma-separated)")
    .option("--no-subagents", "skip sub-agent sessions")
    .option("-n, --limit <n>", "ingest at most this many sessions", intArg("limit"))
    .option("--dry-run", "list the sessions that would be ingested")
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ db?: string; session?: string; subagents: boolean; limit?: number; dryRun?: boolean }>(cmd);
      const source = path.resolve(opts.db ?? defaultOpencodeDb());
      if (!fs.existsSync(source))
        throw new CliError(`no OpenCode database at ${source}`, EXIT.notFound, "pass --db, or set OPENCODE_DB (`opencode db path` prints it)");
      const base = { source, sessionIds: list(opts.session), includeSubagents: opts.subagents };

      if (opts.dryRun) {
        const r = await client.json<IngestResult>("/api/maintenance/ingest", { json: { ...base, dryRun: true, limit: Math.min(opts.limit ?? 1000, 1000) } });
        out.result(r, (x: IngestResult) => [
          `${x.pending} of ${x.total} OpenCode sessions would be ingested from ${source}:`,
          ...x.ingested.map(
            (s) => `  ${s.sessionId}  ${s.kind === "updated" ? "(grown) " : ""}${s.messages} messages  ${oneLine(s.title, 50)}  ${s.directory}`,
          ),
        ]);
        return;
      }

      const ingested: IngestedSessionDto[] = [];
      const errors: IngestResult["errors"] = [];
      let first: IngestResult | undefined;
      let bar: ReturnType<typeof out.progress> | undefined;
      const cap = opts.limit ?? Infinity;
      try {
        while (ingested.length + errors.length < cap) {
          const limit = Math.min(BATCH, cap - ingested.length - errors.length);
          const r = await client.json<IngestResult>("/api/maintenance/ingest", {
            json: { ...base, limit, excludeSessionIds: errors.length ? errors.map((e) => e.sessionId) : undefined },
            timeoutMs: 10 * 60_000,
          });
          if (!first) {
            first = r;
            bar = out.progress(Math.min(r.pending, cap), "Ingesting");
          }
          ingested.push(...r.ingested);
          errors.push(...r.errors);
          bar?.update(ingested.length + errors.length);
          if (r.remaining === 0 || r.ingested.length + r.errors.length === 0) break;
        }
      } finally {
        bar?.stop();
      }
      const result = { source, total: first?.total ?? 0, pending: first?.pending ?? 0, ingested, errors };
      out.result(result, () => [
        ingested.length || errors.length
          ? `Ingested ${ingested.length} session(s) from ${source}: ${ingested.reduce((a, s) => a + s.suggestions, 0)} suggestion(s) to review, ${new Set(ingested.map((s) => s.projectId)).size} project(s).`
          : `Nothing new to ingest from ${source} (${first?.total ?? 0} sessions, all ingested already).`,
        ...ingested.map((s) => `  ${s.sessionId}  ${s.messages} messages  ${s.suggestions} suggestion(s)  ${oneLine(s.title, 50)}`),
        ...errors.map((e) => `  failed ${e.sessionId}: ${e.message}`),
      ]);
      if (errors.length) process.exitCode = EXIT.failure;
    });
}
