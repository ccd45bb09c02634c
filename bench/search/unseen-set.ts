/**
 * Labelled set for issue 42, written before any rule or weight was changed (see git history): 300+
 * coding memories and their questions, never used by the issue-24 tuning. Each question names the
 * one memory that answers it. `bench/search/unseen-split.ts` splits every item into a tuning half
 * and a frozen half by a hash of the item; the frozen half is the headline and is never tuned on.
 *
 * Kinds: paraphrase (English, no content word in common with its answer: checked by
 * `checkUnseenSet` with lib's tokenizer), cross (a Chinese question for an English memory, or an
 * English question for a Chinese one), keyword (shares words with its answer), identifier (a code
 * name, path, env variable or number), zh (Chinese question, Chinese memory), distractor (the words
 * also point at other memories; the question's whole wording at the answer).
 *
 * Lines of MEMORY_TABLE: `key | memory | paraphrase question | Chinese question` (the last two may be
 * empty). Lines of ZH_TABLE: `key | Chinese memory | Chinese question | English question`.
 */
export type UnseenKind = "paraphrase" | "cross" | "keyword" | "identifier" | "zh" | "distractor";

const MEMORY_TABLE = `
u001 | The checkout service retries a declined card charge once after two seconds, never more. | how often do we attempt payment again when the bank says no? | 银行拒绝扣款后我们会重试几次？
u002 | Postgres connection pool size is 20 per API replica; raising it exhausted max_connections in staging. | how many simultaneous database links does each server copy keep open? | 每个API副本的数据库连接池有多大？
u003 | Feature flags live in LaunchDarkly; remove a flag within two sprints after it reaches 100 percent. | when must we delete a toggle once everyone has it? | 功能开关全量后多久要删掉？
u004 | The nightly ETL job writes Parquet files to the analytics bucket, partitioned by event date. | where does the overnight export put its columnar output? |
u005 | Vitest runs with --pool=forks because worker threads leaked native sqlite handles. | why do unit suites spawn separate OS processes rather than lightweight siblings? | 为什么测试用进程池而不是线程？
u006 | Docker images are built on distroless base images to keep them under 80 MB. | what makes our container pictures so small? | 容器镜像为什么这么小？
u007 | React components must not fetch data directly; use the hooks in src/data so caching stays consistent. | where should screens get their server information from? |
u008 | Webhook signatures are verified with HMAC-SHA256 over the raw request body before JSON parsing. | how do we confirm an incoming callback really came from the sender? | 怎么校验回调请求的签名？
u009 | The CSV importer rejects files over 50 MB and streams rows instead of loading them into memory. | what happens with a huge spreadsheet upload? | CSV导入文件大小上限是多少？
u010 | Staging deploys happen automatically on merge to main; production needs a manual approval in GitHub Actions. | who has to click before code reaches live customers? | 生产环境发布需要人工批准吗？
u011 | Password hashes use argon2id with 64 MB memory cost; bcrypt hashes are upgraded on next login. | which algorithm scrambles user secrets at rest? | 用户密码用什么算法哈希？
u012 | The mobile app pins the TLS certificate of api.example.com; rotating it requires an app release first. | why can't we swap the server's encryption credentials whenever we like? |
u013 | GraphQL queries deeper than 8 levels are rejected to stop abusive nested requests. | how do we block deeply stacked API lookups? | GraphQL查询深度限制是多少？
u014 | Redis is only a cache here; anything stored in it must be rebuildable from Postgres. | may the sole copy of something sit only in the in-memory layer? | Redis里能存唯一的数据吗？
u015 | Timeouts for outbound HTTP calls default to 10 seconds; the PDF renderer gets 60. | how long do we wait for other services before giving up? | 外部HTTP调用的超时时间是多少？
u016 | Use pnpm, not npm or yarn; the lockfile is pnpm-lock.yaml and CI runs pnpm install --frozen-lockfile. | which package manager does this repository expect? | 这个仓库用哪个包管理器？
u017 | Tailwind classes are sorted by the prettier plugin; do not reorder them by hand. | should I arrange the utility styling tokens myself? |
u018 | The search index is rebuilt every Sunday at 03:00 UTC because incremental updates drift. | when does the full lookup catalogue get regenerated? | 搜索索引什么时候全量重建？
u019 | S3 uploads use presigned URLs valid for 15 minutes; the browser sends the file straight to the bucket. | how does a web page push a document to cloud storage bypassing our machines? | 前端直传S3的签名链接有效期多久？
u020 | Kafka consumers commit offsets only after the database transaction succeeds, so messages may be processed twice. | can an event stream record be handled more than once? | Kafka消息可能被重复处理吗？
u021 | All API errors follow RFC 7807 problem+json with a type URL and a human-readable title. | what shape do failure responses have? | API错误返回什么格式？
u022 | Log lines must never contain email addresses; the logger masks anything matching an email pattern. | do personal contact details end up in our diagnostics output? |
u023 | The cron for invoice emails runs at 06:00 Europe/Berlin so customers get them before office hours. | what time do billing messages go out? | 发票邮件几点发送？
u024 | We pinned TypeScript to 5.4 because 5.5 broke the decorators in the ORM models. | why haven't we upgraded the compiler for annotated JS? | 为什么TypeScript版本被锁定？
u025 | Images are resized on upload to 1600 px wide WebP; originals are kept for 30 days. | what happens to a photo right after someone sends it in? | 上传的图片会被转换成什么格式？
u026 | The public API is versioned in the URL path (/v1, /v2); breaking changes need a new version. | how do we ship incompatible endpoint modifications? | 接口版本号放在哪里？
u027 | Only the platform team may change Terraform in infra/; other teams open a ticket. | who is allowed to edit cloud provisioning code? |
u028 | Sentry sampling is 10 percent for transactions and 100 percent for errors. | what fraction of traces does the crash reporter keep? | Sentry的采样率是多少？
u029 | Elasticsearch mappings are strict; a new field needs a mapping change and a reindex. | what must happen before a document gets an extra attribute in the full-text engine? |
u030 | The frontend build targets ES2020; Safari 13 is no longer supported. | which older browsers did we drop? | 前端还支持哪些旧浏览器？
u031 | Dates in the API are ISO 8601 strings with an explicit offset, never epoch numbers. | how are moments in time written in JSON replies? | API里的日期用什么格式？
u032 | The worker queue is BullMQ on Redis with 5 concurrent jobs per process. | how many background tasks run at once in each consumer? | 每个进程同时处理几个后台任务？
u033 | Database migrations must be backwards compatible for one release so old pods keep working during rollout. | why can't a schema change drop a column right away? | 数据库迁移为什么要向后兼容？
u034 | Integration tests spin up Postgres with testcontainers; they need Docker running locally. | what must be installed on my laptop for the end-to-end suites? | 集成测试需要本地运行什么？
u035 | Snapshot tests were removed from the UI package because they approved every change blindly. | why did we stop recording rendered output for comparison? |
u036 | The admin panel is only reachable through the VPN; its ingress allows the office CIDR only. | how can staff open the back-room screens from home? | 管理后台怎么访问？
u037 | Email sending goes through Postmark; SendGrid was dropped after deliverability problems. | which provider delivers our outgoing mail? | 我们用哪个邮件服务商？
u038 | The monorepo uses Turborepo; run turbo run build --filter=web to build only the web app. | how do I compile just one application in the multi-package workspace? |
u039 | Rate limits are per API key: 1000 requests per hour, with a Retry-After header on 429. | what does a client receive after exceeding its quota? | 超过限流后返回什么？
u040 | Secrets come from AWS Secrets Manager at boot; .env files are for local development only. | where do production credentials get loaded from? | 生产环境的密钥从哪里读取？
u041 | Go services use errgroup to cancel sibling goroutines when one fails. | how do concurrent routines stop together if any breaks?
u042 | The Python ML service is pinned to numpy below 2.0 because the model pickles break with it. | why is the numeric library held back in the inference container? | 为什么numpy版本不能升级？
u043 | Pagination is cursor based; offset pagination timed out on tables above ten million rows. | why don't lists use page numbers? | 分页为什么用游标？
u044 | We store money as decimal(12,2) in Postgres and as integer minor units in JavaScript. | how are currency amounts represented in code and storage? |
u045 | The design system's primary color is #1A73E8; never hardcode other blues. | what hue do buttons and links use by default? | 主色调是什么颜色？
u046 | Accessibility: every interactive element needs a visible focus ring; outline: none is banned by lint. | may I hide the keyboard highlight on controls? |
u047 | Web vitals budget: LCP under 2.5 s on a mid-range phone over 4G. | how fast must the biggest page element appear? | LCP的性能预算是多少？
u048 | The Android app's minSdk is 26; older devices get a notice to use the website. | what is the oldest phone OS version we support? |
u049 | Push notifications are sent with Firebase Cloud Messaging for both iOS and Android. | which service delivers alerts to handsets? | 推送通知用什么服务？
u050 | User uploads are scanned by ClamAV in a sidecar before they become downloadable. | how do we stop infected attachments from spreading? | 上传的文件会做病毒扫描吗？
u051 | Session cookies last 14 days with sliding renewal; idle sessions end after 30 minutes in the admin app. | how long can someone stay signed in? | 会话cookie多久过期？
u052 | OAuth login supports Google and GitHub; Microsoft accounts were requested but postponed. | which third-party identity providers can people sign in with? |
u053 | Every SQL query goes through the query builder; string concatenation of SQL is a review blocker. | may I glue user input into database statements by hand? | 可以手写拼接SQL吗？
u054 | The billing service owns the subscriptions table; other services read it through its API only. | can my team query the plans data directly? |
u055 | Kubernetes pods have a 512Mi memory limit; the report generator needs 2Gi and has its own node pool. | why does the PDF builder run on separate machines? | 报表服务为什么单独部署？
u056 | Health checks: /healthz for liveness, /readyz checks the database and the queue. | which endpoint tells the orchestrator whether traffic may be routed? | 就绪探针检查什么？
u057 | Canary releases send 5 percent of traffic to the new version for 30 minutes before full rollout. | how gradually do fresh builds reach users? | 灰度发布的比例是多少？
u058 | Rollbacks are done by redeploying the previous image tag, never by reverting the database. | how do we undo a bad release? | 怎么回滚发布？
u059 | Feature branches need one approving review and green CI before merge; main is protected. | what is required before my changes join the trunk? |
u060 | Commit messages follow Conventional Commits; the release notes are generated from them. | how should I phrase what I changed in version control? | 提交信息要遵循什么规范？
u061 | The CLI is written in Rust with clap; build it with cargo build --release. | what language and argument parser does the command-line tool use? | 命令行工具用什么语言写的？
u062 | Clippy warnings fail CI for the Rust crates; allow attributes need a comment explaining why. | are compiler lint complaints blocking in the systems code? |
u063 | Protobuf field numbers are never reused; removed fields are marked reserved. | what do we do with the tag of a deleted message attribute? | protobuf删除字段后编号怎么处理？
u064 | gRPC calls between services carry a deadline propagated from the incoming request. | how is a time budget passed along between internal procedure invocations?
u065 | The search box debounces input by 300 ms before calling the suggestions endpoint. | how long do we wait after typing stops before asking for hints? | 搜索框防抖多少毫秒？
u066 | i18n strings live in locales/*.json; English is the fallback and keys are dot-separated. | where are translated interface texts kept? | 多语言文案放在哪里？
u067 | Right-to-left languages are not supported yet; Arabic was descoped from the Q3 launch. | can the interface mirror for Hebrew readers?
u068 | Database backups run every 6 hours with point-in-time recovery for 7 days. | how far back can we restore the data store? | 数据库备份保留多久？
u069 | The on-call rotation is weekly, handing over on Monday at 10:00. | when does pager duty switch between engineers? | 值班什么时候交接？
u070 | Incidents get a postmortem within five working days, blameless, stored in the wiki. | what happens after an outage is resolved? |
u071 | The price calculation rounds half to even to match the accounting system. | which tie-breaking rule do totals follow? | 价格计算用什么舍入规则？
u072 | CORS allows only our own origins; wildcard origins were removed after the security audit. | which websites may call our endpoints from a browser? | 跨域允许哪些来源？
u073 | Content Security Policy forbids inline scripts; use nonces generated per request. | can I embed JS logic directly inside the markup?
u074 | The uploader splits files into 5 MB chunks and resumes interrupted transfers. | what happens when a big send is cut off halfway? | 大文件上传中断后能续传吗？
u075 | We use Zod schemas at every API boundary and infer the TypeScript types from them. | how is incoming payload shape validated? | 接口入参用什么校验？
u076 | Dependency updates come from Renovate on Mondays, grouped by ecosystem. | who proposes library version bumps and when? |
u077 | The Node services run on Node 20 LTS; Node 22 is planned after the ORM supports it. | which runtime release do our JavaScript backends use? | 后端用哪个Node版本？
u078 | ESLint flat config lives in eslint.config.js; the old .eslintrc files were deleted. | where is the linter set up now? |
u079 | The styleguide forbids default exports except for Next.js pages. | may a module hand out a single unnamed value? | 可以用默认导出吗？
u080 | Storybook is deployed to Chromatic on every pull request for visual review. | where can approvers look at widget modifications before merging?
u081 | Playwright end-to-end tests run against a seeded database reset before each spec file. | how is data made predictable for browser scenario suites? | 端到端测试的数据怎么准备？
u082 | Flaky tests are quarantined with a skip tag and a ticket; they must be fixed within a week. | what do we do with checks that randomly pass and fail? | 不稳定的测试怎么处理？
u083 | Code coverage must not drop below 80 percent on changed lines. | what fraction of fresh logic must automated checks exercise?
u084 | The ORM is Prisma; raw queries are allowed only in the reporting module. | where may hand-written database statements appear? | 哪里可以写原生SQL？
u085 | Soft deletes: rows get deleted_at set and are purged after 90 days by a job. | what happens to records a user removes? | 软删除的数据多久清理？
u086 | UUIDv7 is used for primary keys so ids sort by creation time. | why do identifiers come out in chronological order? | 主键用哪种UUID？
u087 | Websocket connections send a ping every 25 seconds so the load balancer does not close them. | how do long-lived browser channels stay open through the proxy? | WebSocket心跳间隔是多少？
u088 | The load balancer idle timeout is 60 seconds; long reports must stream or use a job. | why do slow downloads get cut after a minute? |
u089 | Nginx serves static assets with a one-year cache and hashed filenames. | how long do browsers keep our bundles and pictures? | 静态资源缓存多久？
u090 | The CDN is Cloudflare; purge the cache with the deploy script, not by hand in the dashboard. | how do we clear edge copies after shipping? | CDN缓存怎么清除？
u091 | Terraform state is in an S3 backend with DynamoDB locking. | where is the provisioning tool's bookkeeping stored? |
u092 | Helm charts are in deploy/charts; values-prod.yaml overrides resources for production. | where do the cluster packaging templates live? | Helm chart放在哪个目录？
u093 | The Python code is formatted with ruff format and type-checked with mypy --strict. | which tools tidy and verify the scripts in our data team's language? | Python代码用什么格式化？
u094 | Poetry was replaced by uv for Python dependency management; uv.lock is committed. | which tool resolves libraries for the ML projects now? | Python依赖管理用什么工具？
u095 | Jupyter notebooks must be stripped of outputs before commit with nbstripout. | what do we do with cell results in data-science documents before checking them in? |
u096 | The recommendation model is retrained weekly on Sunday and deployed if AUC improves. | how often is the suggestion engine refreshed? | 推荐模型多久重新训练？
u097 | Feature store reads go through Feast; online features are in Redis, offline in BigQuery. | where do predictors fetch their input signals? |
u098 | PII columns are tagged in dbt and excluded from the analytics exports. | how do we keep personal data out of reports? | 敏感字段怎么从分析导出中排除？
u099 | The warehouse is BigQuery; queries over 1 TB scanned need the data lead's approval. | who signs off on very expensive analytical lookups?
u100 | Airflow DAGs live in dags/ and must be idempotent because tasks are retried. | why must pipeline steps be safe to run twice? | Airflow任务为什么要幂等？
u101 | The iOS app uses SwiftUI; UIKit only where SwiftUI lacks a component. | which interface framework do Apple screens rely on? | iOS用什么UI框架？
u102 | App Store builds are uploaded by Fastlane from CI on a tagged commit. | how do Apple releases get submitted? |
u103 | Deep links use the scheme example:// and universal links on example.com/app. | how can an outside page open a particular screen on the handset? | 深度链接的格式是什么？
u104 | Offline mode caches the last 7 days of orders in SQLite on the device. | what can users see with no network? | 离线模式缓存多久的数据？
u105 | Crash-free sessions must stay above 99.5 percent or the release is halted. | what stability level stops a mobile rollout? |
u106 | Background location is never requested; the app asks only while in use. | does the program track where people are when it is closed? | 应用会在后台获取定位吗？
u107 | Analytics events are named object_action in snake_case, for example cart_viewed. | how should tracking signals be labelled? | 埋点事件怎么命名？
u108 | A/B tests need a pre-registered primary metric and run at least two full weeks. | how long must an experiment last before we read it? | A/B测试至少跑多久？
u109 | The feature toggle default is off in production and on in development. | what is the starting state of a new switch on live? |
u110 | Customer support can impersonate users only with a logged reason and for 30 minutes. | how can helpdesk staff see what a client sees? | 客服能否以用户身份登录？
u111 | Audit logs are append-only, written to a separate database with no delete permission. | can anyone erase the record of who did what? | 审计日志能删除吗？
u112 | Multi-tenancy uses a tenant_id column and Postgres row-level security policies. | how is one organisation's data kept from another's? | 多租户数据怎么隔离？
u113 | Tenants on the enterprise plan get a dedicated database; the rest share a cluster. | do big customers get their own storage? |
u114 | The SLA is 99.9 percent monthly uptime with service credits beyond that. | what availability do we promise buyers? | 服务可用性承诺是多少？
u115 | Load tests with k6 must reach 500 requests per second at p95 under 300 ms before a launch. | what traffic level must a new feature withstand? | 压测的目标是多少？
u116 | Memory leaks in the Node API were traced to an unbounded LRU; it now has a max of 10,000 entries. | why did the backend's heap grow until it crashed? |
u117 | Heap snapshots in production are taken with the inspector on a drained pod only. | how do we investigate RAM growth on live machines safely? |
u118 | The Go services build static binaries with CGO_ENABLED=0 for scratch images. | why don't our compiled programs depend on system libraries? | Go服务为什么关闭CGO？
u119 | Go modules are vendored; run go mod vendor after changing go.mod. | what do I do after adding a library to a compiled service? |
u120 | Java services run on Temurin 21 with G1 and -Xmx set to 75 percent of the container limit. | how is the JVM heap sized? | Java服务的堆内存怎么设置？
u121 | Spring Boot actuator endpoints are exposed only on the management port 8081. | where are the framework's operational routes reachable?
u122 | Gradle builds use the configuration cache; a plugin that breaks it must be replaced. | what makes the JVM project compile quickly again? | Gradle构建用了什么缓存？
u123 | Kotlin coroutines must use the injected dispatcher, never Dispatchers.IO directly, so tests can control time. | how do asynchronous routines on Android stay testable? |
u124 | The Elixir service uses Oban for jobs; queues are defined in config/runtime.exs. | which library runs delayed work in the BEAM app? | Elixir服务的任务队列用什么？
u125 | Phoenix LiveView pages must not hold large assigns; use streams for lists. | how do server-rendered interactive screens avoid bloating per-connection memory?
u126 | Ruby on Rails monolith: background jobs run in Sidekiq with 10 threads. | how many parallel workers does the big legacy web framework app use for deferred work? | Sidekiq开了多少线程？
u127 | N+1 queries are caught by Bullet in development and fail the request spec in CI. | how do we notice repeated lookups per row in the Ruby app? | 怎么发现N+1查询？
u128 | The PHP legacy app is frozen: security fixes only, no new features. | may I add functionality to the old server-side scripts? |
u129 | Laravel queues were moved from database driver to Redis because of lock contention. | why did the PHP framework's jobs change storage? | Laravel队列为什么换成Redis？
u130 | C# services target .NET 8 and use minimal APIs; controllers are only in the legacy admin. | which web style does the Microsoft stack follow?
u131 | Entity Framework migrations are applied by a separate job, never at app startup. | when do the .NET schema changes run? | EF迁移在什么时候执行？
u132 | The embedded firmware is C99 with no dynamic allocation after boot. | may the device code call malloc while running? | 固件运行时能动态分配内存吗？
u133 | OTA firmware updates are signed with Ed25519 and verified by the bootloader. | how does hardware confirm a new image is genuine? |
u134 | The game client targets 60 frames per second on a GTX 1060; shadows are the first thing cut. | what graphics setting is sacrificed to keep animation smooth? | 游戏帧率目标是多少？
u135 | Unity assets are loaded through Addressables; Resources folders are banned. | how should the engine bring in textures and prefabs?
u136 | Shader compilation stutter was fixed by prewarming the shader cache on the loading screen. | why did the first seconds of gameplay hitch? | 着色器卡顿怎么解决的？
u137 | The desktop app is Electron; the renderer has contextIsolation on and nodeIntegration off. | what security switches protect the windowed program's web layer? | Electron渲染进程的安全设置是什么？
u138 | Auto-update for the desktop app uses electron-updater with a staged rollout of 20 percent. | how do installed clients receive new versions? |
u139 | Tauri was evaluated but rejected because the team lacks Rust experience. | why didn't we pick the lighter native shell? | 为什么没有选Tauri？
u140 | The VS Code extension activates only on workspaces containing recollect.json. | when does the editor plugin start up? |
u141 | Chrome extension uses manifest v3; background pages became a service worker. | what changed in how the browser add-on runs its persistent code? | Chrome扩展用的是哪个manifest版本？
u142 | The API gateway strips the X-Internal-* headers from outside requests. | can strangers spoof our private routing hints?
u143 | JWT access tokens live 15 minutes; refresh tokens 30 days and rotate on every use. | how long is a bearer credential valid before renewal? | 访问令牌有效期多久？
u144 | Refresh token reuse revokes the whole token family to catch theft. | what happens if an old renewal credential is presented twice? |
u145 | MFA is required for admins; TOTP and WebAuthn are accepted, SMS is not. | which second factors can administrators use? | 管理员可以用短信验证码吗？
u146 | Passwords must be 12 characters minimum and checked against the HaveIBeenPwned range API. | what makes a new login secret acceptable? | 密码最少多少位？
u147 | Account deletion requests are completed within 30 days to meet GDPR. | how quickly must we erase someone's profile when they ask?
u148 | Data residency: EU customers' data stays in eu-west-1; backups too. | where are European clients' records physically kept? | 欧盟客户的数据存在哪里？
u149 | Encryption at rest uses KMS keys rotated yearly. | how often are the secrets guarding stored data replaced?
u150 | TLS 1.2 is the minimum; TLS 1.0 and 1.1 are disabled on all load balancers. | which old secure-transport versions are switched off? | 最低支持哪个TLS版本？
u151 | Dependabot security alerts of high severity must be fixed within 7 days. | how fast do serious vulnerable-library warnings get handled? |
u152 | Container images are scanned by Trivy in CI; critical CVEs block the deploy. | what stops a vulnerable build artifact from shipping to the cluster? | 镜像漏洞扫描用什么？
u153 | SBOMs are generated with syft for every release and attached to the GitHub release. | how do we list everything bundled inside a shipped artifact? |
u154 | The monolith's admin routes are being split into a separate service; do not add new admin routes to the monolith. | where should fresh back-office handlers be added? | 新的管理接口应该加到哪里？
u155 | The event bus uses CloudEvents 1.0 envelopes with the source set to the service name. | what wrapper format do published notifications follow?
u156 | Outbox pattern: events are written to an outbox table in the same transaction and relayed by a poller. | how do we avoid losing a notification when the commit succeeds but publishing fails? | 怎么保证事件和事务一致？
u157 | Idempotency keys are required on POST /payments and stored for 24 hours. | how do we stop a double click from charging twice? | 支付接口怎么防止重复提交？
u158 | Currency conversion rates are fetched hourly from the ECB and cached. | how fresh are the exchange figures we use? |
u159 | Tax calculation is delegated to Stripe Tax; we never compute VAT ourselves. | who works out sales levies on orders? | 税费是谁计算的？
u160 | Refunds over 500 euros need a second approver in the back office. | when does returning money require two people?
u161 | Invoices are numbered per year with no gaps, as required by German accounting law. | why must bill sequences be continuous? | 发票编号为什么不能有间断？
u162 | The PDF invoices are rendered with headless Chromium from HTML templates. | how are printable bills produced? |
u163 | Emails are built with MJML templates compiled at build time. | how is the markup for outgoing messages authored? | 邮件模板用什么写？
u164 | Unsubscribe links must work with one click and without login. | what must the opt-out in newsletters allow?
u165 | SMS is sent through Twilio with a fallback to MessageBird if Twilio fails. | what happens when the texting provider is down? | 短信服务挂了怎么办？
u166 | Phone numbers are stored in E.164 format and validated with libphonenumber. | how do we save and check telephone contacts? |
u167 | Addresses are validated by the Google Places API only in the checkout, not on signup. | when do we check that a street location is real? | 地址校验在哪个环节做？
u168 | Search uses Meilisearch for the product catalogue; typo tolerance is on for words over 4 letters. | how forgiving is the shop's lookup of misspellings? |
u169 | Product images are served through imgproxy with signed URLs. | how do we deliver resized catalogue pictures safely? | 商品图片通过什么服务处理？
u170 | The cart is kept in a cookie for guests and merged into the account at login. | what happens to a visitor's basket when they sign in? | 游客购物车登录后怎么处理？
u171 | Stock is reserved for 15 minutes at checkout start and released if payment does not complete. | how long are items held for someone paying? |
u172 | Discount codes are case-insensitive and can be used once per customer. | may a shopper apply the same voucher twice? | 优惠码区分大小写吗？
u173 | Shipping rates come from the carrier's API at checkout; a flat fallback rate applies when it times out. | what delivery price shows when the courier's service is slow? |
u174 | Order status transitions are enforced by a state machine in orders/state.ts. | where are the allowed purchase lifecycle changes defined? | 订单状态流转在哪里定义？
u175 | Returns are accepted for 30 days; the label is generated by the carrier integration. | how long do buyers have to send goods back? |
u176 | The recommendation widget is lazy-loaded below the fold to protect page speed. | why does the suggestions block appear late? | 推荐组件为什么延迟加载？
u177 | Server-side rendering is used for product pages; the account area is client-rendered. | which screens are produced on the backend before reaching the browser? |
u178 | Next.js ISR revalidates product pages every 10 minutes. | how stale can a catalogue screen be? | 商品页多久重新生成？
u179 | The middleware redirects users without a locale prefix based on Accept-Language. | how does a visitor end up in their own tongue?
u180 | Environment variables for the browser must start with NEXT_PUBLIC_; never put secrets there. | which settings are visible in the client bundle? | 前端环境变量要用什么前缀？
u181 | State management uses Zustand; Redux was removed in the 2024 rewrite. | which library holds client-side data for the UI? | 前端状态管理用什么库？
u182 | Forms use react-hook-form with the Zod resolver. | how are input screens wired up and checked? |
u183 | Date handling uses date-fns; moment.js is banned for bundle size. | which time library should the web code rely on? | 前端日期处理用哪个库？
u184 | Charts use ECharts; D3 only for the custom network graph. | what draws the dashboard plots?
u185 | Icons come from lucide-react; do not add another icon set. | where do pictograms in the interface come from? | 图标用哪个库？
u186 | Dark mode follows prefers-color-scheme and can be overridden in settings. | how does the interface pick a night theme? |
u187 | The websocket server is a separate Node process behind the same domain at /ws. | where do live updates connect? | WebSocket服务部署在哪里？
u188 | Server-sent events replaced long polling for notifications. | how does the page receive alerts without asking repeatedly? |
u189 | Our API clients are generated from the OpenAPI spec with openapi-typescript. | how do frontend callers get typed endpoint functions? | 前端API客户端怎么生成？
u190 | The OpenAPI spec is the source of truth; handlers are checked against it in CI. | what defines the contract of our HTTP interface? |
u191 | Breaking API changes need a six-month deprecation notice with a Sunset header. | how much warning do integrators get before we remove something? | 接口废弃要提前多久通知？
u192 | Webhooks are retried with exponential backoff for up to 72 hours. | how persistently do we redeliver callbacks to partners? |
u193 | Partner API keys are scoped per environment and can be rotated without downtime. | can integrators swap credentials with no outage? | 合作方API密钥能不停机轮换吗？
u194 | The sandbox environment resets every night at midnight UTC. | when does the test playground wipe its data? |
u195 | Docs for the public API are built with Redocly and published at docs.example.com. | where do outside developers read the endpoint reference? | 公开API文档在哪里？
u196 | The changelog for partners is an RSS feed generated from the releases folder. | how do integrators follow what changed? |
u197 | Git LFS stores the design files; binary assets over 1 MB must not go in plain git. | where do large artwork blobs belong in version control? | 大文件怎么放进仓库？
u198 | Pre-commit hooks run lint-staged; bypassing them with --no-verify is not allowed. | may I skip the local checks when checking in?
u199 | The repository uses CODEOWNERS; the data team must review changes in pipelines/. | who has to approve edits to the ETL folder? | 谁负责审核pipelines目录的改动？
u200 | Long-running branches are discouraged; rebase onto main at least daily. | how often should I sync my work with the trunk? |
u201 | Local development uses docker compose with profiles for optional services like Kafka. | how do I start the extra message broker on my machine only when needed? | 本地开发怎么启动可选服务？
u202 | The devcontainer installs Node, pnpm and the Postgres client; use it for a consistent setup. | how do newcomers get an identical workstation configuration? |
u203 | Makefile targets wrap common tasks: make test, make lint, make up. | what shortcuts run the usual chores? | 常用任务有哪些make命令？
u204 | Seed data for development is generated by scripts/seed.ts with a fixed random seed. | how is sample content for a fresh local database produced? |
u205 | The mock payment provider in dev accepts card 4242 4242 4242 4242 only. | which plastic number works when trying checkout locally? | 测试环境用哪个卡号？
u206 | Ports in local dev: web 3000, API 4000, admin 5000. | which numbers do the apps on my machine listen on? | 本地开发端口是多少？
u207 | Hot reload of the API uses tsx watch; nodemon was removed. | what restarts the backend when I save a file? |
u208 | Debugging the API in VS Code uses the launch config "API: attach" on port 9229. | how do I step through server logic in the editor? | 怎么在编辑器里调试后端？
u209 | Profiling the frontend uses the React Profiler; the why-did-you-render package was removed. | how do we find components that redraw too often? |
u210 | Bundle size is checked by size-limit in CI; the main chunk must stay under 180 kB gzipped. | what stops the client download from growing too big? | 前端包大小限制是多少？
u211 | Source maps are uploaded to Sentry and not served publicly. | can visitors read our original frontend code? |
u212 | Error boundaries wrap each route so one failing widget doesn't blank the page. | what keeps a crash in any panel from taking down the screen? | 一个组件报错会导致整页白屏吗？
u213 | The service worker caches the app shell only; API responses are never cached offline. | what does the web program keep for use with no network?
u214 | Cookie consent blocks analytics scripts until the visitor accepts. | when may tracking code load? | 统计脚本什么时候加载？
u215 | We use Plausible for web analytics, self-hosted, no cookies. | which visitor statistics tool do we run? |
u216 | Customer feedback comes in through Intercom and is tagged weekly by support. | where do user comments arrive? | 用户反馈从哪里来？
u217 | Release trains leave every second Tuesday; hotfixes can ship any day. | how often do regular versions go out? |
u218 | The mobile release branch is cut on Thursday and submitted on Monday. | when is the phone app code frozen? | 移动端什么时候切发布分支？
u219 | Version numbers follow semver; the mobile build number is the CI run number. | how are releases counted?
u220 | Third-party scripts must be loaded with async and a subresource integrity hash. | how do we include outside JS safely? | 第三方脚本怎么安全加载？
u221 | The cache key for API responses includes the tenant and the locale. | why can't any organisation's stored reply reach another?
u222 | Cache stampede is prevented with a lock and stale-while-revalidate. | how do we stop everyone recomputing an expired entry at once? | 怎么防止缓存击穿？
u223 | Search results are cached for 60 seconds per query string. | how long are lookup answers reused? |
u224 | The data export for customers is a ZIP of CSV files emailed as a download link valid for 48 hours. | how do clients take their information with them? | 用户数据导出的链接有效期多久？
u225 | Bulk imports run as background jobs and report progress via websocket. | how does a large upload show its advancement? |
u226 | The scheduler uses a Postgres advisory lock so only one instance runs each cron job. | how do we stop timed tasks executing on every replica? | 定时任务怎么保证只跑一次？
u227 | Daylight saving caused a cron to run twice; jobs are now scheduled in UTC. | why did a timed task fire two times in one night?
u228 | Time zones for display come from the user's profile, not the browser. | whose clock setting decides the shown hours? | 显示时间用哪个时区？
u229 | Long text fields are limited to 10,000 characters at the API and in the database. | how much writing can a description hold? |
u230 | Uploaded file names are replaced by random ids; the original name is kept in metadata. | why do stored documents get odd labels? | 上传文件名会被改掉吗？
u231 | Markdown from users is sanitized with DOMPurify after rendering. | how do we stop script injection through formatted comments? |
u232 | Comments support mentions with @username that notify the mentioned user. | how do people ping a colleague in a discussion? | 评论里怎么提醒别人？
u233 | Notifications are batched into a digest when more than five arrive within ten minutes. | why do I sometimes get one summary instead of many alerts? |
u234 | Email bounce handling disables the address after three hard bounces. | what happens to a mailbox that keeps rejecting our messages? | 邮件退信几次后停用地址？
u235 | Feature requests are tracked in Linear; GitHub issues are only for open-source bugs. | where do product wishes get recorded? |
u236 | Architecture decisions are recorded as ADRs in docs/adr with a status line. | where do we write down why a design was chosen? | 架构决策记录放在哪里？
u237 | The README must explain how to run the service in under five commands. | how short should the getting-started instructions be? |
u238 | Runbooks live next to the alerts; every paging alert links to its runbook. | where do responders find what to do when woken up? | 告警处理手册在哪里？
u239 | Alert thresholds: page on error rate above 2 percent for 5 minutes. | when does a failing-request spike wake someone? |
u240 | Dashboards are defined as code in Grafana's jsonnet under observability/. | how are monitoring screens versioned? | Grafana看板怎么管理？
u241 | Traces use OpenTelemetry with W3C trace context headers between services. | how is one request followed across the system? |
u242 | Metrics are Prometheus; high-cardinality labels like user id are forbidden. | what must never be attached as a dimension to counters? | 指标标签不能用什么？
u243 | Log retention is 30 days in Loki and one year in cold storage. | how long are diagnostic messages kept? |
u244 | The service mesh is Linkerd; mTLS between pods is automatic. | how is traffic inside the cluster encrypted? | 服务间通信怎么加密？
u245 | Network policies deny all egress by default; each service declares what it calls. | can a pod reach any outside host? |
u246 | DNS for internal services uses the cluster domain svc.cluster.local. | how do pods find each other by name? | 内部服务的域名是什么？
u247 | Cron jobs in Kubernetes have concurrencyPolicy Forbid. | may two copies of a scheduled workload overlap? |
u248 | Horizontal pod autoscaling targets 70 percent CPU with a minimum of 3 replicas. | when does the cluster add more copies of a service? | 自动扩容的CPU阈值是多少？
u249 | Spot instances are used only for batch jobs, never for the API. | which workloads run on cheap interruptible machines? |
u250 | Cost alerts go to the team channel when monthly cloud spend exceeds the budget by 10 percent. | who hears about overspending on infrastructure? | 云成本超支怎么提醒？
u251 | The Lambda functions use arm64 because it is cheaper and faster for our workload. | which processor architecture do serverless handlers rely on?
u252 | Cold starts were reduced by moving the Lambda to a 1 GB memory setting. | how did we make first invocations quicker? | Lambda冷启动怎么优化的？
u253 | Step Functions orchestrate the onboarding workflow with retries per state. | what coordinates the multi-stage signup process?
u254 | DynamoDB tables use on-demand capacity except the sessions table, which is provisioned. | how is throughput paid for in the key-value store? | DynamoDB用什么计费模式？
u255 | The legacy FTP integration with the supplier was replaced by SFTP with key authentication. | how do we exchange files with the vendor now? |
u256 | Supplier price files arrive as XLSX every morning and are parsed with SheetJS. | how do we read the vendor's spreadsheets? | 供应商价格文件用什么解析？
u257 | The search ranking boosts products in stock and demotes those with long delivery times. | why do unavailable goods sink in results? |
u258 | The fraud check scores orders with a rules engine; scores above 80 are held for review. | what happens to suspicious purchases? | 风控分数多少会被拦截？
u259 | Chargebacks are handled manually by finance; the system only flags the order. | who deals with disputed card payments? |
u260 | GDPR consent records are kept for five years after consent is withdrawn. | how long do we hold proof that someone agreed to processing? | 同意记录保存多久？
u261 | Test fixtures are built with factory functions, never shared JSON files, so each test owns its data. | how do suites create their sample objects? |
u262 | Mocks of our own modules are forbidden in integration tests; only the network boundary is stubbed with msw. | what may be faked in the wider automated suites? | 集成测试可以mock什么？
u263 | Property-based tests with fast-check cover the price rounding functions. | how are the money math helpers verified with random inputs?
u264 | Mutation testing with Stryker runs weekly on the billing module. | how do we check that the invoicing suites would catch mistakes? | 变异测试多久跑一次？
u265 | Test names describe behaviour in the form "does X when Y". | how should a check's title be phrased? |
`;

