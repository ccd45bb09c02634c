import { describe, expect, it } from "vitest";
import { parseMarkdownSteps, renderJson, renderJsonSteps, renderMarkdownSteps } from "../../../lib/export";
import type { ExportRow } from "../../../lib/export/select";
import { counted } from "../../helpers/steps";

/**
 * Issue 37: the export was rendered, and a Markdown import split, in one piece (24,000 memories
 * held /api/health for seconds at load). Each is now steps; here, without a clock, each must yield
 * at least once per memory and give what the one-piece form gives (JSON: `JSON.stringify` of the
 * whole file; Markdown: the rows read back).
 */
const now = new Date("2026-11-28T00:00:00Z");
/** Rows of every shape the renderers treat apart: scopes, projects, tildes, quotes, CR, U+2028, links, versions. */
const rows = Array.from({ length: 500 }, (_, i) => ({
  id: `m${i}`,
  scope: i % 3 === 0 ? "global" : i % 3 === 1 ? "project" : "session",
  sessionId: i % 3 === 2 ? `ses_${i % 4}` : null,
  project: i % 3 ? { id: `p${i % 5}`, name: `proj ${i % 5}`, rootPath: null, identity: null } : null,
  category: ["note", "decision", "gotcha"][i % 3],
  title: i % 4 ? `Title ${i} "quoted" \\ back` : null,
  content: `Line one ${i}\n~~~\nnested ~~~~ tildes${i % 10 ? "" : "\r\n"} and "quotes" <tags> \u2028 ${"x".repeat(i % 50)}`,
  tags: i % 2 ? ["a", `t${i}`] : [],
  status: "active",
  pinned: i % 7 === 0,
  priority: i % 5,
  source: i % 2 ? "agent" : null,
  metadata: i % 3 ? { k: [1, { n: null }], s: "a\nb" } : {},
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  accessCount: i,
  lastAccessedAt: null,
  links: i % 5 ? [] : [{ to: `m${i + 1}`, kind: "relates_to", createdAt: null }],
  versions: [],
})) as unknown as ExportRow[];

describe("export and import run in steps", () => {
  it("the JSON export yields once per memory and equals the one-piece stringify, empty or not", () => {
    const json = counted(renderJsonSteps(rows, now));
    expect(json.yields).toBeGreaterThanOrEqual(rows.length);
    expect(json.value).toBe(renderJson(rows, now));
    expect(counted(renderJsonSteps([], now)).value).toBe(renderJson([], now));
  });

  it("the Markdown export yields once per memory and its split (one step a memory) reads every row back", () => {
    const md = counted(renderMarkdownSteps(rows, now));
    expect(md.yields).toBeGreaterThanOrEqual(rows.length);
    const parsed = counted(parseMarkdownSteps(md.value));
    expect(parsed.yields).toBeGreaterThanOrEqual(rows.length);
    expect(parsed.value).toHaveLength(rows.length);
    // Through JSON: the comment carries the fields as JSON, so `undefined`-free rows compare exactly.
    expect(parsed.value).toEqual(JSON.parse(JSON.stringify(rows)));
  });
});
