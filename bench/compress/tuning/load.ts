/** Loads the tuning set's converted runs, each checked against its manifest.json; undefined when they are not built. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Run } from "../convert";
import type { Manifest } from "../frozen/build";
import { TUNING_MANIFEST, TUNING_OUT } from "./build";

export function loadTuning(dir = process.env.RECOLLECT_TUNING_RUNS ?? TUNING_OUT): Run[] | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(TUNING_MANIFEST, "utf8")) as Manifest;
  return manifest.runs.map((r) => {
    const text = fs.readFileSync(path.join(dir, `${r.name}.json`), "utf8");
    const hash = createHash("sha256").update(text).digest("hex");
    if (hash !== r.runSha256) throw new Error(`${r.name}: sha256 ${hash} is not the tuning set's ${r.runSha256}`);
    return JSON.parse(text) as Run;
  });
}
