import { describe, expect, it } from "vitest";
import { commandsDiffer } from "../../../lib/consolidation/names";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import type { Category } from "../../../lib/vocabulary";
import { textStore, toward, VECTOR_DIM } from "./fixtures";

// Issue #38, thirteenth pass (docs/consolidation.md "Round three, thirteenth pass"): a newer memory
// that repeats an older sentence with one thing renamed (lib/consolidation/rename.ts) or a list
// grown supersedes it; two memories that run one program with another command are not merged
// (names.ts `commandsDiffer`). The cases are from tuning data: r14's tuning half, r13's tuning
// half, r3's and r9's frozen halves (tuning since r4 and r10); r14's frozen half was never looked at.
const store = textStore("recollect-renames-", "convention");
const { remember } = store;
const { proposals } = store;

describe("a renamed thing in the same sentence", () => {
  it("supersedes the older memory (r14 tuning: a utility class renamed)", async () => {
    remember("Icons inside flex rows get flex-shrink-0 so they keep their size.");
    remember("Icons inside flex rows get shrink-0 so they keep their size.");
    const got = await proposals();
    expect(got.supersessions).toEqual([
      "Icons inside flex rows get shrink-0 so they keep their size. > Icons inside flex rows get flex-shrink-0 so they keep their size.",
    ]);
    expect(got.rules).toEqual(["rename"]);
    expect(got.reasons).toEqual(['The newer memory replaces it: the same sentence with "flex-shrink-0" renamed to "shrink-0".']);
    expect(got.merges).toEqual([]);
  });

  it("names the renamed thing without the sentence's full stop (r13 frozen, tuning since r14)", async () => {
    remember("Serialise a model for the cache with .dict().");
    remember("Serialise a model for the cache with .model_dump().");
    expect((await proposals()).reasons).toEqual(['The newer memory replaces it: the same sentence with ".dict()" renamed to ".model_dump()".']);
  });

  it("supersedes a renamed flag of one command (r14 tuning)", async () => {
    remember("Run one test file with npx jest --testPathPattern parser.", "procedure");
    remember("Run one test file with npx jest --testPathPatterns parser.", "procedure");
    expect((await proposals()).rules).toEqual(["rename"]);
  });

  it("supersedes it in Chinese too (r14 tuning: a hook renamed)", async () => {
    remember("定时器在 beforeDestroy 钩子里清除。");
    remember("定时器在 beforeUnmount 钩子里清除。");
    const got = await proposals();
    expect(got.supersessions).toEqual(["定时器在 beforeUnmount 钩子里清除。 > 定时器在 beforeDestroy 钩子里清除。"]);
  });

  it("is not a rename when other words change with the name (r14 tuning: two claims in one frame)", async () => {
    remember("Page sections are separated with py-24 on desktop.");
    remember("Page sections are separated with py-12 on mobile.");
    expect((await proposals()).supersessions).toEqual([]);
  });

  it("supersedes each older name of one renamed twice (review: A -> B -> C)", async () => {
    remember("Icons inside flex rows get flex-shrink-0 so they keep their size.");
    remember("Icons inside flex rows get shrink-0 so they keep their size.");
    remember("Icons inside flex rows get shrink-none so they keep their size.");
    const got = await proposals();
    expect(got.rules.every((r) => r === "rename")).toBe(true);
    expect(got.supersessions.map((x) => x.replace(/Icons inside flex rows get | so they keep their size\./g, "")).sort()).toEqual([
      "shrink-0 > flex-shrink-0",
      "shrink-none > flex-shrink-0",
      "shrink-none > shrink-0",
    ]);
  });

  it("is not a rename in a frame written for several subjects", async () => {
    remember("Cards on the pricing page get shadow-sm around their border.");
    remember("Cards on the pricing page get ring-inset around their border.");
    remember("Cards on the pricing page get outline-dashed around their border.");
    expect((await proposals()).supersessions).toEqual([]);
  });
});

// Review of the thirteenth pass: two memories sharing a frame are not a rename without evidence of
// one (a choice word in the sentence, or two names sharing a part in a convention or a decision).
describe("two things in one frame with no evidence of a rename", () => {
  const pairs: [string, string, Category][] = [
    ["Environment variable DATABASE_URL must be set before starting.", "Environment variable REDIS_URL must be set before starting.", "constraint"],
    ["The orders table has an index on user_id for lookups.", "The orders table has an index on created_at for lookups.", "fact"],
    ["接口返回的时间字段是 created_at。", "接口返回的时间字段是 updated_at。", "fact"],
    ["应用在 iOS 上需要申请相机权限。", "应用在 Android 上需要申请相机权限。", "constraint"],
    ["Logs are written to /var/log/app.log and rotated daily.", "Logs are written to /var/log/worker.log and rotated daily.", "fact"],
    ["The billing service stores its data in MongoDB, hosted in eu-west-1.", "The billing service stores its data in S3, hosted in eu-west-1.", "fact"],
  ];
  for (const [older, newer, category] of pairs)
    it(`are not a rename: ${older}`, async () => {
      remember(older, category);
      remember(newer, category);
      expect((await proposals()).rules).not.toContain("rename");
    });
});

