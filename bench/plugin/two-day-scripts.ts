/**
 * The two-day scenario's scripts: the user's messages of each day of a project, each sentence
 * labelled BEFORE any run with what it should become (a pinned memory the model stores itself, a
 * suggestion of which categories, or nothing).
 *
 * `slugkit` is the script the plugin and extraction rules were tuned on (issue 40's third pass).
 * The others were written for issue 40's fourth pass, before any rule changed, with their user
 * turns modelled on public contributor guides and agent instruction files (each names its source
 * and the commit read). They are split by hash (`splitOf`): sorted by the sha256 of their name,
 * the first half (rounded up) is FROZEN (scored, never looked at while tuning), the rest tunes.
 * slugkit is tuning whatever its hash says: it was tuned on already.
 */
import { createHash } from "node:crypto";

/** What a sentence of the user is as a memory: the categories a suggestion of it may have (none: not a memory). */
export type Label = { as: readonly string[] };
export const NOT_A_MEMORY: Label = { as: [] };
export const CONSTRAINT: Label = { as: ["constraint", "directive"] };
export const DECISION: Label = { as: ["decision"] };
export const CONVENTION: Label = { as: ["convention", "procedure", "preference", "directive"] };
export const CONTEXT: Label = { as: ["fact", "note"] };
/** A rule that reads as either a hard limit or a habit of the project. */
export const RULE: Label = { as: ["constraint", "convention", "directive", "procedure"] };
/** A trap of the tooling, or the procedure that avoids it. */
export const GOTCHA: Label = { as: ["gotcha", "procedure", "convention", "fact"] };

export interface UserTurn {
  sentences: [string, Label][];
  /** What the model stores with memory_store in the step after this message (in its own words). */
  stores?: { content: string; category: string; pinned?: boolean }[];
}

export interface TwoDayScript {
  name: string;
  /** Where the user's turns were modelled from: repository, path and the commit read. */
  source: string;
  /** Day 1: four messages (one every 15 steps of 60); day 2: two (one every 10 of 20). */
  days: [UserTurn[], UserTurn[]];
}

