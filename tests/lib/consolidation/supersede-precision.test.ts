import { describe, expect, it } from "vitest";
import { countsOtherThings, numberNeighbours } from "../../../lib/consolidation/numbers";
import { withoutReason } from "../../../lib/consolidation/supersede";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import { datedStore, textStore, toward, VECTOR_DIM } from "./fixtures";

// Issue #38, fifteenth pass ("Supersede precision" in docs/consolidation.md): guards on the
// supersession rules, from what a supersession is (the same setting or choice with another value,
// or an explicit replacement). The false cases are from the tuning stores (tuning, r8 frozen, r10
// frozen, r12 and r13 tuning, r15 tuning; r8 and r10 frozen are tuning data since their sessions);
// each test also keeps a right supersession of the same shape.
const { supersessions } = datedStore("recollect-supersede-precision-");
// Pairs only their vectors bring near (each the other's nearest neighbour), as MiniLM did on the tuning stores.
const store = textStore("recollect-supersede-precision-vectors-", "fact");

describe("supersede precision guards", () => {
  it("reads a change word only outside a clause of reason", async () => {
    expect(withoutReason("The stripe npm package is pinned to 14.25.0 because 15.x changed the types.")).toBe("The stripe npm package is pinned to 14.25.0 ");
    const found = await supersessions([
      ["decision", "The Stripe API version pinned in the dashboard is 2023-10-16."],
      ["decision", "The stripe npm package is pinned to 14.25.0 because 15.x changed the types of PaymentIntent."],
      ["constraint", "The engine's default search depth is 8 plies."],
      ["constraint", "The engine now searches 12 plies deep by default because 8 plies missed tactics."],
    ]);
    expect(found).toEqual(["The engine now searches 12 plies deep by default because 8 plies missed tactics. > The engine's default search depth is 8 plies."]);
  });

  it('does not read "now that" (a reason) or "on changed files" (which files) as a change', async () => {
    const found = await supersessions([
      ["convention", "C++ code follows the .clang-format file at the repository root."],
      ["convention", "Run clang-tidy on changed C++ files."],
      ["convention", "f-strings may reuse the outer quote inside a replacement field, as 3.12 allows."],
      ["convention", "Inside an f-string's braces, the same quote character as the outer string is allowed now that we are on 3.12."],
      ["constraint", "The engine's default search depth is 8 plies."],
      ["constraint", "The engine now searches 12 plies deep by default."],
    ]);
    expect(found).toEqual(["The engine now searches 12 plies deep by default. > The engine's default search depth is 8 plies."]);
  });

  it("does not take a change of another named thing for a change of the older", async () => {
    const found = await supersessions([
      ["decision", "Component tests use Jest with @testing-library/react-native."],
      ["decision", "End-to-end tests no longer use Detox; they are Maestro flows in .maestro/."],
      ["convention", "依赖装在仓库根目录，子应用不单独安装。"],
      ["convention", "依赖改用 pnpm 安装，不再使用 Yarn。"],
      ["decision", "Background jobs (reminder emails, invoice PDFs) run on Celery with Redis as the broker."],
      ["decision", "Background jobs run on Dramatiq now; the Celery workers and their beat schedule are gone."],
    ]);
    expect(found).toEqual([
      "Background jobs run on Dramatiq now; the Celery workers and their beat schedule are gone. > Background jobs (reminder emails, invoice PDFs) run on Celery with Redis as the broker.",
    ]);
  });

  it("reads a condition the older does not name as an exception, not a replacement", async () => {
    const found = await supersessions([
      ["decision", "Videos are streamed as HLS with hls.js."],
      ["decision", "On Safari, use the native video element for HLS instead of hls.js."],
      ["decision", "车辆图层显示在线车辆的实时位置。"],
      ["decision", "车辆点位超过一万个时改用 WebGL 图层渲染，DOM 标注扛不住。"],
      ["decision", "登录会话在 Redis 中保存 2 小时。"],
      ["decision", "登录会话的过期时间改为 8 小时。"],
      ["decision", "In CI, tests run with Jest."],
      ["decision", "In CI, tests run with Vitest instead of Jest."],
    ]);
    expect(found.sort()).toEqual([
      "In CI, tests run with Vitest instead of Jest. > In CI, tests run with Jest.",
      "登录会话的过期时间改为 8 小时。 > 登录会话在 Redis 中保存 2 小时。",
    ]);
  });

  it("reads what each number counts: two counts of other things are two settings", async () => {
    expect([...(numberNeighbours("An alert fires when a pod restarts more than five times in an hour.").get("5") ?? [])]).toEqual(["time"]);
    expect(countsOtherThings("A pod restarts more than five times.", "5", "A pod stays Pending for ten minutes.", "10")).toBe(true);
    expect(countsOtherThings("Requests time out after 2 seconds.", "2", "Requests time out after 5 seconds.", "5")).toBe(false);
    const found = await supersessions([
      ["constraint", "An alert fires when a pod restarts more than five times in an hour."],
      ["constraint", "An alert fires when a pod stays Pending for ten minutes."],
      ["fact", "The server pings clients every 25 seconds."],
      ["fact", "A client that misses two pings is disconnected."],
      ["fact", "Ingest runs every hour at minute 5."],
      ["fact", "Ingest runs every 6 hours, at minute 5."],
    ]);
    expect(found).toEqual(["Ingest runs every 6 hours, at minute 5. > Ingest runs every hour at minute 5."]);
  });

  it("does not read a value cut by the clause split, a sentence's opening name, or another package's path with its number, as a changed value", async () => {
    const found = await supersessions([
      ["fact", "数据集按 8:1:1 划分训练集、验证集和测试集。"],
      ["fact", "训练、验证、测试集的比例是 8:1:1。"],
      ["fact", "json2csv takes a callback as its last argument."],
      ["fact", "csv2json takes a callback as its last argument."],
      ["constraint", "Line coverage of packages/server must stay above 80%."],
      ["constraint", "Line coverage of packages/client must stay above 60%."],
      ["fact", "The session cookie expires after 30 minutes."],
      ["fact", "The session cookie now expires after 15 minutes."],
    ]);
    expect(found).toEqual(["The session cookie now expires after 15 minutes. > The session cookie expires after 30 minutes."]);
  });

  it("by meaning: reads numbers of other things and a cut value as no change, and keeps a changed number", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    store.remember("An alert fires when a pod restarts more than five times in an hour.", "constraint", toward(0, 1, 1));
    createVectorTable(store.sqlite(), VECTOR_DIM);
    store.remember("An alert fires when a pod stays Pending for ten minutes.", "constraint", toward(0, 0.97, 1));
    store.remember("数据集按 8:1:1 划分训练集、验证集和测试集。", "fact", toward(2, 1, 3));
    store.remember("训练、验证、测试集的比例是 8:1:1。", "fact", toward(2, 0.97, 3));
    store.remember("Requests to the payment API time out after 2 seconds.", "fact", toward(4, 1, 5));
    store.remember("Requests to the payment API time out after 5 seconds.", "fact", toward(4, 0.97, 5));
    const { supersessions: found, merges } = await store.proposals({}, true);
    expect(found).toEqual(["Requests to the payment API time out after 5 seconds. > Requests to the payment API time out after 2 seconds."]);
    // Two settings are not one claim told twice either; the cut ratio is (the same 8:1:1).
    expect(merges).toEqual([["数据集按 8:1:1 划分训练集、验证集和测试集。", "训练、验证、测试集的比例是 8:1:1。"]]);
  });

  it('by meaning: "now that" gives a reason, and a file the older never named is not the older: they retire nothing', async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    store.remember("f-strings may reuse the outer quote inside a replacement field, as 3.12 allows.", "convention", toward(0, 1, 1));
    store.remember(
      "Inside an f-string's braces, the same quote character as the outer string is allowed now that we are on 3.12.",
      "convention",
      toward(0, 0.97, 1),
    );
    store.remember("Styling uses Tailwind CSS.", "decision", toward(4, 1, 5));
    store.remember("Styling uses Tailwind CSS 4 with the Vite plugin; tailwind.config.js is gone.", "decision", toward(4, 0.97, 5));
    store.remember("The Snowflake connector logs in with user and password.", "fact", toward(2, 1, 3));
    store.remember("The Snowflake connector logs in with key-pair authentication now; password login was removed.", "fact", toward(2, 0.97, 3));
    const { supersessions: found, merges } = await store.proposals({}, true);
    expect(found).toEqual([
      "The Snowflake connector logs in with key-pair authentication now; password login was removed. > The Snowflake connector logs in with user and password.",
    ]);
    // The f-string pair is one claim told twice; the Tailwind pair is two (a version and a file more).
    expect(merges).toEqual([
      [
        "Inside an f-string's braces, the same quote character as the outer string is allowed now that we are on 3.12.",
        "f-strings may reuse the outer quote inside a replacement field, as 3.12 allows.",
      ],
    ]);
  });

  // A review's findings on this pass (session sixteen).
  it('reads "For <a purpose>," as no case: the replacement still supersedes', async () => {
    const found = await supersessions([
      ["decision", "We use Yarn for dependency management."],
      ["decision", "For consistency across repos, we now use pnpm instead of Yarn."],
      ["decision", "Videos are streamed as HLS with hls.js."],
      ["decision", "For Safari, use the native video element for HLS instead of hls.js."],
    ]);
    expect(found).toEqual(["For consistency across repos, we now use pnpm instead of Yarn. > We use Yarn for dependency management."]);
  });

  it("ends a reason that opens the sentence at its comma", () => {
    expect(withoutReason("Since the 3.0 upgrade, builds now use esbuild.")).toBe(" builds now use esbuild.");
    expect(withoutReason("Builds use esbuild since the 3.0 upgrade.")).toBe("Builds use esbuild ");
  });

  it("does not read two names that open with the same verb as one renamed", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    store.remember("Components read server state with useQuery.", "convention", toward(0, 1, 1));
    store.remember("Components write server state with useMutation.", "convention", toward(0, 0.97, 1));
    store.remember("Hide the browser focus outline on custom inputs with outline-none and draw a ring instead.", "convention", toward(2, 1, 3));
    store.remember("On custom inputs, remove the default focus outline with outline-hidden and show a focus ring.", "convention", toward(2, 0.97, 3));
    expect((await store.proposals({}, true)).supersessions).toEqual([
      "On custom inputs, remove the default focus outline with outline-hidden and show a focus ring. > Hide the browser focus outline on custom inputs with outline-none and draw a ring instead.",
    ]);
  });
});
