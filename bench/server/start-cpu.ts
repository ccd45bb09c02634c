import { spawn } from "node:child_process";
import { processCpuMs } from "../lib/process-cpu";
import { numberArg } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";
import { ensureCliBundle, ROOT } from "../../scripts/build-if-needed";
import { serveArgs, serveEnv } from "../../server/command";
import { freePort, tempDir } from "../../tests/helpers/server";

/**
 * CPU of one production-server start, run from the server's bundle (cli/.dist/serve.mjs) and
 * through tsx (server/serve.ts), alternated so both see the same load: the server process's own
 * CPU (/proc/<pid>/stat) when /api/health first answers, and 3 s later (Next.js preloads its
 * routes in the background). A start is in every test file with a server of its own, every
 * browser spec, `recollect start` and the plugin's autostart.
 *
 *   npx tsx bench/server/start-cpu.ts [--starts 4]
 */
const starts = numberArg(process.argv.slice(2), "--starts", 4);

async function oneStart(tsx: boolean) {
  const port = await freePort();
  const dataDir = tempDir("recollect-bench-start-");
  const began = Date.now();
  const child = spawn(process.execPath, serveArgs("127.0.0.1", port, { tsx }), {
    cwd: ROOT,
    env: serveEnv({
      ...process.env,
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_APP_DIR: ROOT,
      XDG_CONFIG_HOME: tempDir("recollect-bench-config-"),
      RECOLLECT_EMBEDDING_PROVIDER: "none",
      NEXT_TELEMETRY_DISABLED: "1",
    }),
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const wallMs = Date.now() - began;
    const healthyCpuMs = processCpuMs(child.pid!) ?? NaN;
    await new Promise((r) => setTimeout(r, 3000));
    return { wallMs, healthyCpuMs, settledCpuMs: processCpuMs(child.pid!) ?? NaN };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
  }
}

ensureCliBundle();
const runs: Record<"bundle" | "tsx", Awaited<ReturnType<typeof oneStart>>[]> = { bundle: [], tsx: [] };
for (let i = 0; i < starts; i++) {
  for (const way of i % 2 === 0 ? (["tsx", "bundle"] as const) : (["bundle", "tsx"] as const)) runs[way].push(await oneStart(way === "tsx"));
}
const load = (await import("node:os")).loadavg()[0]!;
const row = (way: "bundle" | "tsx") => {
  const mean = (k: "wallMs" | "healthyCpuMs" | "settledCpuMs") => runs[way].reduce((a, r) => a + r[k], 0) / runs[way].length / 1000;
  return {
    way,
    starts: runs[way].length,
    "CPU at healthy, s": mean("healthyCpuMs"),
    "CPU +3 s, s": mean("settledCpuMs"),
    "wall to healthy, s": mean("wallMs"),
  };
};
printTable(`server start (load ${load.toFixed(1)} at the end)`, [row("tsx"), row("bundle")]);
writeResult("server-start-cpu", {
  load,
  runs,
  settledCpuMs: { tsx: summarize(runs.tsx.map((r) => r.settledCpuMs)), bundle: summarize(runs.bundle.map((r) => r.settledCpuMs)) },
});