/** The tuning script (issue 40, third pass): a small Node library in a fresh store. */
const slugkit: TwoDayScript = {
  name: "slugkit",
  source: "written for issue 40 (third pass); tuned on",
  days: [
    [
      {
        sentences: [
          ["We're building slugkit, a small Node library that turns titles into URL slugs.", CONTEXT],
          ["It must stay zero-dependency: no runtime dependencies at all.", CONSTRAINT],
          ["It has to keep working on Node 18.", CONSTRAINT],
          ["Start by getting the failing tests in src/slugify.test.ts to pass.", NOT_A_MEMORY],
        ],
        stores: [
          { content: "slugkit stays zero-dependency: no runtime dependencies.", category: "constraint", pinned: true },
          { content: "slugkit must keep working on Node 18.", category: "constraint", pinned: true },
        ],
      },
      {
        sentences: [
          ["We decided to split words with Intl.Segmenter instead of a regex, because the regex broke on emoji.", DECISION],
          ["Tests live next to the source file as name.test.ts.", CONVENTION],
          ["Next: fix the unicode handling in src/slugify.ts.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Words are split with Intl.Segmenter, not a regex (the regex broke on emoji).", category: "decision" }],
      },
      {
        sentences: [
          ["Always run npm test before you commit.", CONVENTION],
          ["Please rename the option lower to lowercase in src/options.ts.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["Keep the public API stable: no breaking changes before 2.0.", CONSTRAINT],
          ["Can you look at the benchmark output and fix the slow path in the trim loop?", NOT_A_MEMORY],
        ],
        stores: [{ content: "No breaking changes to the public API before 2.0.", category: "constraint", pinned: true }],
      },
    ],
    [
      {
        sentences: [
          ["Morning.", NOT_A_MEMORY],
          ["Let's continue with yesterday's work: fix the remaining failing test in src/trim.ts.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["We'll publish releases from CI with npm provenance, never from a laptop.", { as: ["decision", "constraint", "directive", "procedure"] }],
          ["Next, update the README example for the lowercase option.", NOT_A_MEMORY],
        ],
      },
    ],
  ],
};

/** A Rust crate; the rules are tokio's contributor guide's (rustfmt, integration and doc tests, commit messages, no rebase). */
const tickwheel: TwoDayScript = {
  name: "tickwheel",
  source: "tokio-rs/tokio CONTRIBUTING.md @ 0617d1b2e5298245640717fcf0e0ad6868c20862",
  days: [
    [
      {
        sentences: [
          ["We're writing tickwheel, a hierarchical timer wheel crate for async Rust.", CONTEXT],
          ["The crate must compile on stable Rust 1.70; no nightly features outside the docs build.", CONSTRAINT],
          ["Please start by reading src/wheel.rs and explain how expirations are stored.", NOT_A_MEMORY],
        ],
        stores: [{ content: "tickwheel builds on stable Rust 1.70; nightly only for the docs build.", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["Note that cargo fmt does not work on this workspace, so run rustfmt --check --edition 2018 on the files instead.", GOTCHA],
          ["We avoid unit tests as much as possible: new tests go in tests/ as integration tests or as doc tests.", CONVENTION],
          ["Now add a failing integration test for a timer that is reset after it fired.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["We decided to store expirations in a slab rather than a linked list, because the linked list needed unsafe pointer juggling.", DECISION],
          ["Go ahead and make that change in src/wheel.rs.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Expirations live in a slab, not a linked list (the list needed unsafe code).", category: "decision" }],
      },
      {
        sentences: [
          ['Commit messages start with the sub crate name and an imperative verb, all in lowercase, like "timer: introduce Timeout".', CONVENTION],
          ["Can you write the commit for what we have so far?", NOT_A_MEMORY],
        ],
      },
    ],
    [
      {
        sentences: [
          ["Good morning, where were we?", NOT_A_MEMORY],
          ["Let's pick up the reset bug from yesterday and get the integration test green.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["Once a pull request is open, never rebase its commits; push new commits on top instead.", RULE],
          ["Open the pull request with the template filled in.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Never rebase the commits of an open pull request; push new ones on top.", category: "constraint", pinned: true }],
      },
    ],
  ],
};

/** A Flask extension; the rules are Flask's contributor guide's (tests that fail without the patch, PEP 8, tox). */
const flaskQuota: TwoDayScript = {
  name: "flask-quota",
  source: "pallets/flask CONTRIBUTING.rst @ 0690ce18c276e5c0fd364663d14df6898d5e5ff4",
  days: [
    [
      {
        sentences: [
          ["This is flask-quota, a Flask extension that limits requests per API key.", CONTEXT],
          ["It has to support Python 3.8 and every newer version.", CONSTRAINT],
          ["First, set up a virtualenv and install the package in editable mode.", NOT_A_MEMORY],
        ],
        stores: [{ content: "flask-quota supports Python 3.8 and later.", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["Every bug fix comes with a test that fails without the patch.", CONVENTION],
          ["We follow PEP 8, but you may ignore the line-length limit when wrapping would make the code uglier.", CONVENTION],
          ["Run the tests with pytest and tell me what fails.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["We're going with Redis sorted sets for the sliding window instead of in-process counters, since the app runs on several workers.", DECISION],
          ["Implement the window in flask_quota/backends/redis.py.", NOT_A_MEMORY],
        ],
        stores: [{ content: "The sliding window is kept in Redis sorted sets, not in-process counters (several workers).", category: "decision" }],
      },
      {
        sentences: [
          ["Never log the API key itself, only its hash.", CONSTRAINT],
          ["Please add the 429 response headers to the middleware next.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Never log an API key, only its hash.", category: "constraint", pinned: true }],
      },
    ],
    [
      {
        sentences: [
          ["Hi again.", NOT_A_MEMORY],
          ["Continue where we stopped: the middleware still returns 500 when Redis is down.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["Before you open the pull request, run tox so every Python version and dependency combination is tested.", CONVENTION],
          ["Then update the changelog entry for the next release.", NOT_A_MEMORY],
        ],
      },
    ],
  ],
};

/** A Go admin-panel plugin, mostly in Chinese; the rules are go-admin's Chinese contributor guide's (Go modules, go mod tidy, PR or issue first). */
const tablekit: TwoDayScript = {
  name: "tablekit",
  source: "GoAdminGroup/go-admin CONTRIBUTING_CN.md @ 2d3f587bd17028d78c91e8aaef503d17867ce863",
  days: [
    [
      {
        sentences: [
          ["我们在做 go-admin 的一个数据表插件，叫 tablekit。", CONTEXT],
          ["依赖只用 Go modules 管理，不要用 dep 或者 GOPATH 模式。", RULE],
          ["先看一下 plugins/tablekit/table.go 里的分页逻辑。", NOT_A_MEMORY],
        ],
        stores: [{ content: "依赖只用 Go modules 管理（不用 dep，不用 GOPATH 模式）。", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["The project must build with Go 1.11 or newer.", CONSTRAINT],
          ["改完依赖以后要运行 go mod tidy，然后把 go.mod 和 go.sum 一起提交。", CONVENTION],
          ["Now fix the off-by-one in the page count.", NOT_A_MEMORY],
        ],
        stores: [{ content: "tablekit must build with Go 1.11 or newer.", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["我们决定分页用游标而不是 offset，因为大表上 offset 太慢。", DECISION],
          ["把 table.go 里的查询改成游标分页。", NOT_A_MEMORY],
        ],
        stores: [{ content: "分页改用游标而不是 offset（大表上 offset 太慢）。", category: "decision" }],
      },
      {
        sentences: [
          ["小的修复直接提 PR，较大的提议先开 issue 讨论。", CONVENTION],
          ["Please write a test for the cursor query with an empty table.", NOT_A_MEMORY],
        ],
      },
    ],
    [
      {
        sentences: [
          ["早上好。", NOT_A_MEMORY],
          ["继续昨天的工作，把空表的测试跑通。", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["接口返回的错误信息必须是英文，方便日志检索。", CONSTRAINT],
          ["然后更新 README_CN.md 里的示例。", NOT_A_MEMORY],
        ],
        stores: [{ content: "接口返回的错误信息必须用英文。", category: "constraint", pinned: true }],
      },
    ],
  ],
};

/** An agent's Rust TUI and app server; the rules are openai/codex's AGENTS.md (an instruction file written for coding agents). */
const codexTui: TwoDayScript = {
  name: "codex-tui",
  source: "openai/codex AGENTS.md @ 020f0e2fb8423836dec396b626ef6738be14e1e3",
  days: [
    [
      {
        sentences: [
          ["We're working on the TUI crate of our coding agent, written in Rust with ratatui.", CONTEXT],
          ["Never touch any code related to CODEX_SANDBOX_NETWORK_DISABLED_ENV_VAR.", CONSTRAINT],
          ["Start by reading tui/src/history_cell.rs.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Never modify code related to CODEX_SANDBOX_NETWORK_DISABLED_ENV_VAR.", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["Always inline format! arguments when possible.", CONVENTION],
          ["Any change to user-visible UI must come with an insta snapshot test.", RULE],
          ["Now add the patch summary line to the history cell.", NOT_A_MEMORY],
        ],
        stores: [{ content: "Every user-visible UI change needs insta snapshot coverage.", category: "convention", pinned: true }],
      },
      {
        sentences: [
          ["We decided that all new API work happens in app-server v2, and v1 gets no new surface.", DECISION],
          ["Add a thread/read method there.", NOT_A_MEMORY],
        ],
        stores: [{ content: "New API surface goes in app-server v2 only; v1 gets nothing new.", category: "decision" }],
      },
      {
        sentences: [
          ["Run just fmt after you finish Rust changes, without asking me first.", CONVENTION],
          ["Then run cargo test -p codex-tui and show me the failures.", NOT_A_MEMORY],
        ],
      },
    ],
    [
      {
        sentences: [
          ["Morning!", NOT_A_MEMORY],
          ["Let's finish the snapshot for the patch summary from yesterday.", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["Timestamps on the wire are integer Unix seconds, named with an _at suffix.", { as: ["convention", "decision", "constraint", "directive"] }],
          ["Add created_at to the thread/read response.", NOT_A_MEMORY],
        ],
      },
    ],
  ],
};

/**
 * A go-etl reader plugin, in Chinese (issue 40, fifth pass: written after the tablekit misfilings, before any
 * Chinese rule changed); the rules are go-etl's Chinese contributor guide's (gofmt, the license tool, English comments and commits, Go 1.20).
 */
const etlReader: TwoDayScript = {
  name: "etl-reader",
  source: "Breeze0806/go-etl CONTRIBUTING_zh-CN.md @ 9e6c61dc82c7beb5d09ca728669c09d2414a7b06",
  days: [
    [
      {
        sentences: [
          ["我们在给 go-etl 写一个 ClickHouse 的读取插件，叫 chreader。", CONTEXT],
          ["项目要能用 Go 1.20 编译，不能用更新版本才有的语法。", CONSTRAINT],
          ["先用 tools/datax/plugin 的模板生成一个 reader 插件的框架。", NOT_A_MEMORY],
        ],
        stores: [{ content: "chreader 必须能用 Go 1.20 编译。", category: "constraint", pinned: true }],
      },
      {
        sentences: [
          ["提交代码前要运行 go run tools/license/main.go 自动加上许可证头。", CONVENTION],
          ["注释和 commit 消息都用英文写。", RULE],
          ["把 job.go 里的 Split 实现成按主键范围切分。", NOT_A_MEMORY],
        ],
        stores: [{ content: "注释和 commit 消息都用英文。", category: "convention", pinned: true }],
      },
      {
        sentences: [
          ["我们决定用官方的 clickhouse-go 驱动，而不是自己实现 HTTP 协议，因为它已经支持批量读取。", DECISION],
          ["在 task.go 里把 StartRead 接上这个驱动。", NOT_A_MEMORY],
        ],
        stores: [{ content: "读取用官方 clickhouse-go 驱动，不自己实现 HTTP 协议（它已支持批量读取）。", category: "decision" }],
      },
      {
        sentences: [
          ["注意：改完插件以后要执行 go generate ./...，不然插件不会被注册。", GOTCHA],
          ["帮我给 reader.go 写一个读取空表的单元测试。", NOT_A_MEMORY],
        ],
      },
    ],
    [
      {
        sentences: [
          ["早，我们继续。", NOT_A_MEMORY],
          ["接着把昨天那个空表测试跑通。", NOT_A_MEMORY],
        ],
      },
      {
        sentences: [
          ["配置项一律用驼峰命名，和其他插件保持一致。", CONVENTION],
          ["然后在 README_USER_zh-CN.md 里补上这个插件的配置说明。", NOT_A_MEMORY],
        ],
      },
    ],
  ],
};

export const SCRIPTS: Record<string, TwoDayScript> = Object.fromEntries(
  [slugkit, tickwheel, flaskQuota, tablekit, codexTui, etlReader].map((s) => [s.name, s]),
);

/** The tuned-on script: never in the frozen half. */
export const TUNED_ON = new Set(["slugkit"]);

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The four scripts of issue 40's fourth pass, split as they were then (their halves are part of the record). */
const FOURTH_PASS = ["tickwheel", "flask-quota", "tablekit", "codex-tui"];

/**
 * frozen or tuning. The fourth pass's scripts: sorted by the sha256 of their name, the first half (rounded up) frozen.
 * A later script (etl-reader): by the first hex digit of the sha256 of its name (0-7 frozen), so adding one never moves another.
 */
export function splitOf(name: string): "frozen" | "tuning" {
  if (TUNED_ON.has(name)) return "tuning";
  if (!FOURTH_PASS.includes(name)) return Number.parseInt(sha256(name)[0]!, 16) < 8 ? "frozen" : "tuning";
  const fresh = [...FOURTH_PASS].sort((a, b) => sha256(a).localeCompare(sha256(b)));
  return fresh.indexOf(name) < Math.ceil(fresh.length / 2) ? "frozen" : "tuning";
}
