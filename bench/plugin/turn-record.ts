/**
 * The server's CPU for a turn's record of injected blocks (the `injected` of a compress request,
 * lib/injection/turn-record.ts), in one process: the request's `injected` text parsed, checked and
 * written as the route does, for a session that has N blocks, sent whole (every block, as before)
 * or as what changed since the last record (one new block, against its `base`). The two alternate,
 * turn by turn, so both see the same machine; CPU ms of this process (process.cpuUsage), medians.
 *
 *   npx tsx bench/plugin/turn-record.ts [--blocks 30,100,200] [--turns 300]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { numberArg, ownCpuMs } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const TURNS = numberArg(args, "--turns", 300);
const BLOCKS = args.includes("--blocks") ? args[args.indexOf("--blocks") + 1]!.split(",").map(Number) : [30, 100, 200];
const WARMUP = 30;

async function main() {
  Object.assign(process.env, {
    RECOLLECT_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-record-")),
    XDG_CONFIG_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-record-config-")),
    RECOLLECT_EMBEDDING_PROVIDER: "none",
    NODE_ENV: "production",
  });
  const { boot } = await import("../../lib/boot");
  const { takeTurnRecord, writeTurnRecord } = await import("../../lib/injection/turn-record");
  const { ctx } = boot();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-record-proj-"));
  // A recall block as the plugin attaches one (three memories), and the ids it shows.
  const block = (i: number) =>
    `<recollect-recall>\n- [decision] Note ${i}: the billing worker retries a failed invoice three times, then files it for review\n- [convention] Note ${i + 1}: migrations run before the deploy, never inside it\n- [gotcha] Note ${i + 2}: the staging VPN profile must be loaded first\n</recollect-recall>`;
  const ids = (i: number) => [0, 1, 2].map((k) => `0193a5b2-7c4d-7e8f-9a0b-${String(i * 3 + k).padStart(12, "0")}`);
  const record = (n: number) => {
    const attached: Record<string, string> = {};
    const recalled: Record<string, string[]> = {};
    for (let i = 0; i < n; i++) {
      attached[`msg_${String(i).padStart(24, "0")}`] = block(i);
      recalled[`msg_${String(i).padStart(24, "0")}`] = ids(i);
    }
    return { resume: "", attached, recalled };
  };
  const rows: Record<string, string | number>[] = [];
  const json: Record<string, unknown> = { turns: TURNS };
  for (const n of BLOCKS) {
    const cost = { whole: [] as number[], delta: [] as number[] };
    const bytes = { whole: 0, delta: 0 };
    let base: string | null = null;
    for (let t = 0; t < TURNS + WARMUP; t++) {
      for (const mode of ["whole", "delta"] as const) {
        const sessionID = `ses_${mode}_${n}`;
        const id = `msg_new_${String(t).padStart(20, "0")}`;
        const value =
          mode === "whole" || base === null
            ? { ...record(n), attached: { ...record(n).attached, [id]: block(t) }, recalled: { ...record(n).recalled, [id]: ids(t) } }
            : { attached: { [id]: block(t) }, recalled: { [id]: ids(t) } };
        const text = JSON.stringify({ injected: { directory, value, ttlSeconds: 2_592_000, ...(mode === "delta" && base ? { base } : {}) } });
        const c0 = ownCpuMs();
        const { record: turn } = takeTurnRecord(JSON.parse(text));
        const named = writeTurnRecord(ctx, sessionID, turn!, undefined);
        const cpu = ownCpuMs() - c0;
        if (mode === "delta") base = named;
        if (t >= WARMUP) {
          cost[mode].push(cpu);
          bytes[mode] += text.length;
        }
      }
    }
    for (const mode of ["whole", "delta"] as const) {
      const s = summarize(cost[mode]);
      rows.push({ blocks: n, sent: mode, "bytes a turn": Math.round(bytes[mode] / TURNS), "server CPU p50 ms": s.p50, p95: s.p95 });
      json[`${mode}_${n}`] = { bytes: Math.round(bytes[mode] / TURNS), ...s };
    }
  }
  printTable(
    `A turn's record of injected blocks, server CPU (${TURNS} turns each, alternating; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  writeResult("plugin-turn-record", json);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
