/**
 * Splits the busy samples of CPU profiles (`.cpuprofile`, e.g. the server's cut to the timed turns
 * by `bench/plugin/entries.ts --server-cpu-profile <dir>`) into shares: each sample goes to the
 * first group that a frame of its stack matches, from the leaf up. A frame is matched by its
 * script URL: source paths when the code runs from source (tsx), and the chunk names of a Next.js
 * build, which are hashes: `--chunk <group>=<name>` adds one (read the chunk to see which module it
 * holds). Idle and GC samples are their own groups; shares are of the busy samples.
 *
 *   npx tsx bench/plugin/profile-shares.ts <a.cpuprofile> [b.cpuprofile ...] [--chunk recall=lib_search_] ...
 */
import fs from "node:fs";

type Frame = { functionName: string; url: string };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const GROUPS: [string, RegExp][] = [
  ["the turn's recall (search and block)", /lib\/search\/|lib\/injection\/(recall|turn-recall)|lib_search_|lib_injection_(?!stable)/],
  ["compression (pipeline, delta exchange)", /lib\/compression\/|lib_compression_/],
  ["the stable block", /lib\/injection\/stable|lib_injection_stable/],
  ["the front gate's direct path (server/direct.ts, serve.ts)", /server\/(direct|serve)\.ts|cli\/\.dist\/serve/],
  ["the compress route's own code (wrapper, body, answer, record)", /app\/api\/(compress|_lib)\/|lib\/injection\/turn-record/],
  ["node:http, sockets, streams", /node:_http|node:net|node:internal\/streams|stream_base_commons|node:internal\/webstreams|undici/],
];

const args = process.argv.slice(2);
const files = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--chunk");
for (let i = 0; i < args.length; i++)
  if (args[i] === "--chunk") {
    const [group, name] = (args[i + 1] ?? "").split("=");
    const at = GROUPS.findIndex(([g]) => g.startsWith(group!));
    if (at === -1 || !name) throw new Error(`--chunk ${args[i + 1]}: <start of a group name>=<chunk name>`);
    GROUPS[at] = [GROUPS[at]![0], new RegExp(`${GROUPS[at]![1].source}|${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)];
  }

const shares = new Map<string, number>();
for (const file of files) {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();
  const groupOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const leaf = byId.get(id)!.callFrame.functionName;
    let group = leaf === "(idle)" ? "idle" : leaf === "(garbage collector)" ? "GC on the main thread" : undefined;
    for (let x: number | undefined = id; x !== undefined && !group; x = parent.get(x))
      group = GROUPS.find(([, re]) => re.test(byId.get(x!)!.callFrame.url))?.[0];
    group ??= "other (timers, SQLite outside the above, program)";
    memo.set(id, group);
    return group;
  };
  p.samples.forEach((s, i) => shares.set(groupOf(s), (shares.get(groupOf(s)) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
}
const busy = [...shares].reduce((sum, [g, ms]) => (g === "idle" ? sum : sum + ms), 0);
console.log("| where (the nearest frame of the stack) | share of busy samples |\n|---|---|");
for (const [g, ms] of [...shares].sort((a, b) => b[1] - a[1])) if (g !== "idle") console.log(`| ${g} | ${((100 * ms) / busy).toFixed(1)}% |`);
