/**
 * The round-three blind set of the consolidation benchmark (issue #38): a NEW realistic store,
 * written and labelled before any rule of this round was changed (see the git history: this file
 * was committed, labels included, before the first rule change of the round). The earlier blind
 * set (blind-store.ts) had been scored too often for its frozen half to stay blind.
 *
 * Five projects, English and Chinese, whose rules and conventions are modelled on what public
 * repositories write in their CONTRIBUTING.md / AGENTS.md / docs (read through the search tools,
 * not copied): "use pnpm, never npm or yarn; run lint, build and test before committing"
 * (AGENTS.md of SwellPatrol/meditation.surf, Wandeon/eventiCRO, gscalzo/TweetExtract), "always
 * use uv; uv run ruff check; uv run pytest; do not edit migrations" (AGENTS.md of
 * AGH-Drone-Engineering/jemdzem, navono/py_project_template), a release process with a
 * CHANGELOG and version tags (CONTRIBUTING.md of fulldecent/swift6-module-template,
 * greymatter-io/gmenv), Chinese branch and commit rules, API response formats and error codes
 * (docs/CONTRIBUTING.md of LuckinMing/manhole-cover, omp_server/dev_code.md of
 * CloudWise-OpenSource/OMP, docs/code-guide/api.md of zijunwork/code-guide, docs/standard.md of
 * liurongqing/minigame-api). None of those sources was used to tune a rule.
 *
 * Labels, as in blind-store.ts (written before the code was run on this set):
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A newer memory that adds a further RULE (a
 *   prohibition, another obligation) is not the same claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair: procedures with different steps, rules that add a rule,
 * the same frame about another subject.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r3:" + id),
 * even -> tuning, odd -> frozen (`halfOfR3`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r3");

// =============================================================================================
// quiz: a pnpm monorepo (Next.js web app + a Node API) for running pub quizzes (English)
// =============================================================================================

family(
  "quiz-package-manager",
  "quiz",
  [
    ["pnpm", "convention", 140, "This repository uses pnpm for package management; never use npm or yarn."],
    ["pnpm2", "directive", 20, "Always use pnpm, not npm or yarn: install with pnpm install and add packages with pnpm add."],
    ["node", "constraint", 130, "Node.js 20 or newer is required; the engines field in package.json enforces it."],
    ["lockfile", "convention", 110, "Commit pnpm-lock.yaml together with every package.json change."],
  ],
  { merge: [["pnpm", "pnpm2"]] },
);

family(
  "quiz-checks",
  "quiz",
  [
    ["checks", "procedure", 120, "Before committing, run pnpm lint, pnpm build and pnpm test and only commit when all three pass."],
    ["checks-e2e", "procedure", 60, "When a change touches the quiz player, also run pnpm run test:e2e before opening a pull request."],
    ["checks2", "procedure", 15, "Run pnpm lint, pnpm build and pnpm test before every commit; do not commit if one of them fails."],
    ["typecheck", "procedure", 90, "Run pnpm run typecheck after changing shared types in packages/types."],
  ],
  { merge: [["checks", "checks2"]] },
);

family(
  "quiz-commits",
  "quiz",
  [
    ["conv", "convention", 150, "Commit messages follow Conventional Commits: feat, fix, docs, refactor, test, chore."],
    ["imperative", "convention", 100, "Write commit messages in the imperative mood, e.g. Add scoreboard export."],
    ["summary", "convention", 80, "Keep the commit summary line under 72 characters."],
    ["summary-new", "convention", 12, "Keep the commit summary line under 100 characters."],
    ["breaking", "convention", 70, "A breaking change needs a BREAKING CHANGE: footer in the commit body."],
  ],
  { supersede: [["summary-new", "summary"]] },
);

family(
  "quiz-format",
  "quiz",
  [
    ["prettier", "decision", 200, "Code is formatted with Prettier using the default settings."],
    ["biome", "decision", 25, "We switched from Prettier to Biome for formatting and linting; the Prettier config was removed."],
    ["indent", "convention", 190, "Indent with 2 spaces, never tabs."],
    ["imports", "convention", 95, "Sort imports: node built-ins first, then packages, then local modules, with a blank line between groups."],
  ],
  { supersede: [["biome", "prettier"]] },
);

family(
  "quiz-host-procedures",
  "quiz",
  [
    ["create", "procedure", 90, "To create a quiz: open the host dashboard, click New quiz, add rounds, add questions to each round, then click Publish."],
    ["import", "procedure", 85, "To import questions: open the host dashboard, open the quiz, click Import, upload the CSV file and map the columns."],
    ["invite", "procedure", 80, "To invite a co-host: open the host dashboard, go to Settings > Team, enter the email and pick the co-host role."],
    ["export", "procedure", 75, "To export the scoreboard: open the host dashboard, open the finished quiz, click Results, then Export as CSV."],
    ["reset", "procedure", 70, "To reset a running quiz: open the host dashboard, open the live quiz, click the menu, choose Reset round and confirm."],
    ["create2", "procedure", 10, "Creating a new quiz: in the host dashboard press New quiz, add the rounds and their questions, and press Publish when done."],
  ],
  { merge: [["create", "create2"]] },
);

family(
  "quiz-realtime",
  "quiz",
  [
    ["socket-old", "decision", 180, "Live answers are pushed to the host with Socket.IO."],
    ["socket-new", "decision", 30, "Live answers no longer use Socket.IO; they go through Server-Sent Events from /api/live/stream."],
    ["reconnect", "gotcha", 100, "Players on mobile Safari lose the live connection when the screen locks; the client reconnects after 3 seconds."],
    ["rate", "constraint", 90, "A player can submit at most one answer per question; the API rejects the second with 409."],
  ],
  { supersede: [["socket-new", "socket-old"]] },
);

family(
  "quiz-settings",
  "quiz",
  [
    ["timer", "fact", 160, "The default answer timer is 30 seconds per question."],
    ["timer-new", "fact", 18, "The default answer timer is now 20 seconds per question."],
    ["teams", "fact", 150, "A quiz allows at most 12 teams."],
    ["team-size", "fact", 140, "A team has at most 6 players."],
    ["teams-new", "decision", 14, "Raised the team limit from 12 to 24 teams per quiz for the league nights."],
    ["code", "fact", 120, "Join codes are 6 characters, upper case letters and digits without 0 and O."],
  ],
  {
    supersede: [
      ["timer-new", "timer"],
      ["teams-new", "teams"],
    ],
  },
);

family(
  "quiz-db",
  "quiz",
  [
    ["orm", "decision", 170, "The API talks to Postgres through Prisma."],
    ["migrate", "procedure", 160, "After changing schema.prisma run pnpm prisma migrate dev --name <change> and commit the migration folder."],
    ["no-edit", "directive", 100, "Never edit a migration that has been merged to main; write a new one instead."],
    ["no-edit2", "directive", 9, "Do not modify migrations that are already on main: add a new migration for the fix."],
    ["seed", "procedure", 90, "To seed a local database run pnpm db:seed; it creates three demo quizzes."],
  ],
  { merge: [["no-edit", "no-edit2"]] },
);

family("quiz-env", "quiz", [
  ["example", "convention", 130, "Copy .env.example to .env and fill in the values before the first pnpm dev."],
  ["secrets", "directive", 120, "Never commit secrets; the .env file is in .gitignore."],
  ["secrets2", "directive", 11, "Never commit secrets, and rotate any key that was pushed by mistake within the hour."],
  ["example-new", "convention", 40, "Every new environment variable gets a line in .env.example with a dummy value."],
]);

family(
  "quiz-stale",
  "quiz",
  [
    ["old-scorer", "fact", 200, "Scoring rules live in apps/api/src/scoring/legacy.ts (points per round, bonus for speed)."],
    ["scorer", "fact", 20, "Scoring rules live in apps/api/src/scoring/rules.ts."],
    ["old-theme", "convention", 190, "Theme colours are defined in apps/web/styles/theme.scss."],
    ["helper", "fact", 60, "The answer normaliser (case, accents, articles) is apps/api/src/answers/normalise.ts."],
  ],
  {
    supersede: [["scorer", "old-scorer"]],
    stale: ["old-scorer", "old-theme"],
    deleted: ["apps/api/src/scoring/legacy.ts", "apps/web/styles/theme.scss"],
  },
);

family(
  "quiz-tests",
  "quiz",
  [
    ["vitest", "convention", 110, "Unit tests use Vitest and live next to the code as *.test.ts."],
    ["playwright", "convention", 105, "End-to-end tests use Playwright and live in e2e/."],
    ["coverage", "constraint", 100, "New code needs at least 80% line coverage."],
    ["coverage-new", "constraint", 16, "New code needs at least 90% line coverage."],
    ["flaky", "directive", 60, "Never mark a test as skipped to get a pull request merged; fix it or open an issue."],
    ["snapshots", "convention", 50, "Update Vitest snapshots with pnpm test -u only after reading the diff."],
  ],
  { supersede: [["coverage-new", "coverage"]] },
);

family(
  "quiz-deploy",
  "quiz",
  [
    ["web", "procedure", 100, "Deploy the web app: merge to main, Vercel builds the preview, then promote it to production in the Vercel dashboard."],
    ["api", "procedure", 95, "Deploy the API: merge to main, GitHub Actions builds the Docker image, then run fly deploy from apps/api."],
    ["worker", "procedure", 90, "Deploy the scoring worker: merge to main, GitHub Actions builds the image, then run fly deploy from apps/worker."],
    ["api2", "procedure", 8, "To deploy the API, merge into main, wait for GitHub Actions to build the Docker image and run fly deploy in apps/api."],
  ],
  { merge: [["api", "api2"]] },
);

family(
  "quiz-i18n",
  "quiz",
  [
    ["lib", "decision", 140, "Translations use next-intl with one JSON file per locale in messages/."],
    ["keys", "convention", 130, "Translation keys are namespaced by page: quiz.create.title, quiz.join.button."],
    ["locales", "fact", 120, "Supported locales are en, de and nl."],
    ["locales-new", "fact", 20, "Supported locales are en, de, nl and fr."],
    ["missing", "gotcha", 60, "A missing key shows the key itself in production; pnpm i18n:check lists missing keys."],
  ],
  { supersede: [["locales-new", "locales"]] },
);

// =============================================================================================
// tally: a Python FastAPI invoicing service (English)
// =============================================================================================

family(
  "tally-tooling",
  "tally",
  [
    ["uv", "directive", 150, "Always use uv; do not use system python or pip."],
    ["uv-run", "directive", 140, "Run every script with uv run, e.g. uv run python scripts/backfill.py."],
    ["uv2", "directive", 12, "Use uv for everything Python here, never pip or the system interpreter."],
    ["py", "constraint", 130, "Target Python 3.11 or newer."],
    ["py-new", "constraint", 14, "Target Python 3.12 or newer."],
  ],
  {
    merge: [["uv", "uv2"]],
    supersede: [["py-new", "py"]],
  },
);

family(
  "tally-lint",
  "tally",
  [
    ["ruff", "procedure", 120, "After finishing work run uv run ruff check . and uv run python -m pytest."],
    ["format", "procedure", 110, "Format with uv run ruff format . before committing."],
    ["mypy", "procedure", 100, "After changing imports run uv run mypy tally to keep the types sound."],
    ["black", "decision", 220, "Python code is formatted with Black, line length 100."],
    ["ruff-format", "decision", 30, "Replaced Black with ruff format (line length 100); Black is no longer a dev dependency."],
    ["ruff2", "procedure", 10, "When you finish a change, run uv run ruff check . and then uv run python -m pytest."],
  ],
  {
    merge: [["ruff", "ruff2"]],
    supersede: [["ruff-format", "black"]],
  },
);

family(
  "tally-migrations",
  "tally",
  [
    ["alembic", "procedure", 160, 'Create a migration with alembic revision --autogenerate -m "<change>" and apply it with alembic upgrade head.'],
    ["review", "directive", 150, "Read every autogenerated Alembic migration before committing: it misses renamed columns."],
    ["downgrade", "convention", 140, "Every Alembic migration must have a working downgrade."],
    [
      "review2",
      "gotcha",
      25,
      "Alembic autogenerate does not detect a renamed column (it drops and adds), so read each generated migration before you commit it.",
    ],
    ["naming", "convention", 100, "Migration messages are short and lower case: add invoice due date."],
  ],
  { merge: [["review", "review2"]] },
);

family(
  "tally-invoices",
  "tally",
  [
    ["numbering", "convention", 180, "Invoice numbers are INV-<year>-<sequence>, e.g. INV-2025-00042, and never reused."],
    ["due", "fact", 170, "Invoices are due 30 days after the issue date by default."],
    ["due-new", "fact", 20, "Invoices are due 14 days after the issue date by default."],
    ["currency", "convention", 160, "Amounts are stored as integer cents with an ISO 4217 currency code."],
    ["rounding", "convention", 150, "Round VAT per line with banker's rounding (decimal ROUND_HALF_EVEN)."],
    ["currency2", "convention", 18, "Store money as integer cents plus an ISO 4217 currency code; never use floats for amounts."],
    ["void", "constraint", 90, "A sent invoice is never edited; it is voided and a credit note is issued."],
  ],
  { supersede: [["due-new", "due"]] },
);

family(
  "tally-pdf",
  "tally",
  [
    ["weasy", "decision", 200, "Invoice PDFs are rendered with WeasyPrint from the Jinja template templates/invoice.html."],
    ["typst", "decision", 22, "Invoice PDFs are now rendered with Typst instead of WeasyPrint; the template is templates/invoice.typ."],
    ["fonts", "gotcha", 100, "The PDF renderer needs the Inter font installed in the Docker image, otherwise totals misalign."],
    ["lang", "fact", 90, "The invoice language follows the customer's locale, not the user's."],
  ],
  {
    supersede: [["typst", "weasy"]],
    stale: ["weasy"],
    deleted: ["templates/invoice.html"],
  },
);

family(
  "tally-api-conventions",
  "tally",
  [
    ["errors", "convention", 170, 'API errors return {"detail": ..., "code": ...} with an HTTP status that matches the problem.'],
    ["pagination", "convention", 160, "List endpoints take limit and cursor query parameters; limit is at most 100."],
    ["pagination-new", "convention", 15, "List endpoints take limit and cursor query parameters; limit is at most 500."],
    ["ids", "convention", 150, "Public ids are prefixed ULIDs: inv_, cus_, pay_."],
    ["dates", "convention", 140, "Dates in the API are ISO 8601 in UTC with a Z suffix."],
    ["versions", "convention", 130, "The API is versioned in the path: /v1/invoices."],
    ["errors2", "convention", 10, "Error responses carry a detail message and a machine-readable code, with the HTTP status that fits."],
  ],
  {
    merge: [["errors", "errors2"]],
    supersede: [["pagination-new", "pagination"]],
  },
);

family(
  "tally-ops-procedures",
  "tally",
  [
    [
      "resend",
      "procedure",
      80,
      "To resend an invoice email: open the back office, go to Invoices, search the invoice number, click Resend and confirm the address.",
    ],
    ["void", "procedure", 78, "To void an invoice: open the back office, go to Invoices, search the invoice number, click Void and type the reason."],
    ["refund", "procedure", 76, "To refund a payment: open the back office, go to Payments, search the payment id, click Refund and pick the amount."],
    [
      "merge-customers",
      "procedure",
      74,
      "To merge two customers: open the back office, go to Customers, open the duplicate, click Merge into and pick the customer to keep.",
    ],
    [
      "vat",
      "procedure",
      72,
      "To change a customer's VAT number: open the back office, go to Customers, open the customer, edit the VAT field and click Validate.",
    ],
    ["void2", "procedure", 6, "Voiding an invoice: back office > Invoices, find it by its number, press Void, enter why."],
  ],
  { merge: [["void", "void2"]] },
);

family(
  "tally-payments",
  "tally",
  [
    ["provider", "decision", 190, "Card payments go through Stripe; bank transfers are matched from the CAMT.053 statements."],
    ["gocardless", "decision", 40, "SEPA direct debits go through GoCardless."],
    ["webhooks", "directive", 150, "Verify the signature of every payment webhook before changing an invoice's state."],
    [
      "webhooks2",
      "directive",
      20,
      "Verify the signature of every payment webhook before changing an invoice's state, and never trust the amount in the payload: fetch it from the provider.",
    ],
    ["retry", "fact", 120, "Failed card payments are retried 3 times over 7 days."],
    ["retry-new", "fact", 12, "Failed card payments are retried 4 times over 10 days."],
  ],
  { supersede: [["retry-new", "retry"]] },
);

family(
  "tally-tests",
  "tally",
  [
    ["db", "convention", 140, "Tests run against a real Postgres started by testcontainers, never SQLite."],
    ["factories", "convention", 130, "Build test data with the factories in tests/factories.py, not with raw inserts."],
    ["freeze", "convention", 120, "Use time-machine to freeze time in tests about due dates."],
    ["db2", "convention", 16, "Use a real Postgres (testcontainers) for the tests; SQLite behaves differently with numeric columns."],
    ["markers", "convention", 100, "Slow tests carry @pytest.mark.slow and are skipped by default."],
    ["old-fixtures", "fact", 200, "Shared pytest fixtures are in tests/conftest_legacy.py."],
  ],
  {
    merge: [["db", "db2"]],
    stale: ["old-fixtures"],
    deleted: ["tests/conftest_legacy.py"],
  },
);

family(
  "tally-config",
  "tally",
  [
    ["settings", "convention", 150, "Configuration is read with pydantic-settings from environment variables prefixed TALLY_."],
    ["log", "fact", 140, "Log level is INFO in production."],
    ["log-new", "fact", 13, "Log level is WARNING in production."],
    ["workers", "fact", 130, "Gunicorn runs 4 uvicorn workers per container."],
    ["timeout", "fact", 120, "Requests to the tax validation service time out after 5 seconds."],
    ["timeout-new", "fact", 11, "Requests to the tax validation service time out after 8 seconds and are retried once."],
  ],
  {
    supersede: [
      ["log-new", "log"],
      ["timeout-new", "timeout"],
    ],
  },
);

// =============================================================================================
// yunwei: an operations platform backend (Chinese)
// =============================================================================================

family(
  "yunwei-branches",
  "yunwei",
  [
    ["branches", "convention", 160, "分支管理：main 为主分支用于生产环境，develop 为开发分支，功能分支用 feature/功能名，修复分支用 bugfix/问题描述。"],
    ["hotfix", "convention", 120, "线上紧急修复从 main 拉 hotfix/问题描述 分支，修复后同时合回 main 和 develop。"],
    ["branches2", "convention", 15, "分支命名：功能开发用 feature/功能名，缺陷修复用 bugfix/问题描述；main 只用于生产，日常开发在 develop。"],
    ["protect", "constraint", 110, "main 和 develop 分支受保护，禁止直接推送，只能通过合并请求合入。"],
  ],
  { merge: [["branches", "branches2"]] },
);

family(
  "yunwei-commits",
  "yunwei",
  [
    ["format", "convention", 150, "提交信息遵循 Conventional Commits：feat 新功能，fix 修复，docs 文档，refactor 重构，test 测试，chore 构建相关。"],
    ["lang", "convention", 140, "提交信息的描述部分用中文书写，类型前缀用英文。"],
    ["issue", "convention", 100, "提交信息末尾带上关联的需求编号，例如 (#1234)。"],
    ["format2", "convention", 9, "commit 信息按 Conventional Commits 写：新功能用 feat，修复用 fix，文档用 docs，重构用 refactor。"],
  ],
  { merge: [["format", "format2"]] },
);

family(
  "yunwei-response",
  "yunwei",
  [
    ["ok", "convention", 170, '后端正确响应统一返回 {"code": 0, "message": "success", "data": ...}。'],
    ["err", "convention", 165, "后端错误响应返回非 0 的 code 和错误描述信息 message，data 为 null。"],
    ["codes", "convention", 150, "业务错误码按模块分段：用户模块 10001 起，主机模块 20001 起，告警模块 30001 起。"],
    ["http", "convention", 140, "HTTP 状态码只表达协议层结果，业务失败也返回 200，由 code 区分。"],
    ["http-new", "decision", 20, "不再所有业务失败都返回 200：参数错误返回 400，未登录返回 401，无权限返回 403，code 仍然保留。"],
    ["ok2", "convention", 12, "接口成功时返回 code 为 0、message 为 success，数据放在 data 字段里。"],
  ],
  {
    merge: [["ok", "ok2"]],
    supersede: [["http-new", "http"]],
  },
);

family(
  "yunwei-db",
  "yunwei",
  [
    ["paging", "constraint", 160, "大量数据查询必须分页，单页最多 100 条。"],
    ["paging-new", "constraint", 18, "大量数据查询必须分页，单页最多 200 条。"],
    ["loop", "constraint", 150, "禁止在循环里执行数据库查询，先批量查出再在内存里组装。"],
    ["tx", "constraint", 140, "避免大事务：一个事务里不要调用外部接口。"],
    ["index", "convention", 130, "新增查询条件时检查是否命中索引，慢查询超过 1 秒要加索引。"],
    ["loop2", "gotcha", 10, "不要在 for 循环中查数据库，会产生 N+1 查询；应该一次批量查询后再组装结果。"],
  ],
  {
    merge: [["loop", "loop2"]],
    supersede: [["paging-new", "paging"]],
  },
);

family(
  "yunwei-ops-procedures",
  "yunwei",
  [
    ["add-host", "procedure", 90, "纳管主机：登录运维平台，进入主机管理，点击添加主机，填写 IP 和 SSH 端口，安装 Agent 后点击确认。"],
    ["upgrade-agent", "procedure", 88, "升级 Agent：登录运维平台，进入主机管理，勾选主机，点击批量升级，选择 Agent 版本后确认。"],
    ["mute-alert", "procedure", 86, "屏蔽告警：登录运维平台，进入告警中心，找到告警规则，点击屏蔽并设置屏蔽时长。"],
    ["backup", "procedure", 84, "手动备份数据库：登录运维平台，进入备份管理，选择实例，点击立即备份，等待任务完成。"],
    ["restore", "procedure", 82, "恢复数据库：登录运维平台，进入备份管理，选择备份文件，点击恢复并输入实例名确认。"],
    ["add-host2", "procedure", 7, "添加一台新主机到平台：先登录运维平台，打开主机管理，点添加主机，填好 IP 和 SSH 端口，装好 Agent 再确认。"],
  ],
  { merge: [["add-host", "add-host2"]] },
);

family(
  "yunwei-deploy",
  "yunwei",
  [
    ["jenkins", "decision", 200, "服务发布使用 Jenkins 流水线，镜像推到 Harbor。"],
    ["argo", "decision", 30, "发布流程从 Jenkins 迁移到 Argo CD，Jenkins 只保留构建镜像。"],
    ["window", "constraint", 150, "生产发布窗口是工作日 10:00 到 16:00，周五下午不发布。"],
    ["gray", "convention", 140, "生产发布先灰度 10% 的节点，观察 30 分钟无异常再全量。"],
    ["gray-new", "convention", 16, "生产发布先灰度 5% 的节点，观察 30 分钟无异常再全量。"],
    ["rollback", "procedure", 100, "回滚：在 Argo CD 里选择应用，点击 History，选中上一个版本后点 Rollback。"],
  ],
  {
    supersede: [
      ["argo", "jenkins"],
      ["gray-new", "gray"],
    ],
  },
);

family(
  "yunwei-code-style",
  "yunwei",
  [
    ["indent", "convention", 180, "前端代码使用 2 空格缩进，遵循 ESLint 规则。"],
    ["python", "convention", 175, "后端 Python 代码遵循 PEP8，行宽 120。"],
    ["comments", "convention", 160, "公共函数必须写注释，说明参数、返回值和异常。"],
    ["naming", "convention", 150, "接口路径统一使用中划线命名，例如 /api/host-group/list，参数使用下划线命名，例如 host_id。"],
    ["python-new", "convention", 20, "后端 Python 代码遵循 PEP8，行宽改为 100。"],
    ["comments2", "convention", 8, "公共函数都要有注释，写清楚参数、返回值以及会抛出的异常。"],
  ],
  {
    merge: [["comments", "comments2"]],
    supersede: [["python-new", "python"]],
  },
);

family(
  "yunwei-review",
  "yunwei",
  [
    ["review", "constraint", 140, "所有代码必须经过代码审查，至少一人 review 通过才能合并。"],
    ["review-two", "constraint", 15, "所有代码必须经过代码审查，至少两人 review 通过才能合并。"],
    ["ci", "constraint", 130, "合并请求必须通过 CI 测试后才能合并。"],
    ["size", "convention", 120, "单个合并请求的改动控制在 500 行以内，超过的要拆分。"],
    ["ci2", "constraint", 10, "CI 没有通过的合并请求不能合并，并且禁止跳过单元测试。"],
  ],
  { supersede: [["review-two", "review"]] },
);

family(
  "yunwei-alerts",
  "yunwei",
  [
    ["channel", "decision", 170, "告警通知发到钉钉群。"],
    ["channel-new", "decision", 25, "告警通知改为发到飞书群，不再使用钉钉。"],
    ["cpu", "fact", 160, "CPU 使用率连续 5 分钟超过 80% 触发告警。"],
    ["disk", "fact", 150, "磁盘使用率超过 85% 触发告警。"],
    ["cpu-new", "fact", 14, "CPU 使用率连续 5 分钟超过 90% 触发告警。"],
    ["oncall", "procedure", 100, "值班人员收到 P1 告警后 15 分钟内在群里认领并开始处理。"],
  ],
  {
    supersede: [
      ["channel-new", "channel"],
      ["cpu-new", "cpu"],
    ],
  },
);

family(
  "yunwei-stale",
  "yunwei",
  [
    ["old-conf", "fact", 220, "告警规则的默认阈值写在 conf/alert_rules.yaml 里。"],
    ["old-script", "procedure", 210, "清理过期日志用 scripts/clean_logs.sh，每周日凌晨执行。"],
    ["cron", "fact", 60, "定时任务统一在 omp_server/tasks/schedule.py 里注册。"],
  ],
  { stale: ["old-conf", "old-script"], deleted: ["conf/alert_rules.yaml", "scripts/clean_logs.sh"] },
);

// =============================================================================================
// xiaoyou: a Koa mini-game API (Chinese, some English)
// =============================================================================================

family(
  "xiaoyou-rest",
  "xiaoyou",
  [
    ["verbs", "convention", 160, "请求方式：GET 读取，POST 新建，PUT 更新，DELETE 删除。"],
    ["status", "convention", 150, "成功状态码：GET 返回 200，POST 返回 201，PUT 返回 200，DELETE 返回 204。"],
    ["params", "convention", 140, "分页参数统一用 page 和 pageSize，page 从 1 开始。"],
    ["params-new", "convention", 20, "分页参数统一用 page 和 page_size，page 从 1 开始。"],
    ["verbs2", "convention", 12, "HTTP 方法约定：读取用 GET，新建用 POST，更新用 PUT，删除用 DELETE。"],
  ],
  {
    merge: [["verbs", "verbs2"]],
    supersede: [["params-new", "params"]],
  },
);

family(
  "xiaoyou-imports",
  "xiaoyou",
  [
    ["order", "convention", 150, "引入库的顺序：第三方库在前，项目自己的库在后，中间空一行。"],
    ["alias", "convention", 140, "项目内的模块用 @/ 别名引入，不写 ../../ 相对路径。"],
    ["format", "procedure", 130, "保存时用 Prettier 格式化，VSCode 需要安装 EditorConfig 和 Prettier 插件。"],
    ["order2", "convention", 10, "import 顺序：先第三方库，再项目内的模块，两组之间留一个空行。"],
  ],
  { merge: [["order", "order2"]] },
);

family(
  "xiaoyou-codes",
  "xiaoyou",
  [
    ["busy", "fact", 170, "返回码 -1 表示系统繁忙，客户端应稍后重试。"],
    ["ok", "fact", 165, "返回码 0 表示请求成功。"],
    ["auth", "fact", 160, "返回码 40001 表示登录态失效，客户端需要重新调用 wx.login。"],
    ["auth-new", "fact", 15, "返回码 40101 表示登录态失效，客户端需要重新调用 wx.login。"],
    ["limit", "fact", 150, "返回码 42901 表示请求过于频繁。"],
  ],
  { supersede: [["auth-new", "auth"]] },
);

family(
  "xiaoyou-game",
  "xiaoyou",
  [
    ["energy", "fact", 160, "体力上限是 30 点，每 6 分钟恢复 1 点。"],
    ["energy-new", "fact", 18, "体力上限调整为 50 点，每 6 分钟恢复 1 点。"],
    ["rank", "fact", 150, "排行榜每周一 0 点重置。"],
    ["rank2", "fact", 12, "每周一零点清空排行榜，重新开始计分。"],
    ["ad", "fact", 140, "看一次激励视频广告恢复 10 点体力，每天最多 5 次。"],
    ["share", "fact", 130, "分享到群聊奖励 5 点体力，每天最多 3 次。"],
  ],
  {
    merge: [["rank", "rank2"]],
    supersede: [["energy-new", "energy"]],
  },
);

family(
  "xiaoyou-storage",
  "xiaoyou",
  [
    ["mongo", "decision", 200, "玩家存档存在 MongoDB 的 saves 集合。"],
    ["redis-rank", "decision", 190, "排行榜用 Redis 的有序集合实现。"],
    ["pg", "decision", 25, "玩家存档从 MongoDB 迁移到 PostgreSQL 的 saves 表，MongoDB 只读保留三个月。"],
    ["ttl", "convention", 120, "Redis key 必须设置过期时间，默认 7 天。"],
    ["prefix", "convention", 110, "Redis key 统一以 game: 开头，例如 game:rank:weekly。"],
    ["ttl2", "convention", 9, "所有 Redis key 都要设置过期时间，不设置的默认给 7 天。"],
  ],
  {
    merge: [["ttl", "ttl2"]],
    supersede: [["pg", "mongo"]],
  },
);

family(
  "xiaoyou-release",
  "xiaoyou",
  [
    ["review", "procedure", 120, "小游戏发版：在开发者工具里上传代码，到微信公众平台提交审核，审核通过后点击发布。"],
    ["api", "procedure", 115, "后端发版：合并到 main，等 GitHub Actions 构建镜像，然后在服务器上执行 docker compose pull && docker compose up -d。"],
    ["config", "procedure", 110, "改游戏配置表：编辑 configs 目录下的 Excel，运行 npm run export:config 生成 JSON，再提交。"],
    ["api2", "procedure", 8, "发布后端：先合并进 main，等 GitHub Actions 把镜像构建好，再到服务器上跑 docker compose pull && docker compose up -d。"],
  ],
  { merge: [["api", "api2"]] },
);

family(
  "xiaoyou-stale",
  "xiaoyou",
  [
    ["old-router", "fact", 200, "路由都注册在 src/router/index.js 里。"],
    ["router", "fact", 30, "路由按模块拆分在 src/routes/ 目录下，每个模块一个文件。"],
    ["old-util", "fact", 190, "签名校验的工具函数在 src/utils/sign.js。"],
  ],
  { supersede: [["router", "old-router"]], stale: ["old-router", "old-util"], deleted: ["src/router/index.js", "src/utils/sign.js"] },
);

// =============================================================================================
// kit: a Swift / Go client library with a release process (English)
// =============================================================================================

family(
  "kit-release",
  "kit",
  [
    [
      "steps",
      "procedure",
      150,
      "Release: confirm the build passes in GitHub Actions, add the release notes to CHANGELOG.md, commit, tag the version (like 1.0.5) and create a GitHub release with the notes.",
    ],
    ["tags", "convention", 140, "Version tags are X.Y.Z without a v prefix and only maintainers create them."],
    ["tags-new", "convention", 20, "Version tags are vX.Y.Z with a v prefix and only maintainers create them."],
    ["changelog", "convention", 130, "Every pull request adds a line to the Unreleased section of CHANGELOG.md."],
    [
      "steps2",
      "procedure",
      10,
      "To release: check that GitHub Actions is green, write the notes into CHANGELOG.md, commit them, tag the version (e.g. 1.0.5) and publish a GitHub release with those notes.",
    ],
    ["semver", "convention", 120, "Releases follow semantic versioning; a removed public method is a major release."],
  ],
  {
    merge: [["steps", "steps2"]],
    supersede: [["tags-new", "tags"]],
  },
);

family(
  "kit-branches",
  "kit",
  [
    ["flow", "convention", 160, "Feature work branches off develop as feature/<issue>-<name> and the pull request targets develop."],
    ["hotfix", "convention", 155, "Hotfixes branch off master as hotfix/<issue>-<name> and the pull request targets master."],
    ["trunk", "decision", 22, "We dropped git flow: there is no develop branch any more, every pull request targets main."],
    ["rebase", "convention", 100, "Rebase on the target branch before asking for review; no merge commits in feature branches."],
  ],
  { supersede: [["trunk", "flow"]] },
);

family(
  "kit-go",
  "kit",
  [
    ["go", "constraint", 150, "The Go module supports the two latest Go releases; go.mod says go 1.21."],
    ["go-new", "constraint", 12, "The Go module supports the two latest Go releases; go.mod says go 1.22."],
    ["errors", "convention", 140, "Wrap errors with fmt.Errorf and %w; never compare error strings."],
    ["ctx", "convention", 130, "Every exported function that does I/O takes a context.Context as its first argument."],
    ["lint", "procedure", 120, "Run golangci-lint run ./... before pushing; the CI uses the same config."],
    ["errors2", "convention", 9, "Use fmt.Errorf with %w to wrap errors, and check them with errors.Is instead of comparing strings."],
  ],
  {
    merge: [["errors", "errors2"]],
    supersede: [["go-new", "go"]],
  },
);

family(
  "kit-swift",
  "kit",
  [
    ["spm", "decision", 170, "The Swift package is distributed with Swift Package Manager and CocoaPods."],
    ["no-pods", "decision", 20, "CocoaPods is deprecated for the Swift package; only Swift Package Manager is supported from 3.0."],
    ["swift", "constraint", 160, "The Swift package needs Swift 5.9 and iOS 15."],
    ["swift-new", "constraint", 14, "The Swift package needs Swift 6.0 and iOS 16."],
    ["docc", "convention", 120, "Public Swift APIs need DocC comments with a code example."],
  ],
  {
    supersede: [
      ["no-pods", "spm"],
      ["swift-new", "swift"],
    ],
  },
);

family(
  "kit-http",
  "kit",
  [
    ["retry", "fact", 140, "The client retries idempotent requests 3 times with exponential backoff starting at 200 ms."],
    ["retry-new", "fact", 16, "The client retries idempotent requests 5 times with exponential backoff starting at 200 ms."],
    ["timeout", "fact", 130, "The default request timeout is 30 seconds."],
    ["ua", "convention", 120, "Every request sends a User-Agent of kit-go/<version> or kit-swift/<version>."],
    ["post", "gotcha", 110, "POST requests are never retried automatically unless they carry an Idempotency-Key."],
    ["post2", "gotcha", 10, "The client does not retry a POST on its own unless the request has an Idempotency-Key header."],
  ],
  {
    merge: [["post", "post2"]],
    supersede: [["retry-new", "retry"]],
  },
);

family(
  "kit-docs",
  "kit",
  [
    ["site", "fact", 150, "The documentation site is built with MkDocs Material from docs/ and deployed to GitHub Pages."],
    ["readme", "convention", 140, "Update README.md when a contribution changes public behaviour."],
    ["examples", "convention", 130, "Every code example in the docs is compiled in CI from examples/."],
    ["readme2", "convention", 12, "When a pull request changes how the public API behaves, update README.md in the same pull request."],
    ["site-new", "decision", 18, "The documentation site moved from MkDocs Material to Docusaurus; it is still deployed to GitHub Pages."],
  ],
  {
    merge: [["readme", "readme2"]],
    supersede: [["site-new", "site"]],
  },
);

family(
  "kit-stale",
  "kit",
  [
    ["old-gen", "procedure", 200, "Regenerate the API models with scripts/gen_models.sh after changing openapi.yaml."],
    ["gen", "procedure", 25, "Regenerate the API models with make generate after changing openapi.yaml."],
    ["old-ci", "fact", 190, "CI is configured in .travis.yml."],
  ],
  {
    supersede: [["gen", "old-gen"]],
    stale: ["old-gen", "old-ci"],
    deleted: ["scripts/gen_models.sh", ".travis.yml"],
  },
);

// =============================================================================================
// Background: conventions and procedures that share frames and vocabulary (no pair among them)
// =============================================================================================

const QUIZ_PACKAGES = ["web", "api", "worker", "types", "ui"];
QUIZ_PACKAGES.forEach((pkg, i) => {
  family(`bg-quiz-${pkg}`, "quiz", [
    ["test", "procedure", 100 + i, `Run the ${pkg} package's tests with pnpm --filter ${pkg} test.`],
    ["owner", "fact", 95 + i, `The ${pkg} package is owned by the ${["frontend", "backend", "backend", "platform", "design"][i]} team.`],
    ["entry", "fact", 90 + i, `The entry point of the ${pkg} package is packages/${pkg}/src/index.ts.`],
  ]);
});

const TALLY_ENDPOINTS = ["invoices", "customers", "payments", "credit-notes", "tax-rates"];
TALLY_ENDPOINTS.forEach((ep, i) => {
  family(`bg-tally-${ep}`, "tally", [
    ["perm", "constraint", 120 + i, `The /v1/${ep} endpoints need the ${ep.replace("-", "_")}:write scope for POST and PATCH.`],
    ["router", "fact", 110 + i, `The /v1/${ep} routes are defined in tally/api/${ep.replace("-", "_")}.py.`],
    ["test", "convention", 100 + i, `Every change to the /v1/${ep} endpoints needs an API test in tests/api/test_${ep.replace("-", "_")}.py.`],
  ]);
});

["主机", "告警", "用户", "备份", "作业"].forEach((mod, i) => {
  family(`bg-yunwei-${i}`, "yunwei", [
    [
      "api",
      "fact",
      100 + i,
      `${mod}模块的接口前缀是 /api/${["host", "alert", "user", "backup", "job"][i]}/，代码在 omp_server/${["hosts", "alerts", "users", "backups", "jobs"][i]}/ 目录。`,
    ],
    ["owner", "fact", 90 + i, `${mod}模块由${["张伟", "李娜", "王强", "刘洋", "陈静"][i]}负责，改动需要他审核。`],
  ]);
});

["签到", "抽奖", "商城", "好友", "成就"].forEach((mod, i) => {
  family(`bg-xiaoyou-${i}`, "xiaoyou", [
    ["route", "fact", 100 + i, `${mod}接口的路由文件是 src/routes/${["signin", "lottery", "shop", "friends", "achievements"][i]}.js。`],
    ["rule", "fact", 90 + i, `${mod}功能的配置在配置表的${["签到奖励", "奖池", "商品", "好友上限", "成就列表"][i]}页，改完需要重新导出 JSON。`],
  ]);
});

["go", "swift", "python", "kotlin"].forEach((lang, i) => {
  family(`bg-kit-${lang}`, "kit", [
    ["publish", "procedure", 100 + i, `Publish the ${lang} client: bump the version in the ${lang} manifest, tag ${lang}/vX.Y.Z and let CI publish it.`],
    ["dir", "fact", 95 + i, `The ${lang} client lives in clients/${lang}/ and has its own CHANGELOG.md.`],
  ]);
});

export const BLIND_FAMILIES_R3 = families;

export const halfOfR3 = halfOf;
