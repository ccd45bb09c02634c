import { parse as parseToml } from "smol-toml";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import { lineOf, where, type Proposal, type ProjectFiles } from "./types";

const TAGS = ["bootstrap", "commands"];
const MAX_SCRIPTS = 60;
const MAX_RECIPE_LINES = 6;

/**
 * How to build, test, lint and run -> procedures and facts with the exact commands: package.json
 * scripts (run through the project's package manager), packageManager and engines, Makefile and
 * justfile targets, pyproject.toml, Cargo.toml, go.mod, CI workflow steps and the Dockerfile.
 */
export function buildCommands(project: ProjectFiles): Proposal[] {
  const out: Proposal[] = [];
  for (const file of project.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (name === "package.json") out.push(...packageJson(project, file));
    else if (name === "Makefile" || name === "GNUmakefile") out.push(...makefile(project, file));
    else if (name === "justfile" || name === "Justfile" || name === ".justfile") out.push(...justfile(project, file));
    else if (name === "pyproject.toml") out.push(...pyproject(project, file));
    else if (name === "Cargo.toml") out.push(...cargo(project, file));
    else if (name === "go.mod") out.push(...goMod(project, file));
    else if (/^\.github\/workflows\/[^/]+\.ya?ml$/.test(file) || file === ".gitlab-ci.yml") out.push(...ciWorkflow(project, file));
    else if (name === "Dockerfile" || name.endsWith(".Dockerfile")) out.push(...dockerfile(project, file));
  }
  return out;
}

function readJson(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The package manager: `packageManager`, else the lockfile next to the package or at the root. */
function packageManager(project: ProjectFiles, file: string, pkg: Record<string, unknown>): string {
  const declared = typeof pkg.packageManager === "string" ? pkg.packageManager.split("@")[0] : undefined;
  if (declared) return declared;
  const dir = file.includes("/") ? `${file.slice(0, file.lastIndexOf("/"))}/` : "";
  const has = (f: string) => project.files.includes(`${dir}${f}`) || project.files.includes(f);
  if (has("pnpm-lock.yaml")) return "pnpm";
  if (has("yarn.lock")) return "yarn";
  if (has("bun.lockb") || has("bun.lock")) return "bun";
  return "npm";
}

/** The command that runs a package.json script with this package manager. */
function runScript(pm: string, script: string): string {
  if (pm === "yarn") return `yarn ${script}`;
  if (["test", "start"].includes(script) && pm !== "bun") return `${pm} ${script}`;
  return `${pm} run ${script}`;
}

function packageJson(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  const pkg = text ? readJson(text) : undefined;
  if (!text || !pkg) return [];
  const out: Proposal[] = [];
  const at = where(file);
  const pm = packageManager(project, file, pkg);
  const scripts = pkg.scripts && typeof pkg.scripts === "object" ? Object.entries(pkg.scripts as Record<string, unknown>) : [];
  const scriptsAt = text.indexOf('"scripts"');
  for (const [script, command] of scripts.slice(0, MAX_SCRIPTS)) {
    if (typeof command !== "string" || !command.trim()) continue;
    const run = runScript(pm, script);
    out.push({
      key: `${file}#scripts.${script}`,
      category: "procedure",
      title: `${at}${run}`,
      content: `${at ? `In ${at.slice(0, -2)}, ` : ""}\`${run}\` runs \`${command.trim()}\` (package.json script "${script}").`,
      file,
      line: lineOf(text, `"${script}"`, Math.max(scriptsAt, 0)),
      tags: TAGS,
    });
  }
  if (typeof pkg.packageManager === "string") {
    out.push({
      key: `${file}#packageManager`,
      category: "fact",
      title: `${at}package manager`,
      content: `${at}The package manager is ${pkg.packageManager} (package.json packageManager): use ${pm}, not another client.`,
      file,
      line: lineOf(text, '"packageManager"'),
      tags: TAGS,
    });
  }
  if (pkg.engines && typeof pkg.engines === "object") {
    const engines = Object.entries(pkg.engines as Record<string, unknown>).filter(([, v]) => typeof v === "string");
    if (engines.length)
      out.push({
        key: `${file}#engines`,
        category: "fact",
        title: `${at}engines`,
        content: `${at}Requires ${engines.map(([k, v]) => `${k} ${v}`).join(", ")} (package.json engines).`,
        file,
        line: lineOf(text, '"engines"'),
        tags: TAGS,
      });
  }
  return out;
}

/** Targets of a Makefile with the first lines of their recipe. */
function makefile(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: Proposal[] = [];
  lines.forEach((l, i) => {
    const m = /^([A-Za-z0-9][A-Za-z0-9_.\-/]*)\s*:(?![=:])/.exec(l);
    if (!m || m[1].includes("%") || m[1].startsWith(".")) return;
    const recipe: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j].startsWith("\t") && recipe.length < MAX_RECIPE_LINES; j++) recipe.push(lines[j].trim().replace(/^@/, ""));
    const cmd = `make ${where(file) ? `-C ${where(file).slice(0, -2)} ` : ""}${m[1]}`;
    out.push({
      key: `${file}#target.${m[1]}`,
      category: "procedure",
      title: cmd,
      content: recipe.length
        ? `\`${cmd}\` runs: ${recipe.map((r) => `\`${r}\``).join("; ")} (${file} target "${m[1]}").`
        : `\`${cmd}\` (${file} target "${m[1]}").`,
      file,
      line: i + 1,
      tags: TAGS,
    });
  });
  return out;
}

