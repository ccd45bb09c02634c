import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, ROOT } from "./build-if-needed";

/**
 * `npm test`: build once, then the type check, lint and format (Biome), the layer rules (dependency-cruiser), the unit and
 * HTTP tests (Vitest), then the browser and OpenCode tests (Playwright).
 */
ensureBuild();
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: process.env }).status ?? 1;

let failed = run(bin("tsc"), ["--noEmit", "-p", "."]) !== 0;
failed = run(bin("biome"), ["check", "."]) !== 0 || failed;
failed = run("npm", ["run", "--silent", "lint:deps"]) !== 0 || failed;
failed = run(bin("vitest"), ["run", ...process.argv.slice(2)]) !== 0 || failed;
const hasE2e = fs.existsSync(path.join(ROOT, "e2e")) && fs.readdirSync(path.join(ROOT, "e2e"), { recursive: true }).some((f) => String(f).endsWith(".spec.ts"));
if (hasE2e && process.argv.length <= 2) failed = run(bin("playwright"), ["test"]) !== 0 || failed;
process.exit(failed ? 1 : 0);
