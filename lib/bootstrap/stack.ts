import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { lineOf, where, type Proposal, type ProjectFiles } from "./types";

const TAGS = ["bootstrap", "stack"];

/** File extensions -> language, for the project's languages. */
const LANGUAGES: Record<string, string> = {
  ts: "TypeScript",
  tsx: "TypeScript",
  mts: "TypeScript",
  cts: "TypeScript",
  js: "JavaScript",
  jsx: "JavaScript",
  mjs: "JavaScript",
  cjs: "JavaScript",
  py: "Python",
  go: "Go",
  rs: "Rust",
  java: "Java",
  kt: "Kotlin",
  rb: "Ruby",
  php: "PHP",
  cs: "C#",
  swift: "Swift",
  c: "C",
  h: "C",
  cpp: "C++",
  cc: "C++",
  hpp: "C++",
  scala: "Scala",
  ex: "Elixir",
  exs: "Elixir",
  dart: "Dart",
  lua: "Lua",
  zig: "Zig",
  vue: "Vue",
  svelte: "Svelte",
};
/** A language counts when it has at least this share of the source files (a stray script does not). */
const LANGUAGE_SHARE = 0.05;

/** Dependencies worth a memory: frameworks, test runners, ORMs, build tools. */
const NPM_FRAMEWORKS = new Set([
  "next",
  "react",
  "vue",
  "svelte",
  "@sveltejs/kit",
  "nuxt",
  "astro",
  "solid-js",
  "@angular/core",
  "express",
  "fastify",
  "koa",
  "hono",
  "@nestjs/core",
  "vite",
  "webpack",
  "esbuild",
  "typescript",
  "vitest",
  "jest",
  "mocha",
  "@playwright/test",
  "cypress",
  "tailwindcss",
  "prisma",
  "@prisma/client",
  "drizzle-orm",
  "typeorm",
  "sequelize",
  "mongoose",
  "zod",
  "electron",
  "react-native",
  "expo",
  "@remix-run/react",
  "graphql",
  "trpc",
  "@trpc/server",
]);
const PY_FRAMEWORKS = new Set([
  "django",
  "flask",
  "fastapi",
  "pydantic",
  "sqlalchemy",
  "pytest",
  "numpy",
  "pandas",
  "torch",
  "celery",
  "httpx",
  "requests",
  "typer",
  "click",
]);
const GO_FRAMEWORKS =
  /^(github\.com\/(gin-gonic\/gin|labstack\/echo(\/v\d+)?|gofiber\/fiber(\/v\d+)?|go-chi\/chi(\/v\d+)?|spf13\/cobra|stretchr\/testify|gorilla\/mux)|gorm\.io\/gorm|google\.golang\.org\/grpc)$/;

/** Formatter and linter configs by file name. */
const TOOL_CONFIGS: [RegExp, string][] = [
  [/^biome\.jsonc?$/, "Biome"],
  [/^(\.eslintrc(\.\w+)?|eslint\.config\.\w+)$/, "ESLint"],
  [/^(\.prettierrc(\.\w+)?|prettier\.config\.\w+)$/, "Prettier"],
  [/^ruff\.toml$|^\.ruff\.toml$/, "Ruff"],
  [/^\.golangci\.ya?ml$/, "golangci-lint"],
  [/^rustfmt\.toml$|^\.rustfmt\.toml$/, "rustfmt"],
  [/^\.clang-format$/, "clang-format"],
  [/^\.stylelintrc(\.\w+)?$/, "Stylelint"],
  [/^\.flake8$/, "flake8"],
  [/^mypy\.ini$/, "mypy"],
  [/^\.rubocop\.ya?ml$/, "RuboCop"],
];

/**
 * Stack and settings -> facts and conventions: the languages, frameworks and their versions,
 * TypeScript strictness, formatter and linter configs, `.editorconfig`.
 */
export function stackAndSettings(project: ProjectFiles): Proposal[] {
  const out: Proposal[] = [...languages(project)];
  for (const file of project.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    if (name === "package.json") out.push(...npmFrameworks(project, file));
    else if (name === "pyproject.toml") out.push(...pythonStack(project, file));
    else if (name === "go.mod") out.push(...goStack(project, file));
    else if (name === "tsconfig.json") out.push(...tsconfig(project, file));
    else if (name === ".editorconfig" && !dir) out.push(...editorconfig(project, file));
    const tool = TOOL_CONFIGS.find(([re]) => re.test(name));
    if (tool && dir.split("/").length <= 2) out.push(toolConfig(project, file, tool[1]));
  }
  return out;
}

