import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs say what the code holds (issue 43, point 6): docs/layers.md names every rule of
 * `.dependency-cruiser.cjs` with every exception it allows, over the folders `npm run lint:deps`
 * checks; every page of docs/ is reached by links from README.md or ARCHITECTURE.md.
 */
const ROOT = path.resolve(__dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

type Rule = { name: string; from: { path?: string | string[] }; to: { path?: string | string[]; pathNot?: string | string[] } };
const rules: Rule[] = createRequire(__filename)(path.join(ROOT, ".dependency-cruiser.cjs")).forbidden;

/** `^lib/security/server-proof\\.ts$` -> `lib/security/server-proof.ts`; undefined for a pattern that is not one path. */
function pathOf(pattern: string): string | undefined {
  const plain = pattern.replace(/^\^/, "").replace(/\$$/, "").replace(/\\\./g, ".");
  return /^[\w./-]+$/.test(plain) ? plain : undefined;
}
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The rows of layers.md's rule table: name -> what the row says. */
function documentedRules(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of read("docs/layers.md").matchAll(/^\| `([a-z0-9-]+)` \| (.+) \|$/gm)) rows.set(m[1], m[2]);
  return rows;
}

describe("docs/layers.md and .dependency-cruiser.cjs", () => {
  it("name the same rules", () => {
    expect([...documentedRules().keys()].sort()).toEqual(rules.map((r) => r.name).sort());
  });

  it("list, for each rule, the folders it forbids from and every import it allows", () => {
    const rows = documentedRules();
    const missing: string[] = [];
    for (const rule of rules) {
      const row = rows.get(rule.name) ?? "";
      for (const pattern of [...list(rule.from.path), ...list(rule.to.pathNot)]) {
        const file = pathOf(pattern);
        if (file && !row.includes(`\`${file}\``)) missing.push(`${rule.name}: ${file}`);
      }
    }
    expect(missing).toEqual([]);
    // The check reads paths: the allowed imports of the bottom layer and the plugin are all paths.
    expect(list(rules.find((r) => r.name === "plugin-imports-only-contract-types")?.to.pathNot).map(pathOf)).not.toContain(undefined);
  });

  it("cover the folders npm run lint:deps checks", () => {
    const script: string = JSON.parse(read("package.json")).scripts["lint:deps"];
    const checked = script.split(" --")[0].split(" ").slice(1);
    const intro = read("docs/layers.md").split("\n\n")[1];
    for (const target of checked) expect(intro, target).toContain(`\`${fs.statSync(path.join(ROOT, target)).isDirectory() ? `${target}/` : target}\``);
    expect(checked).toEqual(expect.arrayContaining(["lib", "app", "tests", "e2e", "bench"]));
  });
});

describe("docs/", () => {
  it("has every page linked from README.md, ARCHITECTURE.md or a page they link", () => {
    const reached = new Set<string>();
    const queue = ["README.md", "ARCHITECTURE.md"];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (reached.has(file) || !fs.existsSync(path.join(ROOT, file))) continue;
      reached.add(file);
      for (const m of read(file).matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g))
        if (!/^[a-z]+:/.test(m[1])) queue.push(path.normalize(path.join(path.dirname(file), m[1])));
    }
    const pages = fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md"));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((f) => !reached.has(`docs/${f}`))).toEqual([]);
  });
});
