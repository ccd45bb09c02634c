/**
 * bench/redaction/fingerprint: what `redact` finds, kind by kind, on fixed corpora, and a digest of
 * every output, so that a change meant to keep behaviour (a refactor of the detectors) can show it
 * did: the same counts and the same digest before and after. Not a quality figure (no rule is tuned
 * here); a detection on source code or trajectories is counted, not judged.
 *
 * Corpora: the fake secrets of tests/fixtures/secrets.ts (each variant's text, line and short form:
 * found or missed, and under which kind); the repository's own .ts and .md files at a pinned commit
 * (`git show`, so edits in the work tree do not move the figure); the shared trajectories and LoCoMo
 * memories when ../shared is there (skipped otherwise); the speed bench's adversarial inputs at 100 KB.
 * Each text is also redacted through `redactAsync` in slices and through `redactDeep`; any
 * difference from `redact` is counted.
 * Run: npx tsx bench/redaction/fingerprint.ts [--commit de915e5]
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { redact, redactAsync, redactDeep, REDACTION_KINDS } from "../../lib/security/redaction";
import { secretVariants } from "../../tests/fixtures/secrets";
import { printTable, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const commit = args.includes("--commit") ? args[args.indexOf("--commit") + 1] : "de915e5";
const SHARED = path.resolve(import.meta.dirname, "../../../shared/data");

const TAG = /\[REDACTED:([a-z_]+)\]/g;
function kindsIn(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(TAG)) out.set(m[1], (out.get(m[1]) ?? 0) + 1);
  return out;
}

interface Corpus {
  name: string;
  texts: string[];
}

function repoFiles(): string[] {
  const list = execFileSync("git", ["ls-tree", "-r", "--name-only", commit], { encoding: "utf8", maxBuffer: 64 << 20 })
    .split("\n")
    .filter((f) => /\.(ts|tsx|md)$/.test(f));
  return list.map((f) => execFileSync("git", ["show", `${commit}:${f}`], { encoding: "utf8", maxBuffer: 64 << 20 }));
}

function sharedTexts(): string[] {
  if (!fs.existsSync(SHARED)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(traj|jsonl|json)$/.test(e.name)) out.push(fs.readFileSync(p, "utf8"));
    }
  };
  walk(SHARED);
  return out;
}

/** The speed bench's adversarial families at 100 KB (random base64url from a fixed seed's bytes). */
function adversarial(): string[] {
  const n = 100_000;
  const seeded = createHash("sha256").update("fingerprint").digest();
  let random = "";
  for (let i = 0; random.length < n; i++) random += createHash("sha256").update(seeded).update(String(i)).digest("base64url");
  return [
    "a-".repeat(n / 2),
    "a.".repeat(n / 2),
    "eyJ-".repeat(n / 4),
    `aws_secret_key${" ".repeat(n - 14)}`,
    random.slice(0, n),
    'password:"'.repeat(n / 10),
    "-----BEGIN PRIVATE KEY-----\n".repeat(n / 28),
    "mysql -pX ".repeat(n / 10),
    "ghp_a\n".repeat(n / 6),
    "=:".repeat(n / 2),
    "eyJ.".repeat(n / 4),
  ];
}

async function main() {
  const variants = secretVariants("");
  const corpora: Corpus[] = [
    { name: "fixture secrets (text, line, short)", texts: variants.flatMap((v) => [v.text, v.line, v.short]) },
    { name: `repository .ts/.md at ${commit}`, texts: repoFiles() },
    { name: "shared trajectories + LoCoMo", texts: sharedTexts() },
    { name: "adversarial 100 KB", texts: adversarial() },
  ];

  // Fixture secrets: each form found (its secret gone) and under its expected kind.
  let missed = 0;
  let wrongKind = 0;
  const missedNames: string[] = [];
  for (const v of variants) {
    for (const form of [v.text, v.line, v.short]) {
      const out = redact(form);
      if (out.includes(v.secret)) {
        missed++;
        missedNames.push(v.name);
      } else if (!kindsIn(out).has(v.kind)) wrongKind++;
    }
  }

  const rows: Record<string, string | number>[] = [];
  const result: Record<string, unknown> = { commit, corpora: {} };
  const all = createHash("sha256");
  let asyncDiffers = 0;
  let deepDiffers = 0;
  for (const c of corpora) {
    const counts = new Map<string, number>();
    const digest = createHash("sha256");
    let chars = 0;
    let changed = 0;
    for (const t of c.texts) {
      const out = redact(t);
      chars += t.length;
      if (out !== t) changed++;
      digest.update(out).update("\0");
      for (const [k, n] of kindsIn(out)) counts.set(k, (counts.get(k) ?? 0) + n);
      // Kinds already in the input (the redaction tests quote tags) are not the redactor's doing.
      for (const [k, n] of kindsIn(t)) counts.set(k, (counts.get(k) ?? 0) - n);
      const sliced = await redactAsync(t, () => {});
      if (sliced !== out) asyncDiffers++;
      if (t.length < 200_000 && redactDeep({ a: [t] }).a[0] !== out) deepDiffers++;
    }
    const hex = digest.digest("hex");
    all.update(hex);
    const perKind = Object.fromEntries([...counts].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
    (result.corpora as Record<string, unknown>)[c.name] = { texts: c.texts.length, chars, changed, perKind, sha256: hex };
    rows.push({
      corpus: c.name,
      texts: c.texts.length,
      chars,
      "texts changed": changed,
      detections: [...counts.values()].reduce((a, b) => a + b, 0),
      sha256: hex.slice(0, 16),
    });
  }
  printTable("redact() on fixed corpora", rows);
  const kindRows = REDACTION_KINDS.map((k) => {
    const row: Record<string, string | number> = { kind: k };
    for (const c of corpora) row[c.name] = ((result.corpora as Record<string, { perKind: Record<string, number> }>)[c.name].perKind[k] ?? 0) as number;
    return row;
  });
  printTable("detections per kind", kindRows);
  const summary = {
    fixtureForms: variants.length * 3,
    missed,
    missedNames: [...new Set(missedNames)],
    wrongKind,
    asyncDiffers,
    deepDiffers,
    kinds: REDACTION_KINDS.length,
    digest: all.digest("hex"),
  };
  console.log(JSON.stringify(summary, null, 1));
  writeResult("redaction-fingerprint", { ...result, summary });
}

void main();
