/**
 * Loop overhead outside the model: from a phase's last model answer (the phase then goes idle) to
 * the next phase's first model request. It holds OpenCode's idle, the plugin's bookkeeping, the
 * worktree commit (a file written each iteration), the iteration diff, the new session and its
 * prompt. Real OpenCode (pinned), real server, a fake LLM answering at once; 20 iterations of
 * code -> audit by default (target: p95 under 2 s).
 *
 *   npx tsx bench/loops/index.ts [--iterations 20] [--no-build]
 */
import fs from "node:fs";
import path from "node:path";
import { isTitleRequest, startFakeLlm, textOf, type ChatRequest } from "../../e2e/opencode/helpers/fake-llm";
import { newSession, prompt, startOpencode, tempDir } from "../../e2e/opencode/helpers/opencode";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer } from "../../tests/helpers/server";
import { printTable, summarize, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const ITERATIONS = Number(args[args.indexOf("--iterations") + 1]) || 20;

const userTexts = (r: ChatRequest) =>
  r.messages
    .filter((m) => m.role === "user")
    .map(textOf)
    .join("\n");
const phaseOf = (r: ChatRequest): string | undefined => {
  const text = userTexts(r);
  const n = /iteration (\d+)/.exec(text)?.[1];
  if (text.includes("of an autonomous coding loop")) return `${n}:code`;
  if (text.includes("You audit iteration")) return `${n}:audit`;
  return undefined;
};
const workdirOf = (r: ChatRequest) => /working in (\S+?)\. /.exec(userTexts(r))?.[1] ?? "";

async function main() {
  if (!args.includes("--no-build")) ensureBuild();
  const [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
  const traceFile = path.join(tempDir("bench-loop-trace-"), "trace.jsonl");
  const oc = await startOpencode({
    llmUrl: llm.url,
    git: true,
    globalConfig: true,
    files: { "README.md": "# bench\n" },
    agents: {
      code: { mode: "primary", prompt: "You are the loop's coder." },
      auditor: { mode: "primary", prompt: "You are the loop's auditor." },
    },
    pluginOptions: {
      url: server.url,
      dataDir: server.dataDir,
      autoStart: false,
      timeoutMs: 5000,
      traceFile,
      loops: { worktreesDir: tempDir("bench-loop-wt-"), adoptPollMs: 0 },
    },
  });
  try {
    llm.setResponder((req) => {
      const phase = phaseOf(req);
      const last = req.messages.at(-1)?.role;
      if (!phase)
        return last === "tool" ? { text: "started" } : { toolCalls: [{ name: "memory_loop", args: { task: "Bench task", maxIterations: ITERATIONS } }] };
      if (last === "tool") return { text: "step done" };
      if (phase.endsWith(":code"))
        return {
          toolCalls: [{ name: "write", args: { filePath: path.join(workdirOf(req), `file-${phase.split(":")[0]}.txt`), content: `iteration ${phase}\n` } }],
        };
      return { text: "No findings." };
    });
    const session = await newSession(oc);
    await prompt(oc, session, "start the loop");
    const list = await (await server.api(`/api/loops?directory=${encodeURIComponent(oc.projectDir)}`)).json();
    const loopId: string = list.items[0].id;
    const deadline = Date.now() + ITERATIONS * 60_000;
    for (;;) {
      const loop = await (await server.api(`/api/loops/${loopId}`)).json();
      if (loop.status !== "running") {
        console.log(`loop ended: ${loop.status} after ${loop.iteration} iterations`);
        break;
      }
      if (Date.now() > deadline) throw new Error("loop did not end in time");
      await new Promise((r) => setTimeout(r, 500));
    }
    // Phase boundaries from what the fake LLM received, in order.
    const reqs = llm.requests
      .filter((r) => !isTitleRequest(r.body))
      .map((r) => ({ at: r.at, phase: phaseOf(r.body) }))
      .filter((r) => r.phase);
    // The plugin's trace: when each phase went idle and when the next got its prompt.
    const traces = fs
      .readFileSync(traceFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { hook: string; phase?: string; iteration?: number; at: number })
      .filter((t) => t.hook.startsWith("loop."));
    const traceAt = (hook: string, key: string, last: boolean) => {
      const hits = traces.filter((t) => t.hook === hook && `${t.iteration}:${t.phase}` === key).map((t) => t.at);
      return last ? hits.at(-1) : hits[0];
    };
    const samples: Record<string, number[]> = { "code -> audit": [], "audit -> next code": [] };
    const parts: Record<string, number[]> = {
      "answer -> idle (OpenCode)": [],
      "idle -> prompt (loop: commit, diff, session)": [],
      "prompt -> request (OpenCode + hooks)": [],
    };
    for (let i = 1; i < reqs.length; i++) {
      const prev = reqs[i - 1]!;
      const cur = reqs[i]!;
      if (prev.phase === cur.phase) continue;
      const kind = cur.phase!.endsWith(":audit") ? "code -> audit" : "audit -> next code";
      samples[kind]!.push(cur.at - prev.at);
      const idle = traceAt("loop.idle", prev.phase!, true);
      const prompted = traceAt("loop.prompt", cur.phase!, false);
      if (idle === undefined || prompted === undefined) continue;
      parts["answer -> idle (OpenCode)"]!.push(idle - prev.at);
      parts["idle -> prompt (loop: commit, diff, session)"]!.push(prompted - idle);
      parts["prompt -> request (OpenCode + hooks)"]!.push(cur.at - prompted);
    }
    const all = [...samples["code -> audit"]!, ...samples["audit -> next code"]!];
    const rows = Object.entries({ ...samples, all, ...parts }).map(([transition, s]) => {
      const stats = summarize(s);
      return { transition, n: s.length, p50_ms: Math.round(stats.p50), p95_ms: Math.round(stats.p95), max_ms: Math.round(stats.max) };
    });
    printTable(`Loop overhead: last model answer of a phase -> first request of the next (${ITERATIONS} iterations; target p95 < 2000 ms)`, rows);
    writeResult("loops", { iterations: ITERATIONS, rows, samples });
  } finally {
    await oc.stop();
    await server.stop();
    await llm.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
