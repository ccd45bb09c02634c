/**
 * Bootstrap of a generated monorepo: P packages (default 50) and F files in all (default 5,000),
 * each package with a package.json (scripts, dependencies), a tsconfig, an AGENTS.md and source
 * files; the root has AGENTS.md, CLAUDE.md, a Makefile, CI, README. Times the first run (it
 * proposes everything), the second (nothing changed) and a dry run. Target: at most 5 s.
 * Run: `npx tsx bench/bootstrap/index.ts [packages] [files]`.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { bootstrapProject } from "../../lib/bootstrap/bootstrap";
import { bootstrapInput } from "../../lib/contracts/bootstrap";
import { makeCtx } from "../../lib/ctx";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { tempDir } from "../../tests/helpers/server";
import { printTable, time, writeResult } from "../lib/stats";

const PACKAGES = Number(process.argv[2] ?? 50);
const FILES = Number(process.argv[3] ?? 5000);
const TARGET_MS = 5000;
const ROOT = path.resolve(import.meta.dirname, "../..");

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A monorepo of PACKAGES packages and FILES files; returns its root. */
function generate(): string {
  const root = tempDir("bench-monorepo-");
  let files = 0;
  const put = (file: string, text: string) => {
    write(root, file, text);
    files++;
  };
  put(
    "package.json",
    JSON.stringify(
      {
        name: "mono",
        private: true,
        packageManager: "pnpm@9.12.0",
        workspaces: ["packages/*"],
        scripts: { build: "turbo build", test: "turbo test", lint: "biome check ." },
      },
      null,
      2,
    ),
  );
  put("pnpm-lock.yaml", "lockfileVersion: '9.0'\n");
  put(
    "AGENTS.md",
    `# Monorepo\n\n## Rules\n\n${Array.from({ length: 30 }, (_, i) => `- Rule ${i}: never import across package boundary ${i} without an index file.`).join("\n")}\n`,
  );
  put("CLAUDE.md", "# Claude\n\n- Run `pnpm test` before committing.\n- Prefer composition over inheritance.\n");
  put("Makefile", "build:\n\tpnpm build\n\ntest:\n\tpnpm test\n");
  put(
    ".github/workflows/ci.yml",
    "name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pnpm install\n      - run: pnpm test\n",
  );
  put("README.md", "# Mono\n\n## Getting started\n\n```sh\npnpm install\npnpm dev\n```\n");
  put("biome.json", '{ "formatter": { "lineWidth": 120 } }\n');
  put("tsconfig.json", '{ "compilerOptions": { "strict": true } }\n');
  const perPackage = Math.max(5, Math.floor((FILES - files) / PACKAGES));
  for (let p = 0; p < PACKAGES; p++) {
    const dir = `packages/pkg-${p}`;
    put(
      `${dir}/package.json`,
      JSON.stringify(
        {
          name: `@mono/pkg-${p}`,
          scripts: { build: "tsc -b", test: `vitest run --project pkg-${p}`, dev: "vite" },
          dependencies: { react: "19.0.0", zod: "4.0.0" },
          devDependencies: { typescript: "5.9.0", vitest: "4.0.0" },
        },
        null,
        2,
      ),
    );
    put(`${dir}/tsconfig.json`, '{ "extends": "../../tsconfig.json", "compilerOptions": { "strict": true, "noUncheckedIndexedAccess": true } }\n');
    put(`${dir}/AGENTS.md`, `# pkg-${p}\n\n- Package ${p} must stay free of Node built-ins.\n- Use the logger of package ${p}, not console.\n`);
    for (let f = 0; f < perPackage - 3 && files < FILES; f++) put(`${dir}/src/module-${f}.ts`, `export const value${f} = ${f};\n`);
  }
  for (let f = 0; files < FILES; f++) put(`packages/pkg-0/src/extra-${f}.ts`, `export const extra${f} = ${f};\n`);
  // node_modules is skipped by the walk, as in a real checkout.
  for (let i = 0; i < 200; i++) write(root, `node_modules/dep-${i}/package.json`, '{ "name": "dep", "scripts": { "test": "x" } }');
  return root;
}

const [root, genMs] = await time(() => generate());
const fileCount = (function count(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? (e.name === "node_modules" ? 0 : count(path.join(dir, e.name))) : 1), 0);
})(root);
const dataDir = tempDir("bench-bootstrap-data-");
const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dataDir, XDG_CONFIG_HOME: tempDir() } });
const store = openStore(databaseFile(dataDir), { migrationsDir: path.join(ROOT, "drizzle") });
const ctx = makeCtx({ db: store.db, sqlite: store.sqlite, config, dataDir });

const run = (dryRun: boolean) => bootstrapProject(ctx, bootstrapInput.parse({ directory: root, dryRun }));
const [preview, previewMs] = await time(() => run(true));
const [first, firstMs] = await time(() => run(false));
const [second, secondMs] = await time(() => run(false));
store.sqlite.close();

const rows = [
  {
    run: "dry run (preview)",
    ms: Math.round(previewMs),
    files: preview.files,
    new: preview.counts.new,
    unchanged: preview.counts.unchanged,
    "within 5 s": previewMs <= TARGET_MS ? "yes" : "NO",
  },
  {
    run: "first run",
    ms: Math.round(firstMs),
    files: first.files,
    new: first.counts.new,
    unchanged: first.counts.unchanged,
    "within 5 s": firstMs <= TARGET_MS ? "yes" : "NO",
  },
  {
    run: "second run",
    ms: Math.round(secondMs),
    files: second.files,
    new: second.counts.new,
    unchanged: second.counts.unchanged,
    "within 5 s": secondMs <= TARGET_MS ? "yes" : "NO",
  },
];
printTable(`Bootstrap of a generated monorepo: ${PACKAGES} packages, ${fileCount} files (generated in ${Math.round(genMs)} ms)`, rows);
writeResult("bootstrap", { packages: PACKAGES, files: fileCount, targetMs: TARGET_MS, rows });
fs.rmSync(root, { recursive: true, force: true });
if (rows.some((r) => r["within 5 s"] === "NO")) process.exitCode = 1;