const ZH_TABLE = `
z01 | 订单服务的数据库读写分离：写走主库，报表查询走只读副本。 | 报表查询走哪个库？ | where do reporting queries read from?
z02 | 日志统一用结构化JSON输出，字段名用小写下划线。 | 日志字段命名用什么风格？ | how are log field names written?
z03 | 接口返回的金额单位是分，前端负责格式化成元。 | 接口里的金额单位是什么？ | what unit do amounts in API responses use?
z04 | 小程序的包体积不能超过2MB，图片资源放到CDN。 | 小程序包体积限制是多少？ | how big may the mini program package be?
z05 | 每周三晚上十点做数据库备份演练，恢复时间要在一小时内。 | 备份演练在什么时候做？ | when do we rehearse restoring the database?
z06 | 代码评审至少需要两个人通过，核心模块需要架构师签字。 | 代码评审需要几个人通过？ | how many approvals does a review need?
z07 | 短信验证码有效期五分钟，同一手机号一分钟只能发一次。 | 验证码有效期多久？ | how long is a text message login code valid?
z08 | 用户头像上传后裁剪成正方形，最大512像素。 | 头像上传后怎么处理？ | what happens to a profile picture after upload?
z09 | 支付回调必须幂等，按支付流水号去重。 | 支付回调怎么去重？ | how do we deduplicate payment callbacks?
z10 | 灰度发布先放给内部员工，再放给百分之十的用户。 | 灰度发布先给谁？ | who gets a staged release first?
z11 | 定时任务统一用XXL-JOB调度，不允许在代码里写死cron。 | 定时任务用什么调度？ | which scheduler runs timed jobs?
z12 | 消息队列用RocketMQ，消费失败重试十六次后进入死信队列。 | 消费失败重试几次？ | how many times is a failed message retried?
z13 | 配置中心用Nacos，修改配置不需要重启服务。 | 修改配置需要重启吗？ | does changing a setting need a restart?
z14 | 所有对外接口都要做签名校验和时间戳防重放。 | 对外接口怎么防重放？ | how do public endpoints prevent replay attacks?
z15 | 前端项目用Vue 3和Vite，组件库是Element Plus。 | 前端用什么框架？ | which framework does the web frontend use?
z16 | 埋点数据先写到Kafka，再由Flink实时计算。 | 埋点数据怎么处理？ | how is tracking data processed?
z17 | 搜索服务用Elasticsearch，中文分词用IK分词器。 | 中文分词用什么？ | which tokenizer splits Chinese text in search?
z18 | 缓存统一用Redis，key必须带业务前缀和过期时间。 | Redis的key有什么要求？ | what rules apply to cache keys?
z19 | 发版窗口是每周二和周四下午，节假日前一天禁止发版。 | 什么时候可以发版？ | when are we allowed to release?
z20 | 生产数据库不允许直接连接，查询要走数据平台审批。 | 能直接连生产库吗？ | may I connect to the production database directly?
z21 | 接口超时统一设置为三秒，下游慢的要降级。 | 接口超时时间是多少？ | what is the standard endpoint timeout?
z22 | 文件存储用阿里云OSS，私有文件用临时签名链接访问。 | 私有文件怎么访问？ | how are private files accessed?
z23 | 单元测试覆盖率要求百分之七十以上，否则流水线失败。 | 单测覆盖率要求多少？ | what unit test coverage is required?
z24 | 用户手机号在数据库里加密存储，展示时中间四位打码。 | 手机号怎么存储？ | how are phone numbers stored?
z25 | 分布式锁用Redisson实现，锁的超时时间不超过三十秒。 | 分布式锁用什么实现？ | how is the distributed lock implemented?
z26 | 订单号由时间戳加机器号加序列号生成，保证全局唯一。 | 订单号怎么生成？ | how are order numbers generated?
z27 | 日志里不能打印身份证号和银行卡号。 | 日志里不能打印什么？ | what must never appear in logs?
z28 | 服务之间调用用Dubbo，对外提供HTTP接口。 | 服务间用什么调用？ | what do services use to call each other?
z29 | 数据库表名用小写加下划线，必须有创建时间和更新时间字段。 | 数据库表有什么规范？ | what are the table naming rules?
z30 | 线上问题先回滚再排查，不允许在生产环境直接调试。 | 线上出问题先做什么？ | what is the first thing to do when production breaks?
z31 | 安卓包用Gradle多渠道打包，渠道号写在APK注释里。 | 多渠道包怎么打？ | how are per-channel Android packages built?
z32 | 前端路由用history模式，Nginx要配置回退到index.html。 | Nginx需要怎么配置前端路由？ | how must the web server handle client-side routes?
z33 | 接口文档用Swagger生成，每次发版前要更新。 | 接口文档用什么生成？ | what generates the endpoint documentation?
z34 | 敏感操作要二次确认并记录操作日志。 | 敏感操作有什么要求？ | what do sensitive operations require?
z35 | 图片压缩用TinyPNG，上传前在前端压缩。 | 图片在哪里压缩？ | where are images compressed?
z36 | 服务器时区统一设为东八区，数据库存UTC时间。 | 数据库存什么时区的时间？ | which time zone does the database store?
z37 | 大促前一周冻结代码，只允许修复线上故障。 | 大促前什么时候冻结代码？ | when is code frozen before a big sale?
z38 | 接口限流用Sentinel，每个用户每秒最多十次请求。 | 接口限流用什么？ | what provides endpoint rate limiting?
z39 | 测试环境的数据每周一凌晨重置。 | 测试环境数据什么时候重置？ | when is the test environment data reset?
z40 | Git分支命名用feature/需求号，合并前必须rebase。 | 分支怎么命名？ | how are git branches named?
`;

