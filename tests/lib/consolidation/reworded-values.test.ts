import { replacedObjects } from "../../../lib/consolidation/cues";
import { countsOtherThings, spelledNumbers } from "../../../lib/consolidation/numbers";
import { statedNumbers } from "../../../lib/consolidation/reworded-value";
import { describe, expect, it } from "vitest";
import type { ConsolidateOptions } from "../../../lib/consolidation/consolidate";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import { datedStore, textStore, toward, VECTOR_DIM } from "./fixtures";

// Supersessions said in other words (issue #38, fifteenth pass): a value changed in a reworded
// sentence, and a rule reversed with "no longer needed" / 不用再 / ", not X". The cases are from
// the tuning stores (bench/consolidation/all-sets-list.ts); the r15 blind set was never opened.
const { supersessions } = datedStore("recollect-reworded-");

describe("numbers stated with their setting", () => {
  it("reads numbers in words, with their unit, a time in seconds", () => {
    expect(statedNumbers("Lines are wrapped at one hundred and forty columns by Prettier.")).toEqual([{ value: "140", unit: "~column", before: "" }]);
    expect(statedNumbers("The playground caps results at twenty-five thousand rows.")).toEqual([{ value: "25000", unit: "~row", before: "" }]);
    expect(statedNumbers("commit 标题最多写五十个字符。")).toEqual([{ value: "50", unit: "char", before: "" }]);
    // 两分钟 = 120 秒: one setting, another value.
    expect(statedNumbers("单个浏览器任务最长运行两分钟。")).toEqual([{ value: "120", unit: "time", before: "" }]);
    expect(statedNumbers("The lint tooling needs Node 18.18 or later.")).toEqual([{ value: "18.18", unit: "", before: "node" }]);
    // "one" alone is an article; 一人 is a count.
    expect(statedNumbers("Run one test file with jest.")).toEqual([]);
    expect(statedNumbers("至少一人评审。")).toEqual([{ value: "1", unit: "person", before: "" }]);
    // A number glued to a name is part of it ("P1", "py-12"); 第一个 is an ordinal.
    expect(statedNumbers("P1 故障 15 分钟内响应。")).toEqual([{ value: "900", unit: "time", before: "" }]);
    expect(statedNumbers("Page sections are separated by py-12 on mobile.")).toEqual([]);
    expect(statedNumbers("提交信息第一个单词大写。")).toEqual([]);
  });
});

describe("numbers read right (review of the fifteenth pass)", () => {
  it("multiplies for 万, and leaves 万一 / 千万 (no counts) out", () => {
    expect(spelledNumbers("十万")).toEqual(["100000"]);
    expect(spelledNumbers("二十万")).toEqual(["200000"]);
    expect(statedNumbers("一万五千")).toEqual([{ value: "15000", unit: "", before: "" }]);
    expect(statedNumbers("千万不要提交密钥。")).toEqual([]);
    expect(spelledNumbers("万一失败就重试。")).toEqual([]);
  });

  it('joins with "and" only after hundred or thousand', () => {
    expect(spelledNumbers("between two and five minutes")).toEqual(["2", "5"]);
    expect(statedNumbers("between two and five minutes").map((s) => s.value)).toEqual(["2", "300"]);
    expect(spelledNumbers("one hundred and forty")).toEqual(["140"]);
  });

  it("reads 1:30 minutes as 90 seconds", () => {
    expect(statedNumbers("Wait 1:30 minutes.")).toEqual([{ value: "90", unit: "time", before: "wait" }]);
  });

  it("reads no unit in an s after an apostrophe or glued to a year", () => {
    expect(statedNumbers("Use Node 18's built-in test runner.")).toEqual([{ value: "18", unit: "", before: "node" }]);
    expect(statedNumbers("Code from the 1990s is kept.")).toEqual([{ value: "1990", unit: "", before: "" }]);
  });

  it("reads no unit across punctuation nor across and / to / or", () => {
    expect(statedNumbers("超时 30，重试 3 次。")[0]).toEqual({ value: "30", unit: "", before: "" });
    expect(statedNumbers("Support IE 11 and Safari 14.")).toEqual([
      { value: "11", unit: "", before: "ie" },
      { value: "14", unit: "", before: "safari" },
    ]);
    expect(statedNumbers("Keep it at 2 to 4 workers.")).toEqual([
      { value: "2", unit: "", before: "" },
      { value: "4", unit: "~worker", before: "" },
    ]);
    // A bound word after or / and is still skipped.
    expect(statedNumbers("Node 18 or later.")).toEqual([{ value: "18", unit: "", before: "node" }]);
  });

  it("keeps 1,000 one number beside its word", () => {
    expect(countsOtherThings("Cap results at 1,000 rows.", "1,000", "Retry 3 times.", "3")).toBe(true);
    expect(countsOtherThings("Cap results at 1,000 rows.", "1,000", "Cap results at 500 rows.", "500")).toBe(false);
  });
});

