import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { type ConsolidateOptions, consolidate } from "../../../lib/consolidation/consolidate";
import { commandsDiffer, guardNamesOf, namedThingsDiffer } from "../../../lib/consolidation/names";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { createMemory } from "../../../lib/memories";
import type { Category } from "../../../lib/vocabulary";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { toward, VECTOR_DIM, writeVectorOf } from "./fixtures";

// Issue #38, fifteenth pass ("Merge precision" in docs/consolidation.md): the false merges of the
// tuning stores, by cause, and one guard for each cause fixed. A merge is one subject and one
// claim: two memories that each name another decorator, route or keyword argument, that give one
// key two values, or that run one program with another subcommand on the same argument speak of
// two things; a Chinese pair found by its vectors alone with no word in common has no evidence of
// one subject. The cases are from tuning data (r7, r9, r11, r13, r14 tuning and r14 frozen, spent
// since session fifteen). Vectors are written by hand into the real vector table; the service only
// says they are sound.
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-merge-precision-");
});
afterAll(() => ctx?.close());

let clock = Date.now() - 20 * 86_400_000;
function remember(content: string, category: Category, vector: Float32Array) {
  const m = createMemory(ctx, { content, category, directory: dir }).memory;
  clock += 86_400_000;
  ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(clock, clock, m.id);
  writeVectorOf(ctx.sqlite, m.id, vector);
  return m.id;
}

/** The merges a dry run proposes (memory ids, sorted), the vectors said to be sound. */
async function merges(options: ConsolidateOptions = {}): Promise<string[][]> {
  ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
  try {
    const run = await consolidate(ctx, { dryRun: true, ...options });
    return (run.proposals ?? []).filter((p) => p.kind === "merge").map((p) => [...p.memoryIds].sort());
  } finally {
    ctx.services.embeddings = undefined;
  }
}

describe("the names a merge guard reads", () => {
  it("include decorators and directives, routes and keyword arguments; not an e-mail address", () => {
    expect([...guardNamesOf("Check a single field with the @validator decorator.")]).toEqual(["@validator"]);
    expect([...guardNamesOf("The search screen is served at /search.")]).toEqual(["/search"]);
    expect([...guardNamesOf("Relationships are declared once with backref= on one side.")]).toEqual(["backref"]);
    expect([...guardNamesOf("Mail the team at dev@example.com before a release.")]).toEqual(["dev@example.com"]);
  });

  it("tell another decorator apart (r13 tuning: @validator / @field_validator); not the same one reworded", () => {
    expect(
      namedThingsDiffer("Check a single field with @field_validator, declared as a classmethod.", "Check a single field with the @validator decorator."),
    ).toBe(true);
    expect(namedThingsDiffer("Check a single field with @field_validator.", "Single fields are validated by a @field_validator classmethod.")).toBe(false);
  });

  it("tell a route from a file (r7 tuning: /search / SearchScreen.tsx); not the same route", () => {
    expect(namedThingsDiffer("The search screen component is src/screens/SearchScreen.tsx.", "The search screen is served at /search.")).toBe(true);
    expect(namedThingsDiffer("The search screen is served at /search.", "Searching happens on the /search page.")).toBe(false);
  });

  it("tell another keyword argument apart (r14 tuning: back_populates= / backref=); not one key given a placeholder", () => {
    expect(
      namedThingsDiffer("Relationships are declared on both sides with back_populates=.", "Relationships are declared once with backref= on one side."),
    ).toBe(true);
    expect(
      namedThingsDiffer(
        "When only one crate changes, narrow just to it with just package=<crate> <recipe>.",
        "Pass package=NAME to just to run a recipe on a single crate instead of the whole workspace.",
      ),
    ).toBe(false);
  });

  it("count one key given another value as another thing (r11 tuning: --wasm-opt=-Oz / --wasm-opt=true); not the same value", () => {
    expect(
      namedThingsDiffer(
        "Custom wasm-opt arguments go after the equals sign, e.g. --wasm-opt=-Oz.",
        "The --wasm-opt flag requires an explicit value: use --wasm-opt=true.",
      ),
    ).toBe(true);
    expect(namedThingsDiffer("Turn wasm-opt on with --wasm-opt=true.", "The --wasm-opt flag requires an explicit value: use --wasm-opt=true.")).toBe(false);
  });
});

describe("the commands of one program", () => {
  it("include a program's subcommand followed by a path or an address (r9 frozen: kwpolicy inspect / pull)", () => {
    expect(
      commandsDiffer(
        "Show a policy's metadata with kwpolicy inspect registry://ghcr.io/org/policy:v1.",
        "Fetch a policy with kwpolicy pull registry://ghcr.io/org/policy:v1.",
      ),
    ).toBe(true);
    expect(
      commandsDiffer("Fetch a policy with kwpolicy pull registry://ghcr.io/org/policy:v1.", "kwpolicy pull registry://ghcr.io/org/policy:v1 downloads it."),
    ).toBe(false);
    // Prose before a path is not a command line.
    expect(commandsDiffer("Generator templates live in internal/templater/templates/.", "Generator partials live in internal/templater/partials/.")).toBe(
      false,
    );
  });
});

describe("merges the guards withhold", () => {
  it("two memories naming another decorator, though their vectors are each other's nearest", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const a = remember("Check a single field with the @validator decorator.", "convention", toward(0, 1, 1));
    const b = remember("Check a single field with @field_validator, declared as a classmethod.", "convention", toward(0, 0.83, 1));
    expect(await merges({ namedThings: { guard: false } })).toEqual([[a, b].sort()]);
    expect(await merges()).toEqual([]);
  });

  it("a Chinese pair the vectors alone bring up with no word in common (r11 tuning); not one sharing its words", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const a = remember("提交信息用简短的祈使句。", "convention", toward(0, 1, 1));
    const b = remember("支付接入微信支付。", "convention", toward(0, 0.95, 1));
    const floorOff = { semantic: { minCosine: 0.65, margin: 0.1, chineseMinCosine: 0.8, chineseMinJaccard: 0 } };
    expect(await merges(floorOff)).toEqual([[a, b].sort()]);
    expect(await merges()).toEqual([]);
    // The control: a Chinese paraphrase sharing some words is still merged by its vectors.
    const c = remember("新增功能必须附带单元测试。", "convention", toward(2, 1, 3));
    const d = remember("每个新功能都要有对应的单元测试。", "convention", toward(2, 0.89, 3));
    expect(await merges()).toEqual([[c, d].sort()]);
  });

  it("name the path that found each pair in the proposal's evidence (vectors: mutual nearest neighbours; words)", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    remember("Use const constructors for widgets wherever possible.", "convention", toward(0, 1, 1));
    remember("Prefer const widget constructors whenever the arguments allow it.", "convention", toward(0, 0.91, 1));
    remember("Run go test ./... before every commit.", "procedure", toward(2, 1, 3));
    remember("Run go test ./... before every single commit.", "procedure", toward(4, 1, 5));
    ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
    try {
      const run = await consolidate(ctx, { dryRun: true });
      const paths = (run.proposals ?? [])
        .filter((p) => p.kind === "merge")
        .map((p) => (p.evidence as { pairs: { path?: string }[] }).pairs.map((x) => x.path))
        .sort();
      expect(paths).toEqual([["vectors"], ["words"]]);
    } finally {
      ctx.services.embeddings = undefined;
    }
  });
});
