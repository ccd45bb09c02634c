import path from "node:path";
import type { Command } from "commander";
import type { SearchOutput } from "../../lib/contracts/search";
import { commandContext } from "../lib/command-context";
import { memoryBlock } from "../lib/format";
import { gitRoot, list } from "../lib/project";
import { intArg } from "./memories";

export function registerSearch(program: Command) {
  program
    .command("search")
    .description("hybrid search (lexical + vectors) over memories; prints each result's content")
    .argument("<query...>", "what to look for")
    .option("-n, --limit <n>", "how many results (1-100)", intArg("limit"), 10)
    .option("--scope <scopes>", "comma-separated: global, project, session")
    .option("--category <categories>", "comma-separated categories")
    .option("--status <statuses>", "comma-separated statuses (default: active)")
    .option("-d, --directory <dir>", "rank this project's memories first (default: the current git project)")
    .option("-p, --project <id>", "a project id instead of a directory")
    .option("--lexical", "lexical search only")
    .option("--explain", "show how each result was ranked")
    .action(async (words: string[], _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        limit: number;
        scope?: string;
        category?: string;
        status?: string;
        directory?: string;
        project?: string;
        lexical?: boolean;
        explain?: boolean;
      }>(cmd);
      const body: Record<string, unknown> = { query: words.join(" "), limit: opts.limit, explain: !!opts.explain };
      if (opts.scope) body.scopes = list(opts.scope);
      if (opts.category) body.categories = list(opts.category);
      if (opts.status) body.statuses = list(opts.status);
      if (opts.lexical) body.mode = "lexical";
      if (opts.project) body.project = opts.project;
      else if (opts.directory) body.directory = path.resolve(opts.directory);
      else if (gitRoot()) body.directory = process.cwd();
      const res = await client.json<SearchOutput>("/api/search", { json: body });
      out.result(res, (r: SearchOutput) => {
        if (!r.results.length) return `No memories match "${body.query}" (${r.mode} search).`;
        const lines = r.results.map((m, i) => {
          const explain = m.explain
            ? `\n    lexical #${m.explain.lexicalRank ?? "-"}  vector #${m.explain.vectorRank ?? "-"}  base ${m.explain.base.toFixed(3)}  boosts ${JSON.stringify(m.explain.boosts)}`
            : "";
          return `${i + 1}. ${memoryBlock(m, { full: true })}${explain}`;
        });
        return [...lines, "", `${r.results.length} result(s), ${r.mode} search (${r.reason}), ${r.tookMs} ms`];
      });
    });
}
