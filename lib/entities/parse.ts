/**
 * References parsed out of memory text, for filtering (`GET /api/memories?entity=#123`):
 * issues `#123` (or `owner/repo#123`), merge requests `!45`, epics `&7`, URLs, file paths.
 * Values are normalized so the same reference written two ways is one entity.
 */
import { trimEnd } from "../trim-end";

export const ENTITY_KINDS = ["issue", "mr", "epic", "url", "file"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface Entity {
  kind: EntityKind;
  value: string;
}

const URL_RE = /\bhttps?:\/\/[^\s<>"'`\]}]+/gi;
// `owner/repo` starts only where a run of its characters starts: otherwise a long run (`.....`)
// is rescanned from each of its characters (quadratic).
const ISSUE_RE = /(?<![\w&#!/])((?:(?<![.-])[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)?#[1-9]\d{0,7})(?![\w-])/g;
const MR_RE = /(?<![\w!=&#])!([1-9]\d{0,7})(?![\w=-])/g;
const EPIC_RE = /(?<![\w&#!])&([1-9]\d{0,7})(?![\w&;-])/g;

const CODE_EXTENSIONS = new Set(
  (
    "ts tsx js jsx mjs cjs mts cts json jsonc json5 md mdx py pyi rs go java kt kts rb php c h cc cpp cxx hpp cs swift m mm " +
    "sh bash zsh fish ps1 yml yaml toml ini cfg conf sql css scss sass less html htm vue svelte astro lock txt env xml " +
    "gradle proto graphql gql prisma tf hcl dockerfile makefile cmake lua dart ex exs erl hs ml scala clj r jl zig nim " +
    "ipynb csv tsv log patch diff snap wasm"
  ).split(" "),
);
// A path-like token: optional ./ ../ ~/ / prefix, segments, optional :line[:col].
const PATH_RE = /(?<![\w@:/.-])((?:\.{1,2}\/|~\/|\/)?(?:[\w@+-][\w@.+-]*\/)*[\w@+-][\w@.+-]*)(?::\d+(?::\d+)?)?/g;

function trimUrl(url: string): string {
  let u = trimEnd(url, ".,;:!?*_~");
  // A closing parenthesis belongs to the URL only when it opened one (Wikipedia-style links).
  while (u.endsWith(")") && (u.match(/\(/g)?.length ?? 0) < (u.match(/\)/g)?.length ?? 0)) u = u.slice(0, -1);
  return u;
}

export function normalizeUrl(url: string): string {
  try {
    const u = new URL(trimUrl(url));
    u.hash = u.hash === "#" ? "" : u.hash;
    let s = u.toString();
    if (s.endsWith("/") && u.pathname !== "/" && !u.search) s = s.slice(0, -1);
    else if (u.pathname === "/" && !u.search && !u.hash) s = s.slice(0, -1);
    return s;
  } catch {
    return trimUrl(url);
  }
}

export function normalizePath(p: string): string {
  return trimEnd(p.replace(/:\d+(?::\d+)?$/, "").replace(/^(?:\.\/)+/, ""), "/");
}

function isFilePath(token: string): boolean {
  if (token.length < 3 || token.length > 300) return false;
  if (/^\d+(?:\.\d+)*$/.test(token)) return false; // versions, numbers
  const base = token.split("/").pop() ?? "";
  const slashes = (token.match(/\//g) ?? []).length;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : base.startsWith(".") ? base.slice(1).toLowerCase() : "";
  if (ext && CODE_EXTENSIONS.has(ext)) return true;
  if (/^(?:Dockerfile|Makefile|\.env(?:\.\w+)?|\.gitignore|\.npmrc)$/.test(base)) return true;
  // Extension-less paths: only explicit ones (./x, ../x, ~/x, /x/y) or at least two slashes.
  if (/^(?:\.{1,2}\/|~\/)/.test(token)) return true;
  if (token.startsWith("/") && slashes >= 2) return true;
  return slashes >= 2 && !/\s/.test(token) && /[a-z]/i.test(base);
}

export function parseEntities(text: string): Entity[] {
  if (!text) return [];
  const out = new Map<string, Entity>();
  const add = (kind: EntityKind, value: string) => {
    if (value) out.set(`${kind}\u0000${value}`, { kind, value });
  };
  for (const m of text.matchAll(URL_RE)) add("url", normalizeUrl(m[0]));
  // URLs are blanked so their `#anchor`s and path segments are not read again.
  const rest = text.replace(URL_RE, (m) => " ".repeat(m.length));
  for (const m of rest.matchAll(ISSUE_RE)) add("issue", m[1]);
  for (const m of rest.matchAll(MR_RE)) add("mr", `!${m[1]}`);
  for (const m of rest.matchAll(EPIC_RE)) add("epic", `&${m[1]}`);
  for (const m of rest.matchAll(PATH_RE)) {
    const token = trimEnd(m[1], ".,;:!?");
    if (token.includes("#")) continue;
    if (isFilePath(token)) add("file", normalizePath(token));
  }
  return [...out.values()];
}

/**
 * The value a filter query means: `#123`, `!45`, `&7`, a URL or a path, normalized like stored
 * values. An explicit kind prefix (`file:README.md`, `issue:#4`) is accepted and returned.
 */
export function normalizeEntityQuery(raw: string): Entity | { kind: null; value: string } {
  const q = raw.trim();
  const prefixed = /^(issue|mr|epic|url|file):(?!\/\/)(.+)$/.exec(q);
  if (prefixed) {
    const inner = normalizeEntityQuery(prefixed[2]);
    return { kind: prefixed[1] as EntityKind, value: inner.value };
  }
  if (/^https?:\/\//i.test(q)) return { kind: "url", value: normalizeUrl(q) };
  if (/^(?:[\w.-]+\/[\w.-]+)?#\d+$/.test(q)) return { kind: "issue", value: q };
  if (/^!\d+$/.test(q)) return { kind: "mr", value: q };
  if (/^&\d+$/.test(q)) return { kind: "epic", value: q };
  return { kind: null, value: normalizePath(q) };
}
