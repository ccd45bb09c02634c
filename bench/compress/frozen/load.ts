/** Loads the frozen set's converted runs, each checked against manifest.json; undefined when they are not built. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Run } from "../convert";
import { DEFAULT_OUT, MANIFEST, type Manifest } from "./build";

export function loadFrozen(dir = process.env.RECOLLECT_FROZEN_RUNS ?? DEFAULT_OUT): Run[] | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as Manifest;
  return manifest.runs.map((r) => {
    const text = fs.readFileSync(path.join(dir, `${r.name}.json`), "utf8");
    const hash = createHash("sha256").update(text).digest("hex");
    if (hash !== r.runSha256) throw new Error(`${r.name}: sha256 ${hash} is not the frozen ${r.runSha256}`);
    return JSON.parse(text) as Run;
  });
}