describe("a value changed in a reworded sentence", () => {
  it("is proposed for the same unit with another number, the number in words (r9, r10 tuning)", async () => {
    const found = await supersessions([
      ["convention", "Keep the commit subject under 72 characters."],
      ["convention", "Pull request titles use the imperative mood."],
      ["convention", "Commit subjects must be 50 characters or fewer."],
    ]);
    expect(found).toEqual(["Commit subjects must be 50 characters or fewer. > Keep the commit subject under 72 characters."]);
  });

  it("is proposed in Chinese, a number in words and another time unit (r10 frozen, r13 tuning)", async () => {
    const found = await supersessions([
      ["constraint", "单个浏览器任务的超时时间为 30 秒。"],
      ["constraint", "单个浏览器任务最长运行两分钟，超时即终止。"],
    ]);
    expect(found).toEqual(["单个浏览器任务最长运行两分钟，超时即终止。 > 单个浏览器任务的超时时间为 30 秒。"]);
  });

  it("is proposed for the same named thing with another version (r14 tuning)", async () => {
    const found = await supersessions([
      ["constraint", "The lint tooling needs Node 16 or newer."],
      ["constraint", "The lint tooling needs Node 18.18 or later."],
    ]);
    expect(found).toEqual(["The lint tooling needs Node 18.18 or later. > The lint tooling needs Node 16 or newer."]);
  });

  it("is proposed when the newer names the value it changed from (r15 tuning: 已从 3.7 升到 3.27)", async () => {
    const found = await supersessions([
      ["constraint", "项目锁定 Flutter 3.7，团队统一用 fvm 切换版本。"],
      ["constraint", "项目锁定的 Flutter 版本已从 3.7 升到 3.27，团队统一用 fvm 切换版本。"],
    ]);
    expect(found).toEqual(["项目锁定的 Flutter 版本已从 3.7 升到 3.27，团队统一用 fvm 切换版本。 > 项目锁定 Flutter 3.7，团队统一用 fvm 切换版本。"]);
  });

  it("is not proposed for another unit: times are no time (a guard: the same unit)", async () => {
    const found = await supersessions([
      ["constraint", "The upload API times out after 10 seconds."],
      ["constraint", "The upload API retries 3 times."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed when few subject words are shared (a guard: half of them)", async () => {
    const found = await supersessions([
      ["constraint", "The API cancels a slow request after 10 seconds."],
      ["constraint", "The API retries failed calls in the background with jitter for up to 40 seconds."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed when each opens with its own subject (a guard: the first subject word)", async () => {
    const found = await supersessions([
      ["fact", "The order worker exposes its health check at /healthz on port 3001."],
      ["fact", "The search indexer exposes its health check at /healthz on port 3002."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed for a frame three memories share (a guard: no third memory)", async () => {
    const found = await supersessions([
      ["constraint", "The retry delay of the email queue is 30 seconds."],
      ["constraint", "The retry delay of the sms queue is 60 seconds."],
      ["constraint", "The retry delay of the push queue is 90 seconds."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed for a frame two memories share (a guard: each qualifies its own thing)", async () => {
    const found = await supersessions([
      ["constraint", "The retry delay of the email queue is 30 seconds."],
      ["constraint", "The retry delay of the sms queue is 60 seconds."],
    ]);
    expect(found).toEqual([]);
  });

  it.each([
    ["The API rate limit is 100 requests per minute for anonymous users.", "The API rate limit is 1000 requests per minute for authenticated users."],
    ["The test timeout is 5 seconds when running locally.", "The test timeout is 30 seconds in CI."],
    ["Hero images are resized to 800 pixels wide on mobile.", "Hero images are resized to 1600 pixels wide on desktop."],
    ["Keep 7 days of logs in staging.", "Keep 90 days of logs in production."],
    ["接口限流为每分钟 100 次，针对匿名用户。", "接口限流为每分钟 1000 次，针对登录用户。"],
  ])("is not proposed when only a qualifier differs (a guard: %s)", async (older, newer) => {
    expect(
      await supersessions([
        ["constraint", older],
        ["constraint", newer],
      ]),
    ).toEqual([]);
  });

  it("is not proposed for two commands of one program (a guard: commandsDiffer)", async () => {
    const found = await supersessions([
      ["fact", "npm run dev serves the site on port 5173."],
      ["fact", "npm run preview serves the site on port 4173."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed for two settings of one unit (other words)", async () => {
    const found = await supersessions([
      ["constraint", "The payment API call times out after 10 seconds."],
      ["constraint", "A failed webhook delivery is retried after 40 seconds."],
    ]);
    expect(found).toEqual([]);
  });

  it("is not proposed for one frame said of two things (a guard: each names its own thing)", async () => {
    const found = await supersessions([
      ["constraint", "Line coverage of packages/client must stay above 60%."],
      ["constraint", "Line coverage of packages/server should not drop under 80 percent."],
    ]);
    expect(found).toEqual([]);
  });
});

describe("a reversed rule", () => {
  it("reads what is no longer needed as the replaced thing", () => {
    expect(replacedObjects("循环变量每轮都是新的，起 goroutine 前不用再写 v := v。").map((r) => r.raw)).toEqual(["v := v"]);
    expect(replacedObjects("math/rand 的全局生成器已经自动播种，不要再调用 rand.Seed。").map((r) => r.raw)).toEqual(["rand.Seed"]);
    expect(replacedObjects("forge installs the target itself, so the rustup step is no longer needed.").map((r) => r.key)).toEqual(["rustup"]);
    expect(replacedObjects("Java sources follow Palantir Java Format, not Google Java Format.").map((r) => r.key)).toEqual(["googl java format"]);
    // ", not" before a plain word names no thing.
    expect(replacedObjects("Check the name field in the package's own package.json, not the root one.")).toEqual([]);
  });

  it("is a supersession, not a merge (r14 tuning: 不用再写 v := v)", async () => {
    const found = await supersessions([
      ["convention", "在循环里起 goroutine 之前要先写 v := v 复制循环变量。"],
      ["convention", "循环变量每轮都是新的，起 goroutine 前不用再写 v := v。"],
    ]);
    expect(found).toEqual(["循环变量每轮都是新的，起 goroutine 前不用再写 v := v。 > 在循环里起 goroutine 之前要先写 v := v 复制循环变量。"]);
  });

  it("a name said no to after a comma retires the older that uses it (r12 frozen)", async () => {
    const found = await supersessions([
      ["convention", "Java sources follow Google Java Format."],
      ["convention", "Java sources follow Palantir Java Format, not Google Java Format."],
    ]);
    expect(found).toEqual(["Java sources follow Palantir Java Format, not Google Java Format. > Java sources follow Google Java Format."]);
  });

  it("a rule with a further rule added is not a reversal (a control)", async () => {
    const found = await supersessions([
      ["convention", "Always pin exact dependency versions in package.json."],
      ["convention", "Always pin exact dependency versions in package.json, and never add a dependency without a licence check."],
    ]);
    expect(found).toEqual([]);
  });
});

// A rename said in other words: the pair must first be judged one subject (here: each other's
// nearest neighbour by hand-written vectors; a model's weights are outside the test).
const vectorStore = textStore("recollect-renamed-words-", "convention");
const withVectors = (options: ConsolidateOptions = {}) => vectorStore.proposals(options, true);
const OUTLINE_OLD = "Hide the browser focus outline on custom inputs with outline-none and draw a ring instead.";
const OUTLINE_NEW = "On custom inputs, remove the default focus outline with outline-hidden and show a focus ring.";

describe("a rename said in other words", () => {
  it("is a supersession, not a merge, when the two names share a part (r14 tuning)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember(OUTLINE_OLD, "convention", toward(0, 1, 1));
    vectorStore.remember(OUTLINE_NEW, "convention", toward(0, 0.95, 1));
    const on = await withVectors();
    expect(on.supersessions).toEqual([`${OUTLINE_NEW} > ${OUTLINE_OLD}`]);
    expect(on.merges).toEqual([]);
    // Without the rule the pair was a (false) merge.
    expect((await withVectors({ renameInWords: false })).merges).toHaveLength(1);
  });

  it("is not proposed for a fact (a guard: a choice)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember(OUTLINE_OLD, "fact", toward(0, 1, 1));
    vectorStore.remember(OUTLINE_NEW, "fact", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });

  it("is not proposed for a procedure (a guard: a choice)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember(OUTLINE_OLD, "procedure", toward(0, 1, 1));
    vectorStore.remember(OUTLINE_NEW, "procedure", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });

  it("is not proposed when one says no (a guard: the cue rules' case; r14 frozen)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember("生成令牌用 crypto/rand，不用 math/rand。", "convention", toward(0, 1, 1));
    vectorStore.remember("math/rand 的全局生成器已经自动播种，调用 rand.Seed 没有必要。", "convention", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });

  it("is not proposed when each opens with its own subject (a guard: the first subject word)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember("Parser tests run with cargo test -p quill-parser.", "convention", toward(0, 1, 1));
    vectorStore.remember("Storage tests run with cargo test -p quill-storage.", "convention", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });

  it("compares paths by their file names (a guard: examples/complete/main.tf / outputs.tf)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember("Declare each input in examples/complete/main.tf too.", "convention", toward(0, 1, 1));
    vectorStore.remember("Declare each output in examples/complete/outputs.tf as well.", "convention", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });

  it("is not proposed when the names share only a common part (a guard: src, index, packages…)", async () => {
    createVectorTable(vectorStore.sqlite(), VECTOR_DIM);
    vectorStore.remember("Billing handlers are registered in src/billing/index.ts and exported once.", "convention", toward(0, 1, 1));
    vectorStore.remember("Handlers for search get registered in src/search/index.ts, exported a single time.", "convention", toward(0, 0.95, 1));
    expect((await withVectors()).supersessions).toEqual([]);
  });
});