function justfile(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: Proposal[] = [];
  lines.forEach((l, i) => {
    const m = /^@?([A-Za-z0-9_-]+)(\s[^:=]*)?:(?!=)/.exec(l);
    if (!m || l.startsWith("set ") || l.startsWith("export ")) return;
    const recipe: string[] = [];
    for (let j = i + 1; j < lines.length && /^(\t| {2,})\S/.test(lines[j]) && recipe.length < MAX_RECIPE_LINES; j++)
      recipe.push(lines[j].trim().replace(/^@/, ""));
    out.push({
      key: `${file}#recipe.${m[1]}`,
      category: "procedure",
      title: `just ${m[1]}`,
      content: `\`just ${m[1]}\` runs: ${recipe.map((r) => `\`${r}\``).join("; ") || "(dependencies only)"} (${file} recipe "${m[1]}").`,
      file,
      line: i + 1,
      tags: TAGS,
    });
  });
  return out;
}

function readToml(text: string): Record<string, unknown> | undefined {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

function pyproject(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  const doc = text ? readToml(text) : undefined;
  if (!text || !doc) return [];
  const out: Proposal[] = [];
  const at = where(file);
  const proj = obj(doc.project);
  const tool = obj(doc.tool) ?? {};
  const poetry = obj(tool.poetry);
  const requires =
    typeof proj?.["requires-python"] === "string"
      ? proj["requires-python"]
      : typeof obj(poetry?.dependencies)?.python === "string"
        ? (obj(poetry?.dependencies)?.python as string)
        : undefined;
  if (requires)
    out.push({
      key: `${file}#requires-python`,
      category: "fact",
      title: `${at}Python version`,
      content: `${at}Requires Python ${requires} (${file}).`,
      file,
      line: lineOf(text, /requires-python|^python\s*=/m),
      tags: TAGS,
    });
  const backend = obj(doc["build-system"])?.["build-backend"];
  const runner = poetry ? "poetry" : project.files.includes("uv.lock") ? "uv" : tool.hatch ? "hatch" : tool.pdm ? "pdm" : undefined;
  if (runner || typeof backend === "string")
    out.push({
      key: `${file}#tooling`,
      category: "fact",
      title: `${at}Python packaging`,
      content: `${at}Python packaging: ${[runner && `${runner} manages the environment (run commands with \`${runner} run ...\`)`, typeof backend === "string" && `build backend ${backend}`].filter(Boolean).join("; ")} (${file}).`,
      file,
      line: lineOf(text, runner ? `[tool.${runner}` : "[build-system]"),
      tags: TAGS,
    });
  const scripts = { ...obj(proj?.scripts), ...obj(poetry?.scripts) };
  for (const [name, target] of Object.entries(scripts))
    if (typeof target === "string")
      out.push({
        key: `${file}#scripts.${name}`,
        category: "fact",
        title: `${at}${name} command`,
        content: `${at}The \`${name}\` command runs \`${target}\` (${file} scripts).`,
        file,
        line: lineOf(text, new RegExp(`^["']?${escapeRegExp(name)}["']?\\s*=`, "m")),
        tags: TAGS,
      });
  if (tool.pytest || /\bpytest\b/.test(text)) {
    const prefix = runner ? `${runner} run ` : "";
    out.push({
      key: `${file}#pytest`,
      category: "procedure",
      title: `${at}run the tests`,
      content: `${at}Tests run with pytest: \`${prefix}pytest\` (${file}).`,
      file,
      line: lineOf(text, /\[tool\.pytest|pytest/),
      tags: TAGS,
    });
  }
  return out;
}

function cargo(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  const doc = text ? readToml(text) : undefined;
  if (!text || !doc) return [];
  const at = where(file);
  const pkg = obj(doc.package);
  const members = obj(doc.workspace)?.members;
  const out: Proposal[] = [];
  if (pkg?.name)
    out.push({
      key: `${file}#package`,
      category: "fact",
      title: `${at}Rust crate ${String(pkg.name)}`,
      content: `${at}Rust crate ${String(pkg.name)}${pkg.edition ? `, edition ${String(pkg.edition)}` : ""}${pkg["rust-version"] ? `, rust ${String(pkg["rust-version"])}` : ""}: build with \`cargo build\`, test with \`cargo test\`, lint with \`cargo clippy\` (${file}).`,
      file,
      line: lineOf(text, "[package]"),
      tags: TAGS,
    });
  if (Array.isArray(members))
    out.push({
      key: `${file}#workspace`,
      category: "fact",
      title: `${at}Cargo workspace`,
      content: `${at}Cargo workspace of ${members.map(String).join(", ")}; \`cargo test --workspace\` tests them all (${file}).`,
      file,
      line: lineOf(text, "[workspace]"),
      tags: TAGS,
    });
  return out;
}

function goMod(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const at = where(file);
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  const go = /^go\s+(\S+)/m.exec(text)?.[1];
  if (!module) return [];
  return [
    {
      key: `${file}#module`,
      category: "fact",
      title: `${at}Go module ${module}`,
      content: `${at}Go module ${module}${go ? ` (go ${go})` : ""}: build with \`go build ./...\`, test with \`go test ./...\`, check with \`go vet ./...\` (${file}).`,
      file,
      line: lineOf(text, /^module\s/m),
      tags: TAGS,
    },
  ];
}

/** Every `run:` step of a GitHub workflow (`script:` lines of GitLab CI), with its job. */
function ciWorkflow(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length) return [];
  const out: Proposal[] = [];
  const line = (n: YamlNode | null | undefined) => (n?.range ? counter.linePos(n.range[0]).line : 1);
  const push = (job: string, command: string, node: YamlNode, ordinal: number) =>
    out.push({
      key: `${file}#${job}#${ordinal}`,
      category: "procedure",
      title: `CI ${job}`,
      content: `CI (${file}, job ${job}) runs \`${command.trim()}\`.`,
      file,
      line: line(node),
      tags: [...TAGS, "ci"],
    });
  const root = doc.contents;
  if (!isMap(root)) return [];
  const jobs = file === ".gitlab-ci.yml" ? root : root.get("jobs");
  if (!isMap(jobs)) return [];
  for (const pair of jobs.items) {
    const job = isScalar(pair.key) ? String(pair.key.value) : "";
    if (!job || job.startsWith(".") || !isMap(pair.value)) continue;
    let ordinal = 0;
    const steps = pair.value.get("steps");
    if (isSeq(steps))
      for (const step of steps.items) {
        const run = isMap(step) ? step.get("run", true) : undefined;
        const command: unknown = isScalar(run) ? run.value : undefined;
        if (run && isScalar(run) && typeof command === "string" && command.trim()) push(job, command, run as YamlNode, ordinal++);
      }
    const script = pair.value.get("script");
    if (isSeq(script))
      for (const s of script.items) {
        const command: unknown = isScalar(s) ? s.value : undefined;
        if (isScalar(s) && typeof command === "string" && command.trim()) push(job, command, s, ordinal++);
      }
  }
  return out;
}

function dockerfile(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const out: Proposal[] = [];
  const lines = text.split(/\r?\n/);
  const from = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^FROM\s/i.test(l));
  if (from.length)
    out.push({
      key: `${file}#from`,
      category: "fact",
      title: `${file} base image`,
      content: `The ${file} builds from ${from.map(({ l }) => l.replace(/^FROM\s+/i, "").trim()).join(", then ")}.`,
      file,
      line: from[0].i + 1,
      tags: TAGS,
    });
  const start = [...lines.map((l, i) => ({ l, i }))].reverse().find(({ l }) => /^(CMD|ENTRYPOINT)\s/i.test(l));
  if (start)
    out.push({
      key: `${file}#cmd`,
      category: "fact",
      title: `${file} command`,
      content: `The ${file} container starts with ${start.l.trim()}.`,
      file,
      line: start.i + 1,
      tags: TAGS,
    });
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
