/**
 * How long the real OpenCode 1 (the pinned binary) takes between a prompt's `chat.message` hook and
 * the first `experimental.chat.messages.transform` of that prompt: the time the plugin has to run
 * work ahead of the turn's request (the recall search, `POST /api/context/recall/warm`,
 * plugin/hooks/messages.ts `warmRecall`). A probe plugin (no Recollect code) notes both hooks'
 * wall clock; a fake LLM on loopback answers every prompt with a `read` of a large file and then
 * a text, so the history grows each prompt. The first prompt (OpenCode's own start-up) is left out.
 *
 *   npx tsx bench/plugin/hook-gap.ts [--turns 40]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeLlm } from "../../e2e/opencode/helpers/fake-llm";
import { newSession, prompt, startOpencode } from "../../e2e/opencode/helpers/opencode";
import { numberArg } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";

const TURNS = numberArg(process.argv.slice(2), "--turns", 40);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hook-gap-"));
  const log = path.join(dir, "hooks.log");
  const probe = path.join(dir, "probe.mjs");
  fs.writeFileSync(
    probe,
    `import fs from "node:fs";
const note = (line) => fs.appendFileSync(${JSON.stringify(log)}, line + "\\n");
export default async () => ({
  "chat.message": async () => note("chat " + (performance.timeOrigin + performance.now())),
  "experimental.chat.messages.transform": async (_input, output) => note("transform " + (performance.timeOrigin + performance.now()) + " " + output.messages.length),
});
`,
  );
  const big = Array.from({ length: 1800 }, (_, i) => `line ${i}: ${"lorem ipsum dolor sit amet ".repeat(3)}`).join("\n");
  const llm = await startFakeLlm((req) =>
    req.messages[req.messages.length - 1]!.role === "user" ? { toolCalls: [{ name: "read", args: { filePath: "big.txt" } }] } : { text: "done" },
  );
  const oc = await startOpencode({ llmUrl: llm.url, plugin: false, config: { plugin: [probe] }, files: { "big.txt": big }, contextLimit: 2_000_000 });
  try {
    const sid = await newSession(oc);
    for (let t = 0; t <= TURNS; t++) await prompt(oc, sid, `turn ${t}: read big.txt again and tell me about the cache config`);
  } finally {
    await oc.stop();
    await llm.close();
  }
  const lines = fs
    .readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(" "));
  const gaps: number[] = [];
  let messages = 0;
  for (let i = 0; i + 1 < lines.length; i++)
    if (lines[i]![0] === "chat" && lines[i + 1]![0] === "transform") {
      gaps.push(Number(lines[i + 1]![1]) - Number(lines[i]![1]));
      messages = Number(lines[i + 1]![2]);
    }
  const after = gaps.slice(1);
  const s = summarize(after);
  const rows = [
    { prompts: after.length, "messages at the last": messages, "gap min ms": Math.min(...after), "p50 ms": s.p50, "p95 ms": s.p95, "max ms": s.max },
  ];
  printTable(`OpenCode 1: chat.message to the prompt's first messages.transform (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`, rows);
  writeResult("plugin-hook-gap", { gaps: after, rows });
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
