import fs from "node:fs";
import path from "node:path";
import { SHARED } from "../search/common";
import { MEMORIES, QUERIES } from "../search/paraphrase-set";

/**
 * The sentences a prepared model is checked on (one a line): the paraphrase set (English and
 * Chinese) and, when ../shared has it, the first 200 LoCoMo dev turns.
 */
const lines = [...Object.values(MEMORIES), ...QUERIES.map((q) => q.q)];
const locomo = path.join(SHARED, "data", "locomo-dev", "locomo-dev_memories.jsonl");
if (fs.existsSync(locomo)) {
  const turns = fs
    .readFileSync(locomo, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .slice(0, 200);
  lines.push(...turns.map((l) => (JSON.parse(l) as { text: string }).text));
}
process.stdout.write(lines.map((l) => l.replace(/\s+/g, " ").trim()).join("\n") + "\n");