function languages(project: ProjectFiles): Proposal[] {
  const counts = new Map<string, number>();
  let total = 0;
  for (const f of project.files) {
    const lang = LANGUAGES[f.slice(f.lastIndexOf(".") + 1).toLowerCase()];
    if (!lang || !f.includes(".")) continue;
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
    total++;
  }
  // Names only, sorted: counts change with every file, and the memory should not.
  const main = [...counts]
    .filter(([, n]) => n / total >= LANGUAGE_SHARE)
    .map(([l]) => l)
    .sort();
  if (!main.length) return [];
  return [
    { key: "#languages", category: "fact", title: "Languages", content: `The project is written in ${main.join(", ")}.`, file: ".", line: 1, tags: TAGS },
  ];
}

function npmFrameworks(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  let pkg: Record<string, Record<string, unknown> | undefined>;
  try {
    pkg = JSON.parse(text);
  } catch {
    return [];
  }
  const at = where(file);
  const out: Proposal[] = [];
  for (const field of ["dependencies", "devDependencies", "peerDependencies"] as const) {
    const deps = pkg[field];
    if (!deps || typeof deps !== "object") continue;
    const fieldAt = text.indexOf(`"${field}"`);
    for (const [dep, version] of Object.entries(deps).sort(([a], [b]) => a.localeCompare(b))) {
      if (!NPM_FRAMEWORKS.has(dep) || typeof version !== "string") continue;
      out.push({
        key: `${file}#dep.${dep}`,
        category: "fact",
        title: `${at}${dep} ${version}`,
        content: `${at}Uses ${dep} ${version} (${file} ${field}).`,
        file,
        line: lineOf(text, `"${dep}"`, Math.max(fieldAt, 0)),
        tags: TAGS,
      });
    }
  }
  return out;
}

function pythonStack(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  const at = where(file);
  const proj = (doc.project ?? {}) as Record<string, unknown>;
  const poetryDeps = (((doc.tool as Record<string, unknown> | undefined)?.poetry as Record<string, unknown> | undefined)?.dependencies ?? {}) as Record<
    string,
    unknown
  >;
  const specs: [string, string][] = [];
  for (const d of [
    ...(Array.isArray(proj.dependencies) ? proj.dependencies : []),
    ...Object.values((proj["optional-dependencies"] ?? {}) as Record<string, unknown>).flat(),
  ]) {
    // The rest whatever it holds, trimmed below: `\s*(.*)$` backtracked on a string with a newline.
    const m = typeof d === "string" ? /^([A-Za-z0-9_.-]+)(\[[^\]]*\])?([\s\S]*)/.exec(d.trim()) : null;
    if (m) specs.push([m[1].toLowerCase(), m[3].trim()]);
  }
  for (const [d, v] of Object.entries(poetryDeps)) specs.push([d.toLowerCase(), typeof v === "string" ? v : ""]);
  const tools = Object.keys((doc.tool ?? {}) as object).filter((t) => ["ruff", "black", "mypy", "isort", "pyright", "pylint"].includes(t));
  const out: Proposal[] = specs
    .filter(([d]) => PY_FRAMEWORKS.has(d))
    .map(([d, v]) => ({
      key: `${file}#dep.${d}`,
      category: "fact" as const,
      title: `${at}${d}${v ? ` ${v}` : ""}`,
      content: `${at}Uses ${d}${v ? ` ${v}` : ""} (${file}).`,
      file,
      line: lineOf(text, new RegExp(`["']?${d}\\b`, "i")),
      tags: TAGS,
    }));
  for (const t of tools.sort())
    out.push({
      key: `${file}#tool.${t}`,
      category: "convention",
      title: `${at}${t} settings`,
      content: `${at}Python code is checked with ${t}, configured in [tool.${t}] of ${file}${settingsOf(doc, t)}.`,
      file,
      line: lineOf(text, `[tool.${t}`),
      tags: TAGS,
    });
  return out;
}

/** The simple settings of a `[tool.x]` table, as ` (line-length=100, ...)`. */
function settingsOf(doc: Record<string, unknown>, tool: string): string {
  const table = ((doc.tool as Record<string, unknown>)[tool] ?? {}) as Record<string, unknown>;
  const simple = Object.entries(table)
    .filter(([, v]) => ["string", "number", "boolean"].includes(typeof v))
    .slice(0, 6);
  return simple.length ? ` (${simple.map(([k, v]) => `${k}=${String(v)}`).join(", ")})` : "";
}