/** Keyword, identifier and distractor questions (English), written with the table above. */
const EXTRA_QUERIES: { q: string; kind: UnseenKind; expect: string }[] = [
  // keyword: shares words with the answer
  { q: "declined card charge retry", kind: "keyword", expect: "u001" },
  { q: "Postgres connection pool size per replica", kind: "keyword", expect: "u002" },
  { q: "LaunchDarkly feature flags removal", kind: "keyword", expect: "u003" },
  { q: "nightly ETL Parquet partition", kind: "keyword", expect: "u004" },
  { q: "distroless base images", kind: "keyword", expect: "u006" },
  { q: "webhook signature HMAC raw body", kind: "keyword", expect: "u008" },
  { q: "CSV importer file size limit", kind: "keyword", expect: "u009" },
  { q: "argon2id password hashes", kind: "keyword", expect: "u011" },
  { q: "GraphQL query depth limit", kind: "keyword", expect: "u013" },
  { q: "presigned URL upload bucket", kind: "keyword", expect: "u019" },
  { q: "Kafka consumer offsets commit", kind: "keyword", expect: "u020" },
  { q: "problem+json error format", kind: "keyword", expect: "u021" },
  { q: "invoice email cron time", kind: "keyword", expect: "u023" },
  { q: "WebP resize uploads 1600 px", kind: "keyword", expect: "u025" },
  { q: "Sentry sampling transactions", kind: "keyword", expect: "u028" },
  { q: "BullMQ concurrent jobs", kind: "keyword", expect: "u032" },
  { q: "testcontainers Postgres Docker", kind: "keyword", expect: "u034" },
  { q: "Postmark email sending", kind: "keyword", expect: "u037" },
  { q: "Turborepo filter build", kind: "keyword", expect: "u038" },
  { q: "errgroup goroutines cancel", kind: "keyword", expect: "u041" },
  { q: "cursor pagination offset timeout", kind: "keyword", expect: "u043" },
  { q: "Firebase Cloud Messaging push notifications", kind: "keyword", expect: "u049" },
  { q: "ClamAV scan uploads sidecar", kind: "keyword", expect: "u050" },
  { q: "canary releases traffic percent", kind: "keyword", expect: "u057" },
  { q: "protobuf field numbers reserved", kind: "keyword", expect: "u063" },
  { q: "Renovate dependency updates Monday", kind: "keyword", expect: "u076" },
  { q: "Playwright seeded database reset", kind: "keyword", expect: "u081" },
  { q: "soft deletes purged after 90 days", kind: "keyword", expect: "u085" },
  { q: "Terraform state DynamoDB locking", kind: "keyword", expect: "u091" },
  { q: "nbstripout notebooks outputs", kind: "keyword", expect: "u095" },
  { q: "Fastlane App Store builds", kind: "keyword", expect: "u102" },
  { q: "row-level security tenant_id", kind: "keyword", expect: "u112" },
  { q: "k6 load tests requests per second", kind: "keyword", expect: "u115" },
  { q: "Sidekiq threads background jobs", kind: "keyword", expect: "u126" },
  { q: "Addressables Resources folders banned", kind: "keyword", expect: "u135" },
  { q: "refresh token reuse revokes family", kind: "keyword", expect: "u144" },
  { q: "Trivy critical CVEs block deploy", kind: "keyword", expect: "u152" },
  { q: "outbox table poller relay", kind: "keyword", expect: "u156" },
  { q: "idempotency keys payments 24 hours", kind: "keyword", expect: "u157" },
  { q: "stock reserved at checkout 15 minutes", kind: "keyword", expect: "u171" },
  { q: "Zustand state management Redux removed", kind: "keyword", expect: "u181" },
  { q: "advisory lock scheduler cron", kind: "keyword", expect: "u226" },
  { q: "OpenTelemetry trace context headers", kind: "keyword", expect: "u241" },
  { q: "Lambda arm64 cheaper", kind: "keyword", expect: "u251" },
  { q: "fast-check property-based price rounding", kind: "keyword", expect: "u263" },
  // identifier: a code name, path, env variable or number
  { q: "--pool=forks", kind: "identifier", expect: "u005" },
  { q: "src/data", kind: "identifier", expect: "u007" },
  { q: "max_connections", kind: "identifier", expect: "u002" },
  { q: "pnpm-lock.yaml", kind: "identifier", expect: "u016" },
  { q: "--frozen-lockfile", kind: "identifier", expect: "u016" },
  { q: "RFC 7807", kind: "identifier", expect: "u021" },
  { q: "#1A73E8", kind: "identifier", expect: "u045" },
  { q: "minSdk 26", kind: "identifier", expect: "u048" },
  { q: "/readyz", kind: "identifier", expect: "u056" },
  { q: "/healthz", kind: "identifier", expect: "u056" },
  { q: "Retry-After", kind: "identifier", expect: "u039" },
  { q: "CGO_ENABLED=0", kind: "identifier", expect: "u118" },
  { q: "go mod vendor", kind: "identifier", expect: "u119" },
  { q: "-Xmx", kind: "identifier", expect: "u120" },
  { q: "Dispatchers.IO", kind: "identifier", expect: "u123" },
  { q: "config/runtime.exs", kind: "identifier", expect: "u124" },
  { q: "contextIsolation", kind: "identifier", expect: "u137" },
  { q: "recollect.json", kind: "identifier", expect: "u140" },
  { q: "X-Internal-*", kind: "identifier", expect: "u142" },
  { q: "orders/state.ts", kind: "identifier", expect: "u174" },
  { q: "NEXT_PUBLIC_", kind: "identifier", expect: "u180" },
  { q: "openapi-typescript", kind: "identifier", expect: "u189" },
  { q: "scripts/seed.ts", kind: "identifier", expect: "u204" },
  { q: "4242 4242 4242 4242", kind: "identifier", expect: "u205" },
  { q: "9229", kind: "identifier", expect: "u208" },
  { q: "svc.cluster.local", kind: "identifier", expect: "u246" },
  { q: "concurrencyPolicy", kind: "identifier", expect: "u247" },
  { q: "eslint.config.js", kind: "identifier", expect: "u078" },
  { q: "values-prod.yaml", kind: "identifier", expect: "u092" },
  { q: "docs/adr", kind: "identifier", expect: "u236" },
  { q: "E.164", kind: "identifier", expect: "u166" },
  { q: "deleted_at", kind: "identifier", expect: "u085" },
  { q: "UUIDv7", kind: "identifier", expect: "u086" },
  { q: "object_action", kind: "identifier", expect: "u107" },
  // distractor: the words also point at other memories
  { q: "how long do refresh tokens live?", kind: "distractor", expect: "u143" },
  { q: "how long are uploaded originals kept?", kind: "distractor", expect: "u025" },
  { q: "which port is the management endpoint on?", kind: "distractor", expect: "u121" },
  { q: "how many times are webhooks retried?", kind: "distractor", expect: "u192" },
  { q: "what is the timeout of the load balancer?", kind: "distractor", expect: "u088" },
  { q: "how long are search results cached?", kind: "distractor", expect: "u223" },
  { q: "which Redis is used for the job queue?", kind: "distractor", expect: "u032" },
  { q: "how long are logs retained?", kind: "distractor", expect: "u243" },
  { q: "when do invoices get numbered?", kind: "distractor", expect: "u161" },
  { q: "which cookie keeps the guest cart?", kind: "distractor", expect: "u170" },
  { q: "how long is the presigned upload URL valid?", kind: "distractor", expect: "u019" },
  { q: "when does the sandbox reset?", kind: "distractor", expect: "u194" },
  { q: "what memory limit do pods have?", kind: "distractor", expect: "u055" },
  { q: "what is reserved for 15 minutes?", kind: "distractor", expect: "u171" },
  { q: "which test runner uses a seeded database?", kind: "distractor", expect: "u081" },
  { q: "how are Lambda cold starts reduced?", kind: "distractor", expect: "u252" },
  { q: "how long are access tokens valid?", kind: "distractor", expect: "u143" },
  { q: "when is the shader cache prewarmed?", kind: "distractor", expect: "u136" },
  { q: "how long are backups kept for point-in-time recovery?", kind: "distractor", expect: "u068" },
  { q: "which database do enterprise tenants get?", kind: "distractor", expect: "u113" },
];

export interface UnseenMemory {
  key: string;
  content: string;
  lang: "en" | "zh";
}
export interface UnseenQuery {
  q: string;
  kind: UnseenKind;
  expect: string;
}

const rows = (table: string) =>
  table
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => l.split("|").map((c) => c.trim()));

export const UNSEEN_MEMORIES: UnseenMemory[] = [
  ...rows(MEMORY_TABLE).map(([key, content]) => ({ key, content, lang: "en" as const })),
  ...rows(ZH_TABLE).map(([key, content]) => ({ key, content, lang: "zh" as const })),
];

export const UNSEEN_QUERIES: UnseenQuery[] = [
  ...rows(MEMORY_TABLE).flatMap(([key, , para, zh]) => [
    ...(para ? [{ q: para, kind: "paraphrase" as const, expect: key }] : []),
    ...(zh ? [{ q: zh, kind: "cross" as const, expect: key }] : []),
  ]),
  ...rows(ZH_TABLE).flatMap(([key, , zh, en]) => [
    { q: zh, kind: "zh" as const, expect: key },
    ...(en ? [{ q: en, kind: "cross" as const, expect: key }] : []),
  ]),
  ...EXTRA_QUERIES,
];
