/**
 * The plugin's CPU for the record of injected blocks on a turn (plugin/hooks/injected.ts
 * `turnRecord`, then the record the server holds once it wrote it), in one process, no server:
 * sessions of `--entries` attached blocks (with their recalled ids), the record held as written,
 * then 20 turns each adding one message's block (the first 5 not timed). Synthetic sessions:
 * there is no tuning set. Runs in Node (`npx tsx`) or in Bun (the pinned OpenCode binary:
 * `BUN_BE_BUN=1 node_modules/opencode-linux-x64/bin/opencode bench/plugin/turn-record-plugin.ts`).
 * Also takes the older `turnRecord` (before session fifteen: `content`, copies of the session's
 * maps), so the same file copied into an older tree compares.
 *
 *   npx tsx bench/plugin/turn-record-plugin.ts [--entries 150] [--sessions 300]
 */
import { numberArg } from "../lib/in-process";
import { printTable, writeResult } from "../lib/stats";
import * as injected from "../../plugin/hooks/injected";
import type { InjectedHeld, SessionState } from "../../plugin/state";
import type { Runtime } from "../../plugin/runtime";

const args = process.argv.slice(2);
const ENTRIES = numberArg(args, "--entries", 150);
const SESSIONS = numberArg(args, "--sessions", 300);
const TURNS = 20;
const WARMUP = 5;

/** The held record after a write named `base`: this tree's `held`, or an older tree's `content` copies. */
type AnyRecord = { held?: (base: string) => InjectedHeld; content?: Omit<InjectedHeld, "base"> };
const heldAfter = (r: AnyRecord, base: string): InjectedHeld => (r.held ? r.held(base) : { base, ...r.content! });

const rt = { directory: "/tmp/bench-turn-record" } as unknown as Runtime;
const block = (text: string) => `<recollect-recall>\n${text}\n</recollect-recall>`;
let cpuUs = 0;
let turns = 0;
for (let n = 0; n < SESSIONS; n++) {
  const attached = new Map<string, string>();
  const recalled = new Map<string, string[]>();
  for (let i = 0; i < ENTRIES; i++) {
    const id = `msg_${n}_${String(i).padStart(16, "0")}`;
    attached.set(id, block(`- [decision] memory ${i} ${"x".repeat(400)}`));
    recalled.set(id, [`mem_${i}a`, `mem_${i}b`, `mem_${i}c`]);
  }
  const s = {
    id: `ses_${n}`,
    resume: "",
    attached,
    recalled,
    injectedServer: { base: "b0", resume: "", attached: new Map(attached), recalled: new Map(recalled) },
  } as unknown as SessionState;
  for (let t = 0; t < TURNS; t++) {
    const id = `msg_${n}_new_${t}`;
    attached.set(id, block(`- [decision] new ${t}`));
    recalled.set(id, [`mem_new_${t}`]);
    const c0 = process.cpuUsage();
    const r = injected.turnRecord(rt, s) as unknown as AnyRecord;
    s.injectedServer = heldAfter(r, `b${t + 1}`);
    const c = process.cpuUsage(c0);
    if (t >= WARMUP) {
      cpuUs += c.user + c.system;
      turns++;
    }
  }
}
const runtime = typeof (globalThis as { Bun?: unknown }).Bun === "undefined" ? "node" : "bun";
const row = { runtime, "attached blocks": ENTRIES, turns, "CPU µs a turn (mean)": cpuUs / turns };
printTable(`The turn's record of injected blocks in the plugin (${SESSIONS} sessions, ${TURNS - WARMUP} timed turns each)`, [row]);
writeResult(`plugin-turn-record-${runtime}`, row);
