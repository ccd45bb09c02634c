import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, formatSeconds, ROOT } from "./build-if-needed";

/**
 * `npm test`: build once, then the type check, lint and format (Biome), the layer rules (dependency-cruiser), the unit and
 * HTTP tests (Vitest), then the browser and OpenCode tests (Playwright), all on that one build.
 * Each phase's time is printed as it ends, and all of them at the end.
 */
const times: string[] = [];
function phase<T>(name: string, work: () => T): T {
  const started = Date.now();
  try {
    return work();
  } finally {
    const line = `${name.padEnd(12)} ${formatSeconds((Date.now() - started) / 1000)}`;
    times.push(line);
    console.log(`[test] ${line}`);
  }
}
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: process.env }).status ?? 1;

phase("build", () => ensureBuild());
let failed = phase("typecheck", () => run(bin("tsc"), ["--noEmit", "-p", "."])) !== 0;
failed = phase("biome", () => run(bin("biome"), ["check", "."])) !== 0 || failed;
failed = phase("layers", () => run("npm", ["run", "--silent", "lint:deps"])) !== 0 || failed;
failed = phase("vitest", () => run(bin("vitest"), ["run", ...process.argv.slice(2)])) !== 0 || failed;
const hasE2e = fs.existsSync(path.join(ROOT, "e2e")) && fs.readdirSync(path.join(ROOT, "e2e"), { recursive: true }).some((f) => String(f).endsWith(".spec.ts"));
if (hasE2e && process.argv.length <= 2) failed = phase("playwright", () => run(bin("playwright"), ["test"])) !== 0 || failed;
console.log(`[test] phases:\n${times.map((t) => `  ${t}`).join("\n")}`);
process.exit(failed ? 1 : 0);