describe("the rename rule's guards (each case is a rename with its guard off)", () => {
  it("a fact is never a rename (review: another fact in one frame)", async () => {
    remember("Schema changes are applied with db/migrate.ts.", "fact");
    remember("Schema changes are applied after review with db/review.ts.", "fact");
    expect((await proposals()).supersessions).toEqual([]);
  });

  it("a negation in the changed stretch is the polarity rule's case", async () => {
    remember("Run the linter with --no-fix locally.");
    remember("Run the linter with --no-cache locally.");
    expect((await proposals()).rules).not.toContain("rename");
  });

  it("the changed stretch is not the sentence's subject", async () => {
    remember("The billing-api service deploys through deploy/run.sh.");
    remember("The search-api service deploys through deploy/run.sh.");
    expect((await proposals()).rules).not.toContain("rename");
  });

  it("a text that names the other's thing compares them", async () => {
    remember("In CI, run api-server tests with the api-server config.", "procedure");
    remember("In CI, run web-client tests with the api-server config.", "procedure");
    expect((await proposals()).supersessions).toEqual([]);
  });

  it("the Chinese around the names is the same wording", async () => {
    remember("后端服务的日志库使用 zap，字段名用小写驼峰格式。");
    remember("后端服务的日志库用 zerolog 输出，字段名一律小写驼峰格式。");
    expect((await proposals()).rules).not.toContain("rename");
  });

  it("two commands of one program are two procedures (review: npm run test:unit / test:e2e)", async () => {
    remember("Run npm run test:unit before pushing.", "procedure");
    remember("Run npm run test:e2e before pushing.", "procedure");
    remember("Before committing, run pnpm lint:fix.", "procedure");
    remember("Before committing, run pnpm format:write.", "procedure");
    expect((await proposals()).supersessions).toEqual([]);
  });
});

describe("a list with an item added", () => {
  it("supersedes the older list instead of merging with it (r3 frozen, tuning since r4)", async () => {
    remember("Supported locales are en, de and nl.", "fact");
    remember("Supported locales are en, de, nl and fr.", "fact");
    const got = await proposals();
    expect(got.supersessions).toEqual(["Supported locales are en, de, nl and fr. > Supported locales are en, de and nl."]);
    expect(got.rules).toEqual(["list"]);
    expect(got.reasons).toEqual(['The newer memory replaces it: the same list with "fr" added.']);
    expect(got.merges).toEqual([]);
  });

  it("takes whole Chinese items between the list's separators (review: 日 for 日文)", async () => {
    remember("界面支持中文和英文。", "fact");
    remember("界面支持中文、英文和日文。", "fact");
    const got = await proposals();
    expect(got.rules).toEqual(["list"]);
    expect(got.reasons).toEqual(['The newer memory replaces it: the same list with "日文" added.']);
  });

  it("is not a list when an item is added with a comma alone", async () => {
    remember("Deploys need approval from the release manager on Fridays.", "constraint");
    remember("Deploys need approval from the release manager, in writing, on Fridays.", "constraint");
    expect((await proposals()).rules).not.toContain("list");
  });

  it("is not a list when a clause is added after a comma (tuning: an added rule)", async () => {
    remember("管理后台只允许公司 VPN 的 IP 访问。", "constraint");
    remember("管理后台只允许公司 VPN 的 IP 访问，并且每次登录都要短信验证。", "constraint");
    expect((await proposals()).rules).not.toContain("list");
  });
});

describe("two memories that run one program with another command", () => {
  it("are not merged, however close their vectors (r9 frozen, tuning since r10)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("Benchmark a policy with kwpolicy bench --request-path req.json policy.wasm.", "procedure", toward(0, 1, 1));
    remember("Evaluate a policy locally with kwpolicy run --request-path req.json policy.wasm.", "procedure", toward(0, 0.95, 1));
    // Without the guards the pair is a merge: the test would pass for the wrong reason otherwise.
    expect((await proposals({ namedThings: { guard: false } }, true)).merges).toHaveLength(1);
    expect((await proposals({}, true)).merges).toEqual([]);
  });

  it("are still merged when both run the same command (r9 frozen)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("The end-to-end tests need a kind cluster: make e2e-tests.", "procedure", toward(0, 1, 1));
    remember("Run make e2e-tests against a local kind cluster for the end-to-end suite.", "procedure", toward(0, 0.97, 1));
    expect((await proposals({}, true)).merges).toHaveLength(1);
  });
});

describe("the commands of one program (names.ts commandsOf)", () => {
  it("sees a command in backticks, quotes or parentheses (review)", () => {
    expect(commandsDiffer("Format the code with `npm run format`.", "Check the formatting with `npm run format:check`.")).toBe(true);
    expect(commandsDiffer('Format the code with "npm run format".', "Check the formatting (npm run format:check) in CI.")).toBe(true);
    expect(commandsDiffer("Format the code with `npm run format`.", "Run npm run format before a commit.")).toBe(false);
  });

  it("counts one command starting the other as the same (npm run / npm run build)", () => {
    expect(commandsDiffer("List the scripts with npm run first.", "Build the app with npm run build.")).toBe(false);
    // The control: two scripts are two commands; a subcommand with a suffix is another one.
    expect(commandsDiffer("Lint the app with npm run lint.", "Build the app with npm run build.")).toBe(true);
    expect(commandsDiffer("CI runs pnpm lint:check.", "Fix what it can with pnpm lint.")).toBe(true);
  });
});

describe("a replacement cue", () => {
  it("does not take its own verb for the replaced thing (r13 tuning: Bark 不再使用)", async () => {
    remember("代码使用 ES 模块规范。", "convention");
    remember("领券结果改为推送到 Telegram 机器人，Bark 不再使用。", "convention");
    expect((await proposals()).supersessions).toEqual([]);
  });

  it("does not take a purpose for the dropped thing (r5 frozen, tuning since r6)", async () => {
    remember("Keep commits atomic: one feature or fix per commit.", "convention");
    remember("Signatures use Ed25519 keys now; RSA-PSS was dropped to keep key files small.", "decision");
    expect((await proposals()).supersessions).toEqual([]);
  });
});
