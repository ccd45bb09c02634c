import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Rebuilds bench/search/fresh-memories.json, the memories of the second issue-42 set (the "fresh"
 * set, bench/search/fresh-set.ts), from two public style guides pinned by commit. Run it with the
 * two repositories cloned (any checkout that has the commits):
 *
 *   npx tsx bench/search/fresh-build.ts <airbnb/javascript git dir> <goldbergyoni/nodebestpractices git dir>
 *
 * Each top-level rule becomes one memory: "<section>: <rule>" with Markdown links and code ticks
 * flattened (airbnb); "<practice title>. <first two sentences of its TL;DR>" (nodebestpractices).
 */
export const FRESH_SOURCES = {
  airbnb: {
    repo: "airbnb/javascript",
    commit: "8ed19247bef145e3cc41b24a02dd1fe6d9b5e681",
    paths: ["README.md", "react/README.md", "css-in-javascript/README.md"],
  },
  node: { repo: "goldbergyoni/nodebestpractices", commit: "dc3d60c29d5483d9ea99cf261bbd6203516a2ba7", paths: ["README.md"] },
} as const;

const show = (gitDir: string, commit: string, file: string) =>
  execFileSync("git", ["--git-dir", gitDir, "show", `${commit}:${file}`], { encoding: "utf8", maxBuffer: 64 << 20 });

/** Markdown to plain text: links keep their label, ticks and emphasis go, eslint rule lists go. */
function flatten(s: string): string {
  return s
    .replace(/\s*eslint:.*$/i, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .replace(/\*\*|__/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function airbnb(gitDir: string): { source: string; content: string }[] {
  const out: { source: string; content: string }[] = [];
  for (const file of FRESH_SOURCES.airbnb.paths) {
    let section = "";
    for (const line of show(gitDir, FRESH_SOURCES.airbnb.commit, file).split("\n")) {
      const h = /^##\s+(.+)$/.exec(line);
      if (h) section = flatten(h[1]).replace(/^[^A-Za-z]+/, "");
      const m = /^ {2}- (.+)$/.exec(line);
      if (!m || !section || /table of contents/i.test(section)) continue;
      const rule = flatten(m[1].replace(/^\[\d+\.\d+\]\([^)]*\)\s*/, ""));
      if (rule.length < 25 || rule.split(" ").length < 5) continue;
      out.push({ source: `${FRESH_SOURCES.airbnb.repo}/${file}`, content: `${section}: ${rule}` });
    }
  }
  return out;
}

function node(gitDir: string): { source: string; content: string }[] {
  const out: { source: string; content: string }[] = [];
  const lines = show(gitDir, FRESH_SOURCES.node.commit, "README.md").split("\n");
  lines.forEach((line, i) => {
    const h = /^## !\[✔\] \d+\.\d+\.?\s+(.+)$/.exec(line);
    if (!h) return;
    const tldr = lines.slice(i + 1, i + 12).find((l) => l.startsWith("**TL;DR:**"));
    if (!tldr) return;
    const sentences = flatten(tldr.replace("**TL;DR:**", ""))
      .split(/(?<=[.!?])\s+/)
      .slice(0, 2)
      .join(" ");
    out.push({ source: `${FRESH_SOURCES.node.repo}/README.md`, content: `${flatten(h[1])}. ${sentences}` });
  });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [airbnbDir, nodeDir] = process.argv.slice(2);
  if (!airbnbDir || !nodeDir) throw new Error("usage: fresh-build.ts <airbnb/javascript git dir> <nodebestpractices git dir>");
  const memories = [...airbnb(airbnbDir), ...node(nodeDir)].map((m, i) => ({ key: `f${String(i + 1).padStart(3, "0")}`, ...m }));
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), "fresh-memories.json");
  fs.writeFileSync(file, `${JSON.stringify(memories, null, 1)}\n`);
  console.log(`${memories.length} memories -> ${file}`);
}