function goStack(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const at = where(file);
  const out: Proposal[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    // A module path starts with its host (`golang.org/x/tools`); one class for host and path backtracked.
    const m = /^\s*(?:require\s+)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]+\/\S+)\s+(v\S+)/.exec(l);
    if (m && GO_FRAMEWORKS.test(m[1]) && !/\/\/\s*indirect/.test(l))
      out.push({
        key: `${file}#dep.${m[1]}`,
        category: "fact",
        title: `${at}${m[1]} ${m[2]}`,
        content: `${at}Uses ${m[1]} ${m[2]} (${file}).`,
        file,
        line: i + 1,
        tags: TAGS,
      });
  });
  return out;
}

const STRICT_FLAGS = [
  "strict",
  "noUncheckedIndexedAccess",
  "exactOptionalPropertyTypes",
  "noImplicitAny",
  "strictNullChecks",
  "noImplicitReturns",
  "noUnusedLocals",
  "noUnusedParameters",
];

function tsconfig(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const options = (parseJsonc(text) as { compilerOptions?: Record<string, unknown> } | undefined)?.compilerOptions ?? {};
  const flags = STRICT_FLAGS.filter((f) => typeof options[f] === "boolean").map((f) => `${f}: ${String(options[f])}`);
  if (!flags.length) return [];
  const strict = options.strict === true;
  return [
    {
      key: `${file}#strictness`,
      category: "convention",
      title: `${where(file)}TypeScript strictness`,
      content: `${where(file)}TypeScript is ${strict ? "strict" : "not in strict mode"} (${file}: ${flags.join(", ")})${strict ? ": keep code type-safe, no implicit any" : ""}.`,
      file,
      line: lineOf(text, `"${flags[0].split(":")[0]}"`),
      tags: TAGS,
    },
  ];
}

function editorconfig(project: ProjectFiles, file: string): Proposal[] {
  const text = project.read(file);
  if (!text) return [];
  const out: Proposal[] = [];
  let section: { glob: string; line: number; settings: string[] } | undefined;
  const flush = () => {
    if (section?.settings.length)
      out.push({
        key: `${file}#${section.glob}`,
        category: "convention",
        title: `Editor settings for ${section.glob}`,
        content: `Files ${section.glob} use ${section.settings.join(", ")} (.editorconfig).`,
        file,
        line: section.line,
        tags: TAGS,
      });
  };
  text.split(/\r?\n/).forEach((l, i) => {
    const head = /^\s*\[(.+)\]\s*$/.exec(l);
    if (head) {
      flush();
      section = { glob: head[1], line: i + 1, settings: [] };
      return;
    }
    // Split at `=` and trimmed: `\s*=\s*(.+?)\s*$` was cubic on a line of tabs and `=`.
    const eq = l.indexOf("=");
    const key = l.slice(0, Math.max(0, eq)).trim();
    const value = l.slice(eq + 1).trim();
    // A value never spans a line terminator that is not at its end (a lone `\r`, U+2028).
    if (eq > 0 && /^[a-z_]+$/.test(key) && value && !/[\r\u2028\u2029]/.test(value) && section && key !== "root") section.settings.push(`${key} = ${value}`);
  });
  flush();
  return out;
}

function toolConfig(project: ProjectFiles, file: string, tool: string): Proposal {
  const text = project.read(file) ?? "";
  let detail = "";
  if (/\.(json|jsonc)$|rc$/.test(file) && text.trim().startsWith("{")) {
    const parsed = parseJsonc(text) as Record<string, unknown> | undefined;
    const flat: string[] = [];
    const visit = (v: unknown, prefix: string) => {
      if (flat.length >= 8 || !v || typeof v !== "object" || Array.isArray(v)) return;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k === "$schema") continue;
        if (["string", "number", "boolean"].includes(typeof x)) flat.push(`${prefix}${k}=${String(x)}`);
        else if (prefix.split(".").length < 3) visit(x, `${prefix}${k}.`);
        if (flat.length >= 8) break;
      }
    };
    visit(parsed, "");
    if (flat.length) detail = ` (${flat.join(", ")})`;
  }
  return {
    key: `${file}#tool`,
    category: "convention",
    title: `${where(file)}${tool}`,
    content: `${where(file)}Code is formatted or linted with ${tool}, configured in ${file}${detail}: run it before committing.`,
    file,
    line: 1,
    tags: TAGS,
  };
}
