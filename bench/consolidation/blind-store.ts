/**
 * The blind set of the consolidation benchmark (issue #38): a realistic store of five projects,
 * English and Chinese, written and labelled BEFORE any rule of lib/consolidation was changed
 * (see the git history: this file was committed before the first rule change).
 *
 * The mix is what real projects hold: many procedures and conventions that share vocabulary
 * (admin-panel procedures with different steps, deploy steps per service, naming conventions),
 * payment rules where a newer memory adds a rule, settings whose value changed, explicit
 * replacements, stale file references, plain facts. Every true pair is labelled in its family:
 *
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, or an explicit
 *   replacement, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 *
 * Anything not labelled is not a pair: procedures with different steps are not duplicates, a
 * newer rule that adds a rule does not contradict the older, the same frame about another
 * subject is another fact.
 *
 * Families are the unit of the split (`halfOf` below): a family's memories stay in one half,
 * chosen by a hash of the family id.
 */
import crypto from "node:crypto";

export interface BlindMemory {
  key: string;
  project: string;
  category: string;
  content: string;
  /** Days before now it was written. */
  ageDays: number;
}

export interface BlindFamily {
  id: string;
  project: string;
  memories: BlindMemory[];
  /** Unordered pairs (keys) that are the same fact; a cluster of three lists its three pairs. */
  merge: [string, string][];
  /** [newer, older]. */
  supersede: [string, string][];
  stale: string[];
  /** Files named by the family that are gone from the project's work tree. */
  deletedFiles: string[];
}

type Row = [local: string, category: string, ageDays: number, content: string];

const families: BlindFamily[] = [];

function family(
  id: string,
  project: string,
  rows: Row[],
  labels: { merge?: [string, string][]; supersede?: [string, string][]; stale?: string[]; deleted?: string[] } = {},
): void {
  const k = (local: string) => `${id}.${local}`;
  const locals = new Set(rows.map((r) => r[0]));
  for (const pair of [...(labels.merge ?? []), ...(labels.supersede ?? [])])
    for (const l of pair) if (!locals.has(l)) throw new Error(`family ${id}: label names unknown memory ${l}`);
  families.push({
    id,
    project,
    memories: rows.map(([local, category, ageDays, content]) => ({ key: k(local), project, category, content, ageDays })),
    merge: (labels.merge ?? []).map(([a, b]) => [k(a), k(b)]),
    supersede: (labels.supersede ?? []).map(([a, b]) => [k(a), k(b)]),
    stale: (labels.stale ?? []).map(k),
    deletedFiles: labels.deleted ?? [],
  });
}

// =============================================================================================
// shop: a Next.js storefront with Stripe payments and an admin panel (English)
// =============================================================================================

family(
  "shop-admin-procedures",
  "shop",
  [
    [
      "refund",
      "procedure",
      80,
      "To refund an order: open the admin panel, go to Orders, search the order number, click Refund, choose full or partial, then confirm.",
    ],
    ["ban", "procedure", 75, "To ban a user: open the admin panel, go to Users, search the email, open the profile, click Suspend account and pick a reason."],
    [
      "coupon",
      "procedure",
      70,
      "To create a coupon: open the admin panel, go to Marketing > Coupons, click New coupon, set the code, the discount and the expiry date, then Save.",
    ],
    [
      "stock",
      "procedure",
      66,
      "To adjust stock: open the admin panel, go to Products, open the product, edit the inventory count on the Variants tab, then Save.",
    ],
    [
      "banner",
      "procedure",
      60,
      "To change the homepage banner: open the admin panel, go to Content > Banners, upload the image (1600x400), set the link, then Publish.",
    ],
    [
      "export",
      "procedure",
      55,
      "To export orders as CSV: open the admin panel, go to Orders, set the date filter, click Export and wait for the email with the download link.",
    ],
    [
      "refund2",
      "procedure",
      12,
      "Refunding an order: in the admin panel open Orders, find the order by its number, press Refund, pick full or partial refund and confirm.",
    ],
  ],
  { merge: [["refund", "refund2"]] },
);

family(
  "shop-admin-access",
  "shop",
  [
    ["url", "fact", 90, "The admin panel is at https://shop.example.com/admin and needs an account with the staff role."],
    ["2fa", "constraint", 85, "Staff accounts must have two-factor authentication enabled before they can open the admin panel."],
    ["roles", "fact", 50, "Admin panel roles: staff can view orders, managers can refund, owners can change payment settings."],
    ["url2", "fact", 20, "The admin panel lives at https://shop.example.com/admin; only accounts with the staff role can log in."],
  ],
  { merge: [["url", "url2"]] },
);

family(
  "shop-stripe-rules",
  "shop",
  [
    ["webhook", "directive", 120, "Always verify Stripe webhook signatures with STRIPE_WEBHOOK_SECRET before trusting the event."],
    ["webhook-log", "directive", 30, "Always verify Stripe webhook signatures, and never log the raw webhook payload: it contains customer emails."],
    ["idempotency", "convention", 110, "Send an Idempotency-Key header with every Stripe create call (payment intents, refunds, customers)."],
    ["amounts", "convention", 100, "Stripe amounts are integers in the smallest currency unit: 10.00 EUR is 1000."],
    ["test-keys", "directive", 95, "Use Stripe test keys (sk_test_...) in staging and in local development."],
    ["live-keys", "directive", 25, "Never use Stripe live keys outside production."],
    ["amounts2", "gotcha", 15, "Stripe wants amounts in cents (the smallest currency unit), so 10.00 EUR must be sent as 1000, not 10."],
  ],
  { merge: [["amounts", "amounts2"]] },
);

family(
  "shop-stripe-api-version",
  "shop",
  [
    ["v-old", "fact", 200, "The Stripe API version pinned in the dashboard is 2023-10-16."],
    ["v-new", "fact", 18, "The Stripe API version pinned in the dashboard is 2024-06-20."],
    ["sdk", "fact", 40, "The stripe npm package is pinned to 14.25.0 because 15.x changed the types of PaymentIntent."],
  ],
  { supersede: [["v-new", "v-old"]] },
);

family(
  "shop-env",
  "shop",
  [
    ["env1", "directive", 60, "Never commit the `.env` file; it holds the Stripe keys and the database URL."],
    ["env2", "directive", 8, "Never commit the `.env` file: it holds the Stripe keys and the database URL for local development."],
    ["env-example", "convention", 58, "Every new variable goes into `.env.example` with a dummy value and a comment."],
    ["env-local", "fact", 45, "Next.js reads `.env.local` after `.env`, so a value in `.env.local` wins locally."],
  ],
  { merge: [["env1", "env2"]] },
);

family(
  "shop-checkout-settings",
  "shop",
  [
    ["timeout-old", "fact", 150, "The checkout session expires after 30 minutes of inactivity."],
    ["timeout-new", "fact", 22, "The checkout session now expires after 15 minutes of inactivity."],
    ["cart", "fact", 140, "The cart is kept for 7 days in a cookie named shop_cart."],
    ["free-ship-old", "fact", 130, "Free shipping starts at 50 EUR order value."],
    ["free-ship-new", "decision", 10, "Free shipping threshold raised from 50 EUR to 75 EUR order value."],
    ["tax", "fact", 100, "Prices in the catalogue include VAT; the invoice shows the VAT separately."],
  ],
  {
    supersede: [
      ["timeout-new", "timeout-old"],
      ["free-ship-new", "free-ship-old"],
    ],
  },
);

family(
  "shop-email",
  "shop",
  [
    ["mailgun", "decision", 160, "Transactional email (order confirmation, password reset) goes through Mailgun."],
    ["postmark", "decision", 14, "We replaced Mailgun with Postmark for transactional email; the Mailgun domain is shut down."],
    ["templates", "convention", 90, "Email templates are React Email components in emails/; preview them with npm run email:dev."],
    ["newsletter", "fact", 80, "The newsletter is sent from Mailchimp, not from the app."],
  ],
  { supersede: [["postmark", "mailgun"]] },
);

family(
  "shop-deploy-procedures",
  "shop",
  [
    [
      "web",
      "procedure",
      70,
      "Deploy the storefront: merge to main, wait for the Vercel preview to pass, then promote the preview to production in the Vercel dashboard.",
    ],
    [
      "worker",
      "procedure",
      68,
      "Deploy the order worker: build the Docker image with make worker-image, push it to the registry, then run fly deploy -a shop-worker.",
    ],
    [
      "db",
      "procedure",
      65,
      "Deploy a database migration: run npm run db:migrate against staging, check the admin panel still loads, then run it against production.",
    ],
    [
      "rollback",
      "procedure",
      40,
      "Roll back the storefront: in the Vercel dashboard open Deployments, pick the previous production deployment and click Promote.",
    ],
    [
      "web2",
      "procedure",
      11,
      "Storefront deploys: merge into main, let the Vercel preview go green, then promote that preview to production from the Vercel dashboard.",
    ],
  ],
  { merge: [["web", "web2"]] },
);

family(
  "shop-naming",
  "shop",
  [
    ["components", "convention", 150, "Name React components in PascalCase and put one component in each file."],
    ["hooks", "convention", 148, "Name React hooks useSomething and keep them in hooks/."],
    ["tables", "convention", 146, "Name database tables in snake_case, plural (order_items, not OrderItem)."],
    ["branches", "convention", 144, "Name branches feat/<ticket>-<slug> or fix/<ticket>-<slug>."],
    ["env-vars", "convention", 142, "Name environment variables in SCREAMING_SNAKE_CASE with a SHOP_ prefix for our own ones."],
    ["tables2", "convention", 9, "Database tables are named in plural snake_case, for example order_items rather than OrderItem."],
  ],
  { merge: [["tables", "tables2"]] },
);

family(
  "shop-stale-files",
  "shop",
  [
    ["tax-old", "fact", 200, "The VAT rates per country are hard-coded in lib/tax/legacy-rates.ts."],
    ["tax-new", "fact", 30, "VAT rates come from the tax API; the client is lib/tax/client.ts."],
    ["paypal", "gotcha", 210, "The PayPal button in components/checkout/PayPalButton.tsx breaks when the cart has more than 100 lines."],
    ["slug", "fact", 90, "Product slugs are generated in lib/catalog/slug.ts from the product name."],
  ],
  { supersede: [["tax-new", "tax-old"]], stale: ["tax-old", "paypal"], deleted: ["lib/tax/legacy-rates.ts", "components/checkout/PayPalButton.tsx"] },
);

family(
  "shop-testing",
  "shop",
  [
    ["unit", "convention", 120, "Unit tests live next to the code as *.test.ts and run with Vitest."],
    ["e2e", "convention", 118, "End-to-end tests are Playwright specs in e2e/ and run against a seeded database."],
    ["stripe-mock", "gotcha", 100, "The e2e checkout test uses Stripe test card 4242 4242 4242 4242; 4000 0000 0000 9995 fails with insufficient funds."],
    ["seed", "procedure", 90, "Seed the local database with npm run db:seed; it creates 50 products and an admin user admin@shop.test."],
    ["unit2", "convention", 16, "We keep unit tests beside the source file (foo.test.ts next to foo.ts) and run them with Vitest."],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "shop-node-version",
  "shop",
  [
    ["node18", "fact", 300, "The project runs on Node 18 (see .nvmrc)."],
    ["node20", "fact", 35, "The project runs on Node 20 (see .nvmrc)."],
    ["pnpm", "convention", 290, "Use pnpm, not npm or yarn, for installing packages."],
  ],
  { supersede: [["node20", "node18"]] },
);

family("shop-images", "shop", [
  ["cdn", "fact", 100, "Product images are served from Cloudinary with f_auto,q_auto in the URL."],
  ["size", "convention", 95, "Upload product photos at 2000x2000 px; the storefront asks Cloudinary for smaller sizes."],
  ["alt", "directive", 60, "Every product image needs alt text; the admin panel refuses to publish a product without it."],
]);

family(
  "shop-search",
  "shop",
  [
    ["algolia", "decision", 180, "Product search uses Algolia, index shop_products."],
    ["meili", "decision", 20, "Switched from Algolia to Meilisearch for product search to cut costs; index products."],
    ["reindex", "procedure", 50, "After a bulk import, reindex the products with npm run search:reindex."],
    ["synonyms", "fact", 45, "Search synonyms (tee = t-shirt, sneaker = trainer) are kept in search/synonyms.json."],
  ],
  { supersede: [["meili", "algolia"]] },
);

family(
  "shop-orders-facts",
  "shop",
  [
    ["states", "fact", 100, "An order goes pending -> paid -> fulfilled -> delivered; cancelled is possible until fulfilled."],
    ["numbers", "fact", 98, "Order numbers look like SH-2024-000123 and are generated by a Postgres sequence."],
    ["fulfil", "fact", 96, "Fulfilment is done by the warehouse through the ShipBob API; we only send the order."],
    ["states2", "fact", 28, "Order states: pending, paid, fulfilled, delivered; an order can be cancelled until it is fulfilled."],
  ],
  { merge: [["states", "states2"]] },
);

family(
  "shop-perf",
  "shop",
  [
    ["isr", "decision", 90, "Product pages use ISR with revalidate 60 seconds."],
    ["isr2", "decision", 12, "Product pages use ISR with revalidate 300 seconds."],
    ["img", "gotcha", 70, "next/image on product pages needs the Cloudinary domain in next.config.js images.remotePatterns."],
    ["lcp", "fact", 50, "The LCP budget for the product page is 2.5 s on a mid-range phone."],
  ],
  { supersede: [["isr2", "isr"]] },
);

// =============================================================================================
// atlas: a Python data platform (Airflow, dbt, Snowflake) (English)
// =============================================================================================

family(
  "atlas-airflow-procedures",
  "atlas",
  [
    ["backfill", "procedure", 90, "To backfill a DAG: airflow dags backfill -s 2024-01-01 -e 2024-01-31 <dag_id>, then check the task logs in the Airflow UI."],
    ["clear", "procedure", 85, "To rerun a failed task: open the DAG in the Airflow UI, click the red task, Clear, keep downstream selected, confirm."],
    ["pause", "procedure", 80, "To pause a DAG during an incident: toggle it off in the Airflow UI and post in #data-incidents."],
    ["add-dag", "procedure", 75, "To add a DAG: create dags/<team>/<name>.py, add an owner and tags, open a PR; CI runs airflow dags test."],
    [
      "connections",
      "procedure",
      70,
      "To add a connection: in the Airflow UI go to Admin > Connections, click +, fill in the host and the secret name from Vault.",
    ],
    [
      "clear2",
      "procedure",
      10,
      "Rerunning a failed Airflow task: open its DAG in the UI, click the failed (red) task, choose Clear with downstream, and confirm.",
    ],
  ],
  { merge: [["clear", "clear2"]] },
);

family(
  "atlas-dbt-conventions",
  "atlas",
  [
    ["staging", "convention", 150, "dbt staging models are named stg_<source>__<table> and only rename and cast columns."],
    ["marts", "convention", 148, "dbt mart models are named fct_<event> or dim_<entity> and live in models/marts/<domain>/."],
    ["tests", "convention", 146, "Every dbt model has unique and not_null tests on its primary key."],
    ["docs", "convention", 144, "Every dbt model has a description in its schema.yml; CI fails without one."],
    ["staging2", "convention", 20, "Name dbt staging models stg_<source>__<table>; they only rename and cast, no joins."],
  ],
  { merge: [["staging", "staging2"]] },
);

family(
  "atlas-warehouse",
  "atlas",
  [
    ["redshift", "decision", 400, "The warehouse is Amazon Redshift, cluster atlas-prod in eu-west-1."],
    ["snowflake", "decision", 60, "We migrated the warehouse from Redshift to Snowflake (account atlas.eu-west-1); Redshift is read-only until June."],
    ["wh-size", "fact", 50, "The Snowflake warehouse TRANSFORM_WH is size MEDIUM and auto-suspends after 60 seconds."],
    ["wh-size2", "fact", 7, "The Snowflake warehouse TRANSFORM_WH is size LARGE and auto-suspends after 60 seconds."],
    ["roles", "fact", 45, "Snowflake roles: TRANSFORMER writes the marts, REPORTER only reads them."],
  ],
  {
    supersede: [
      ["snowflake", "redshift"],
      ["wh-size2", "wh-size"],
    ],
  },
);

family(
  "atlas-schedules",
  "atlas",
  [
    ["daily", "fact", 100, "The daily load DAG runs at 02:00 UTC."],
    ["daily2", "fact", 15, "The daily load DAG runs at 04:00 UTC."],
    ["hourly", "fact", 99, "The hourly events DAG runs at minute 15 of every hour."],
    ["sla", "constraint", 90, "The finance marts must be ready by 07:00 CET on weekdays."],
  ],
  { supersede: [["daily2", "daily"]] },
);

family(
  "atlas-python",
  "atlas",
  [
    ["poetry", "convention", 300, "Use Poetry for dependencies; commit poetry.lock."],
    ["uv", "convention", 40, "We switched from Poetry to uv for dependencies; commit uv.lock."],
    ["ruff", "convention", 200, "Lint and format with ruff; black is no longer used."],
    ["types", "convention", 190, "Type hints everywhere; mypy runs in strict mode in CI."],
    ["py", "fact", 180, "The platform runs on Python 3.11."],
    ["py2", "fact", 25, "The platform runs on Python 3.12."],
  ],
  {
    supersede: [
      ["uv", "poetry"],
      ["py2", "py"],
    ],
  },
);

family(
  "atlas-pii",
  "atlas",
  [
    ["hash", "directive", 120, "Hash email addresses with SHA-256 and the salt from Vault before they leave the staging layer."],
    ["no-pii-logs", "directive", 110, "Never print rows with personal data in Airflow task logs."],
    ["retention", "constraint", 100, "Raw event data is deleted after 400 days (GDPR retention policy)."],
    [
      "hash2",
      "directive",
      30,
      "Email addresses must be hashed (SHA-256 with the Vault salt) before leaving the staging layer; the analysts never see them in clear.",
    ],
    ["access", "constraint", 90, "Access to the raw schema needs a ticket approved by the data protection officer."],
  ],
  { merge: [["hash", "hash2"]] },
);

family(
  "atlas-incidents",
  "atlas",
  [
    ["late", "gotcha", 80, "When the Segment export is late, the hourly DAG succeeds with zero rows; check the row count sensor, not the DAG status."],
    ["dup", "gotcha", 70, "Duplicated events come from mobile retries; deduplicate on event_id in the staging model."],
    ["tz", "gotcha", 60, "Timestamps from the billing source are in Europe/Berlin, not UTC; convert them in stg_billing__invoices."],
    ["late2", "gotcha", 8, "A late Segment export makes the hourly DAG succeed with 0 rows, so watch the row count sensor rather than the DAG status."],
  ],
  { merge: [["late", "late2"]] },
);

family(
  "atlas-stale",
  "atlas",
  [
    ["old-loader", "fact", 250, "The S3 loader lives in plugins/loaders/s3_legacy.py and reads the manifest files."],
    ["old-config", "procedure", 240, "Edit config/redshift_clusters.yml to add a Redshift user."],
    ["current", "fact", 20, "The loaders live in atlas/loaders/; the S3 one is atlas/loaders/s3.py."],
  ],
  { supersede: [["current", "old-loader"]], stale: ["old-loader", "old-config"], deleted: ["plugins/loaders/s3_legacy.py", "config/redshift_clusters.yml"] },
);

family(
  "atlas-dashboards",
  "atlas",
  [
    ["looker", "decision", 200, "Dashboards are built in Looker; the LookML repo is atlas-lookml."],
    ["metabase", "decision", 30, "Looker is being retired; new dashboards go into Metabase."],
    ["kpi", "fact", 100, "The weekly KPI dashboard reads fct_orders and dim_customers."],
  ],
  { supersede: [["metabase", "looker"]] },
);

family(
  "atlas-ci",
  "atlas",
  [
    ["slim", "procedure", 100, "CI runs dbt build --select state:modified+ against a clone of production."],
    ["sqlfluff", "convention", 95, "SQL is linted with sqlfluff, dialect snowflake, in CI and in pre-commit."],
    ["ci-time", "fact", 60, "The CI run takes about 12 minutes; most of it is the dbt build."],
    ["ci-time2", "fact", 5, "The CI run takes about 25 minutes; most of it is the dbt build."],
  ],
  { supersede: [["ci-time2", "ci-time"]] },
);

// =============================================================================================
// hetu: a Go microservice backend, Chinese team (Chinese)
// =============================================================================================

family(
  "hetu-admin-procedures",
  "hetu",
  [
    ["reset", "procedure", 80, "重置用户密码：登录管理后台，进入用户管理，搜索手机号，点击重置密码，短信会发给用户。"],
    ["ban", "procedure", 76, "封禁用户：登录管理后台，进入用户管理，搜索用户ID，点击封禁并填写原因。"],
    ["refund", "procedure", 72, "退款流程：登录管理后台，进入订单管理，找到订单号，点击退款，选择原路退回，提交财务审核。"],
    ["notice", "procedure", 68, "发布公告：登录管理后台，进入运营配置，新建公告，选择生效时间，点击发布。"],
    ["export", "procedure", 64, "导出报表：登录管理后台，进入数据报表，选择日期范围，点击导出，文件会发到邮箱。"],
    ["refund2", "procedure", 9, "订单退款：在管理后台打开订单管理，按订单号找到订单，点击退款并选择原路退回，然后提交给财务审核。"],
  ],
  { merge: [["refund", "refund2"]] },
);

family(
  "hetu-go-conventions",
  "hetu",
  [
    ["errors", "convention", 150, "错误必须用 fmt.Errorf 加 %w 包装，不要直接返回底层错误。"],
    ["ctx", "convention", 148, "所有对外调用的函数第一个参数都是 context.Context。"],
    ["log", "convention", 146, "日志统一使用 zap，字段名用小写下划线。"],
    ["pkg", "convention", 144, "包名用小写单词，不要用下划线或驼峰。"],
    ["test", "convention", 142, "单元测试用表驱动写法，文件名以 _test.go 结尾。"],
    ["log2", "convention", 18, "日志统一用 zap 输出，字段名一律使用小写加下划线。"],
  ],
  { merge: [["log", "log2"]] },
);

family(
  "hetu-config-values",
  "hetu",
  [
    ["pool", "fact", 120, "订单服务的数据库连接池大小是 50。"],
    ["pool2", "fact", 14, "订单服务的数据库连接池大小是 100。"],
    ["timeout", "fact", 110, "支付回调的超时时间是 5 秒。"],
    ["user-pool", "fact", 100, "用户服务的数据库连接池大小是 30。"],
    ["retry", "fact", 90, "支付回调失败后最多重试 3 次，间隔指数退避。"],
  ],
  { supersede: [["pool2", "pool"]] },
);

family(
  "hetu-replacements",
  "hetu",
  [
    ["etcd", "decision", 300, "服务发现使用 etcd。"],
    ["consul", "decision", 40, "服务发现不再使用 etcd，改用 Consul。"],
    ["mq", "decision", 280, "消息队列采用 RabbitMQ。"],
    ["kafka", "decision", 35, "消息队列已经从 RabbitMQ 迁移到 Kafka，旧的交换机下个月删除。"],
    ["cache", "decision", 270, "缓存使用 Redis 集群，三主三从。"],
    ["trace", "decision", 200, "链路追踪使用 Jaeger。"],
  ],
  {
    supersede: [
      ["consul", "etcd"],
      ["kafka", "mq"],
    ],
  },
);

family(
  "hetu-deploy-procedures",
  "hetu",
  [
    ["order", "procedure", 70, "发布订单服务：合并到 release 分支，等 Jenkins 构建镜像，然后在 K8s 控制台把 order-svc 的镜像版本改成新 tag。"],
    ["user", "procedure", 68, "发布用户服务：先在预发环境跑冒烟测试，通过后在 K8s 控制台滚动更新 user-svc。"],
    ["gateway", "procedure", 66, "发布网关：修改 nginx 配置后先执行 nginx -t 检查，再 reload，最后观察 5 分钟错误率。"],
    ["hotfix", "procedure", 50, "紧急修复：从 master 拉 hotfix 分支，修复后直接发到生产，事后补 code review。"],
    ["order2", "procedure", 10, "订单服务上线步骤：代码合到 release 分支，Jenkins 打好镜像后，在 K8s 控制台把 order-svc 镜像改成新的 tag。"],
  ],
  { merge: [["order", "order2"]] },
);

family(
  "hetu-rules",
  "hetu",
  [
    ["friday", "directive", 100, "周五下午不要发布生产环境。"],
    ["review", "directive", 95, "所有合并到 master 的代码都必须经过至少一人评审。"],
    ["review2", "directive", 20, "合并到 master 的代码至少需要两人评审，并且 CI 必须通过。"],
    ["sql", "directive", 90, "生产数据库的 DDL 变更必须走 DBA 审批。"],
    ["sql2", "directive", 15, "生产数据库的 DDL 变更必须走 DBA 审批，并且只能在凌晨 2 点到 4 点之间执行。"],
  ],
  { supersede: [["review2", "review"]], merge: [["sql", "sql2"]] },
);

family(
  "hetu-stale",
  "hetu",
  [
    ["old-proto", "fact", 220, "订单接口的 proto 定义在 api/proto/order_v1.proto。"],
    ["old-script", "procedure", 210, "数据修复用 scripts/fix_order_status.sh 脚本执行。"],
    ["new-proto", "fact", 20, "订单接口的 proto 定义在 api/proto/order/v2/order.proto。"],
  ],
  { supersede: [["new-proto", "old-proto"]], stale: ["old-proto", "old-script"], deleted: ["api/proto/order_v1.proto", "scripts/fix_order_status.sh"] },
);

family(
  "hetu-payment",
  "hetu",
  [
    ["sign", "directive", 130, "微信支付回调必须校验签名，校验失败直接返回 FAIL。"],
    ["sign-log", "directive", 25, "微信支付回调必须校验签名，并且不要把回调原文写进日志。"],
    ["amount", "convention", 120, "金额一律用分为单位的整数存储，不要用浮点数。"],
    ["alipay", "fact", 110, "支付宝接入使用 RSA2 签名，公钥放在配置中心。"],
    ["amount2", "convention", 12, "所有金额都以分为单位、用整数存储，禁止使用浮点数。"],
  ],
  { merge: [["amount", "amount2"]] },
);

family(
  "hetu-facts",
  "hetu",
  [
    ["go", "fact", 300, "后端服务使用 Go 1.21 编写。"],
    ["go2", "fact", 30, "后端服务使用 Go 1.22 编写。"],
    ["mysql", "fact", 250, "主库是 MySQL 8.0，部署在阿里云 RDS。"],
    ["oncall", "fact", 100, "值班表在飞书文档里，每周一交接。"],
    ["oncall2", "fact", 10, "值班表放在飞书文档中，每周一进行交接。"],
  ],
  { supersede: [["go2", "go"]], merge: [["oncall", "oncall2"]] },
);

// =============================================================================================
// relay: a React Native mobile app, mixed English and Chinese notes
// =============================================================================================

family(
  "relay-release-procedures",
  "relay",
  [
    [
      "ios",
      "procedure",
      90,
      "Release iOS: bump the version in app.json, run eas build -p ios, then submit with eas submit -p ios and fill in the App Store notes.",
    ],
    ["android", "procedure", 88, "Release Android: bump versionCode in app.json, run eas build -p android, upload the AAB to the Play Console internal track."],
    ["ota", "procedure", 85, "Ship a JS-only fix: run eas update --branch production with a message; no store review needed."],
    ["hotfix", "procedure", 60, "Hotfix a crash: reproduce it with the Sentry breadcrumbs, fix on a hotfix branch, then ship it with eas update."],
    [
      "ios2",
      "procedure",
      14,
      "iOS release: increase the version in app.json, build with eas build -p ios, submit with eas submit -p ios and write the App Store notes.",
    ],
  ],
  { merge: [["ios", "ios2"]] },
);

family(
  "relay-state",
  "relay",
  [
    ["redux", "decision", 300, "App state is managed with Redux Toolkit."],
    ["zustand", "decision", 45, "We replaced Redux Toolkit with Zustand for app state; the slices were rewritten as stores."],
    ["query", "decision", 280, "Server data is fetched with TanStack Query, cache time 5 minutes."],
    ["query2", "decision", 20, "Server data is fetched with TanStack Query, cache time 10 minutes."],
    ["mmkv", "decision", 100, "Persisted settings live in MMKV, not AsyncStorage."],
  ],
  {
    supersede: [
      ["zustand", "redux"],
      ["query2", "query"],
    ],
  },
);

family(
  "relay-zh-notes",
  "relay",
  [
    ["push", "gotcha", 100, "安卓推送在小米手机上需要单独接入小米推送通道，否则后台收不到通知。"],
    ["push2", "gotcha", 20, "小米手机上的安卓推送必须单独接入小米推送通道，不然应用在后台时收不到通知。"],
    ["font", "gotcha", 90, "iOS 上自定义字体要在 Info.plist 里注册，否则会回退到系统字体。"],
    ["perm", "convention", 80, "申请相机和相册权限前先弹出说明页，说明用途。"],
  ],
  { merge: [["push", "push2"]] },
);

family(
  "relay-api",
  "relay",
  [
    ["base", "fact", 150, "The app talks to https://api.relay.app/v1; staging is https://staging-api.relay.app/v1."],
    ["base2", "fact", 12, "The app talks to https://api.relay.app/v2; staging is https://staging-api.relay.app/v2."],
    ["auth", "fact", 140, "Access tokens live 15 minutes; the refresh token is stored in the keychain."],
    ["retry", "convention", 130, "Retry failed GET requests twice with backoff; never retry POST requests automatically."],
  ],
  { supersede: [["base2", "base"]] },
);

family(
  "relay-stale",
  "relay",
  [
    ["old-nav", "fact", 200, "Navigation is set up in src/navigation/LegacyRouter.tsx with react-navigation 5."],
    ["new-nav", "fact", 30, "Navigation uses expo-router; the routes are the files under app/."],
  ],
  { supersede: [["new-nav", "old-nav"]], stale: ["old-nav"], deleted: ["src/navigation/LegacyRouter.tsx"] },
);

family(
  "relay-testing",
  "relay",
  [
    ["jest", "convention", 120, "Component tests use Jest with @testing-library/react-native."],
    ["detox", "convention", 110, "End-to-end tests run with Detox on an iPhone 15 simulator."],
    ["maestro", "convention", 25, "End-to-end tests no longer use Detox; they are Maestro flows in .maestro/."],
    ["snap", "directive", 100, "Do not add snapshot tests; they break on every style change."],
  ],
  { supersede: [["maestro", "detox"]] },
);

// =============================================================================================
// ledger: an accounting SaaS (English and Chinese memories mixed in one project)
// =============================================================================================

family(
  "ledger-invoices",
  "ledger",
  [
    ["number", "convention", 140, "Invoice numbers are INV-<year>-<5 digits>, never reused, even for a cancelled invoice."],
    ["pdf", "fact", 130, "Invoice PDFs are rendered with Puppeteer from the /invoices/:id/print page."],
    ["due", "fact", 120, "The default payment term is 14 days."],
    ["due2", "fact", 11, "The default payment term is 30 days."],
    ["number2", "convention", 30, "An invoice number (INV-<year>-<5 digits>) is never reused, not even after the invoice was cancelled."],
  ],
  { supersede: [["due2", "due"]], merge: [["number", "number2"]] },
);

family(
  "ledger-stripe",
  "ledger",
  [
    ["billing", "fact", 150, "Subscriptions are billed with Stripe Billing; plans are Stripe prices with lookup keys starter, team and business."],
    ["proration", "directive", 90, "Always prorate when a customer upgrades mid-cycle."],
    ["proration-down", "directive", 20, "Always prorate upgrades mid-cycle; downgrades take effect at the next renewal instead."],
    ["tax", "fact", 80, "Stripe Tax computes VAT; the customer's VAT ID is stored on the Stripe customer."],
    ["dunning", "fact", 70, "Failed payments are retried by Stripe Smart Retries for 3 weeks, then the subscription is cancelled."],
  ],
  { merge: [["proration", "proration-down"]] },
);

family(
  "ledger-zh",
  "ledger",
  [
    ["currency", "convention", 100, "金额字段统一存为整数分，币种单独一列。"],
    ["rate", "fact", 95, "汇率每天早上 6 点从欧洲央行同步一次。"],
    ["rate2", "fact", 10, "汇率每天早上 8 点从欧洲央行同步一次。"],
    ["close", "procedure", 90, "月结流程：先锁定上月凭证，再生成试算平衡表，最后导出给会计师。"],
    ["close2", "procedure", 15, "月结步骤：锁定上个月的凭证，生成试算平衡表，然后导出交给会计师。"],
  ],
  { supersede: [["rate2", "rate"]], merge: [["close", "close2"]] },
);

family(
  "ledger-infra",
  "ledger",
  [
    ["heroku", "decision", 400, "The API is hosted on Heroku, two standard-2x dynos."],
    ["render", "decision", 50, "The API moved off Heroku to Render; the Heroku app is kept for one month as a fallback."],
    ["pg", "fact", 300, "The database is Postgres 14 on Heroku Postgres."],
    ["pg2", "fact", 40, "The database is Postgres 16 on Render."],
    ["backup", "fact", 100, "Database backups run nightly and are kept for 30 days."],
  ],
  {
    supersede: [
      ["render", "heroku"],
      ["pg2", "pg"],
    ],
  },
);

family(
  "ledger-conventions",
  "ledger",
  [
    ["money", "convention", 200, "Never use floats for money; use integer cents and the Dinero.js helpers."],
    ["dates", "convention", 190, "Store dates as UTC timestamps; show them in the company's time zone."],
    ["audit", "convention", 180, "Every change to an invoice writes a row in audit_log with the user and the diff."],
    ["money2", "convention", 15, "Money is never a float: amounts are integer cents handled with the Dinero.js helpers."],
    ["api", "convention", 170, "API errors are RFC 7807 problem+json with a stable type URL."],
  ],
  { merge: [["money", "money2"]] },
);

// =============================================================================================
// More of each project: stale references, settings, rules that add rules, shared frames
// =============================================================================================

family(
  "shop-stale-2",
  "shop",
  [
    ["cron", "procedure", 190, "The abandoned-cart emails are sent by scripts/cron/abandoned_cart.js every hour."],
    ["wishlist", "fact", 180, "The wishlist API is in pages/api/wishlist.ts (pages router)."],
    ["wishlist-new", "fact", 20, "The wishlist API is app/api/wishlist/route.ts."],
    ["mixed", "fact", 25, "scripts/cron/abandoned_cart.js was replaced; the job is now app/api/cron/abandoned-cart/route.ts."],
  ],
  {
    supersede: [
      ["mixed", "cron"],
      ["wishlist-new", "wishlist"],
    ],
    stale: ["cron", "wishlist"],
    deleted: ["scripts/cron/abandoned_cart.js", "pages/api/wishlist.ts"],
  },
);

family(
  "shop-reviews",
  "shop",
  [
    ["moderation", "directive", 100, "Product reviews with a link are held for moderation in the admin panel."],
    ["moderation2", "directive", 15, "Product reviews with a link are held for moderation; reviews with a phone number are rejected automatically."],
    ["stars", "fact", 90, "The average rating is recomputed by a Postgres trigger on the reviews table."],
    ["photos", "convention", 80, "Review photos are limited to 4 per review and 5 MB each."],
    ["photos2", "convention", 10, "Review photos are limited to 6 per review and 5 MB each."],
  ],
  { merge: [["moderation", "moderation2"]], supersede: [["photos2", "photos"]] },
);

family(
  "shop-security",
  "shop",
  [
    ["csp", "constraint", 150, "The storefront sends a strict Content-Security-Policy; inline scripts need the nonce from middleware.ts."],
    ["cookies", "constraint", 140, "Session cookies are HttpOnly, Secure and SameSite=Lax."],
    ["rate", "fact", 130, "The login endpoint allows 5 attempts per minute per IP."],
    ["rate2", "fact", 12, "The login endpoint allows 10 attempts per minute per IP."],
    ["csp2", "constraint", 9, "Inline scripts on the storefront need the CSP nonce set in middleware.ts, because the Content-Security-Policy is strict."],
  ],
  { supersede: [["rate2", "rate"]], merge: [["csp", "csp2"]] },
);

family(
  "atlas-sensors",
  "atlas",
  [
    ["sensor", "convention", 100, "Use deferrable sensors (mode reschedule) so a waiting sensor does not hold a worker slot."],
    ["timeout", "fact", 90, "Sensors time out after 6 hours by default."],
    ["timeout2", "fact", 10, "Sensors time out after 3 hours by default."],
    ["pool", "fact", 85, "The Airflow default pool has 32 slots; the snowflake pool has 8."],
    ["retries", "convention", 80, "Tasks retry 3 times with a 5 minute delay; set retries=0 for tasks that send emails."],
  ],
  { supersede: [["timeout2", "timeout"]] },
);

family(
  "atlas-stale-2",
  "atlas",
  [
    ["macro", "fact", 160, "The surrogate key macro is in macros/legacy/generate_key.sql."],
    ["notebook", "procedure", 150, "The churn analysis is reproduced by running notebooks/churn_2023.ipynb top to bottom."],
    ["macro-now", "fact", 20, "Surrogate keys use dbt_utils.generate_surrogate_key; there is no macro of our own."],
  ],
  { supersede: [["macro-now", "macro"]], stale: ["macro", "notebook"], deleted: ["macros/legacy/generate_key.sql", "notebooks/churn_2023.ipynb"] },
);

family(
  "atlas-quality",
  "atlas",
  [
    ["freshness", "constraint", 100, "Source freshness: warn after 2 hours, error after 6 hours."],
    ["freshness2", "constraint", 10, "Source freshness: warn after 1 hour, error after 3 hours."],
    ["anomaly", "fact", 90, "Row count anomalies are flagged by Elementary and posted to #data-alerts."],
    ["anomaly2", "fact", 12, "Elementary flags row count anomalies and posts them in the #data-alerts channel."],
    ["contracts", "convention", 80, "Models exposed to other teams have enforced dbt contracts."],
  ],
  { supersede: [["freshness2", "freshness"]], merge: [["anomaly", "anomaly2"]] },
);

family(
  "hetu-stale-2",
  "hetu",
  [
    ["old-conf", "fact", 200, "网关的限流配置在 deploy/gateway/limit_v1.yaml。"],
    ["old-doc", "procedure", 190, "新人入职先看 docs/onboarding_2022.md 配好开发环境。"],
    ["new-doc", "procedure", 15, "新人入职先看 docs/onboarding.md，按步骤配好开发环境。"],
  ],
  { supersede: [["new-doc", "old-doc"]], stale: ["old-conf", "old-doc"], deleted: ["deploy/gateway/limit_v1.yaml", "docs/onboarding_2022.md"] },
);

family(
  "hetu-limits",
  "hetu",
  [
    ["qps", "fact", 120, "网关对单个用户的限流是每秒 20 次请求。"],
    ["qps2", "fact", 12, "网关对单个用户的限流是每秒 50 次请求。"],
    ["body", "fact", 110, "网关允许的请求体最大 10 MB。"],
    ["ip", "directive", 100, "管理后台只允许公司 VPN 的 IP 访问。"],
    ["ip2", "directive", 14, "管理后台只允许公司 VPN 的 IP 访问，并且每次登录都要短信验证。"],
  ],
  { supersede: [["qps2", "qps"]], merge: [["ip", "ip2"]] },
);

family(
  "hetu-code-review",
  "hetu",
  [
    ["size", "convention", 100, "一个 MR 的改动不要超过 400 行，超过就拆分。"],
    ["title", "convention", 95, "MR 标题格式是 [模块] 简短描述，例如 [订单] 修复重复扣款。"],
    ["size2", "convention", 10, "单个 MR 改动尽量控制在 400 行以内，超过了就拆成多个。"],
    ["approve", "convention", 90, "评审通过后由作者自己合并，不要让评审人合并。"],
  ],
  { merge: [["size", "size2"]] },
);

family(
  "relay-perf",
  "relay",
  [
    ["hermes", "decision", 200, "The app runs on the Hermes engine on both platforms."],
    ["list", "convention", 100, "Long lists use FlashList, not FlatList."],
    ["images", "convention", 95, "Images are loaded with expo-image and a blurhash placeholder."],
    ["bundle", "fact", 90, "The JS bundle is 4.2 MB; the budget is 5 MB."],
    ["bundle2", "fact", 8, "The JS bundle is 4.8 MB; the budget is 5 MB."],
    ["list2", "convention", 12, "Use FlashList instead of FlatList for long lists."],
  ],
  { supersede: [["bundle2", "bundle"]], merge: [["list", "list2"]] },
);

family(
  "relay-stale-2",
  "relay",
  [
    ["fastlane", "procedure", 300, "Screenshots for the stores are generated with fastlane/Snapfile."],
    ["codepush", "fact", 280, "OTA updates were configured in src/services/codepush.ts."],
    ["eas", "fact", 40, "OTA updates are EAS Update; the channel is set in eas.json."],
  ],
  { supersede: [["eas", "codepush"]], stale: ["fastlane", "codepush"], deleted: ["fastlane/Snapfile", "src/services/codepush.ts"] },
);

family(
  "ledger-auth",
  "ledger",
  [
    ["sso", "fact", 150, "Business plan customers can log in with SAML SSO through WorkOS."],
    ["session", "fact", 140, "Sessions expire after 12 hours of inactivity."],
    ["session2", "fact", 11, "Sessions expire after 8 hours of inactivity."],
    ["mfa", "directive", 130, "Accountants with access to several companies must use MFA."],
    ["mfa2", "directive", 20, "Accountants with access to several companies must use MFA, and MFA is required for every admin too."],
    ["sso2", "fact", 14, "SAML SSO (through WorkOS) is available to customers on the Business plan."],
  ],
  {
    supersede: [["session2", "session"]],
    merge: [
      ["mfa", "mfa2"],
      ["sso", "sso2"],
    ],
  },
);

family(
  "ledger-stale",
  "ledger",
  [
    ["pdfkit", "fact", 300, "The old invoice layout is drawn with PDFKit in lib/pdf/invoice_v1.js."],
    ["csv", "procedure", 250, "Bank statements are parsed by lib/import/ing_csv_parser.ts."],
    ["csv-now", "fact", 20, "Bank statements come through the GoCardless bank data API; there is no CSV parser any more."],
  ],
  { supersede: [["csv-now", "csv"]], stale: ["pdfkit", "csv"], deleted: ["lib/pdf/invoice_v1.js", "lib/import/ing_csv_parser.ts"] },
);

// =============================================================================================
// Background: conventions, facts and procedures in shared frames (each its own family). They
// share vocabulary with the families above and with each other; none is a pair.
// =============================================================================================

const SHOP_SERVICES = ["storefront", "order worker", "search indexer", "email sender", "image proxy", "admin API", "cart service", "review service"];
const ATLAS_DAGS = [
  "events_hourly",
  "orders_daily",
  "customers_daily",
  "marketing_spend",
  "app_sessions",
  "finance_close",
  "inventory_snapshot",
  "support_tickets",
];
const HETU_SERVICES = ["订单", "用户", "支付", "库存", "优惠券", "消息", "搜索", "网关"];
const RELAY_SCREENS = ["Home", "Profile", "Settings", "Chat", "Search", "Notifications", "Onboarding", "Checkout"];
const LEDGER_REPORTS = ["profit and loss", "balance sheet", "cash flow", "VAT return", "aged receivables", "aged payables", "trial balance", "general ledger"];

SHOP_SERVICES.forEach((svc, i) => {
  const slug = svc.replace(/ /g, "-");
  family(`bg-shop-${slug}`, "shop", [
    [
      "owner",
      "fact",
      100 + i,
      `The ${svc} is owned by the ${["checkout", "platform", "growth", "catalog"][i % 4]} team; page them in #team-${["checkout", "platform", "growth", "catalog"][i % 4]}.`,
    ],
    ["health", "fact", 90 + i, `The ${svc} exposes its health check at /healthz on port ${3000 + i}.`],
    ["logs", "procedure", 80 + i, `To read the ${svc} logs: open Grafana, pick the Loki data source, query {app="${slug}"}.`],
    ["alert", "fact", 70 + i, `The ${svc} pages on-call when its error rate is above ${i + 1}% for 5 minutes.`],
  ]);
});

ATLAS_DAGS.forEach((dag, i) => {
  family(`bg-atlas-${dag}`, "atlas", [
    ["owner", "fact", 110 + i, `The ${dag} DAG is owned by ${["analytics engineering", "data platform", "finance analytics", "growth analytics"][i % 4]}.`],
    [
      "source",
      "fact",
      100 + i,
      `The ${dag} DAG reads from ${["Segment", "the orders database", "HubSpot", "Google Ads", "the app backend", "NetSuite", "the warehouse API", "Zendesk"][i]} and writes to raw.${dag}.`,
    ],
    [
      "rerun",
      "procedure",
      90 + i,
      `If ${dag} fails, check the ${["Segment", "Postgres", "HubSpot", "Google Ads", "backend", "NetSuite", "warehouse", "Zendesk"][i]} credentials in Vault first, then clear the failed task.`,
    ],
    ["mart", "fact", 80 + i, `The mart built from ${dag} is fct_${dag.replace(/_(daily|hourly)$/, "")}, refreshed after each run.`],
  ]);
});

HETU_SERVICES.forEach((svc, i) => {
  family(`bg-hetu-${i}`, "hetu", [
    ["owner", "fact", 100 + i, `${svc}服务由${["交易", "基础架构", "增长", "平台"][i % 4]}组负责，告警发到${svc}服务的飞书群。`],
    ["port", "fact", 95 + i, `${svc}服务的 gRPC 端口是 ${9000 + i}，HTTP 端口是 ${8000 + i}。`],
    [
      "db",
      "fact",
      90 + i,
      `${svc}服务的数据存在 ${["MySQL", "MySQL", "MySQL", "Redis", "MySQL", "MongoDB", "Elasticsearch", "无状态"][i]}${i === 7 ? "，不存数据" : ""}。`,
    ],
    ["dash", "procedure", 85 + i, `查看${svc}服务的监控：打开 Grafana，选择 ${svc} 看板，重点看 P99 延迟和错误率。`],
  ]);
});

RELAY_SCREENS.forEach((screen, i) => {
  family(`bg-relay-${screen}`, "relay", [
    ["file", "fact", 100 + i, `The ${screen} screen is app/(tabs)/${screen.toLowerCase()}.tsx.`],
    ["track", "convention", 90 + i, `The ${screen} screen sends a screen_view event named ${screen.toLowerCase()}_viewed.`],
    ["owner", "fact", 80 + i, `${screen} screen changes need a review from ${["Ana", "Bo", "Chen", "Dita"][i % 4]}.`],
  ]);
});

LEDGER_REPORTS.forEach((report, i) => {
  const slug = report.replace(/ /g, "-");
  family(`bg-ledger-${slug}`, "ledger", [
    ["where", "fact", 100 + i, `The ${report} report is built in reports/${slug}.ts and cached for ${[5, 10, 15, 30][i % 4]} minutes.`],
    ["export", "procedure", 90 + i, `To export the ${report} report: open Reports, choose ${report}, pick the period, click Export and choose PDF or XLSX.`],
    ["check", "convention", 80 + i, `Every change to the ${report} report needs a fixture test with a real customer's anonymised data.`],
  ]);
});

// Chinese procedures in shared frames for the ledger project (different steps each).
["新增客户", "作废发票", "修改税率", "导入银行流水", "重开账期", "添加用户"].forEach((what, i) => {
  family(`bg-ledger-zh-${i}`, "ledger", [
    [
      "proc",
      "procedure",
      60 + i,
      `${what}：登录后台，进入${["客户管理", "发票管理", "税务设置", "银行对账", "账期设置", "成员管理"][i]}，${["点击新增，填写税号和地址", "找到发票，点击作废并填写原因", "选择税种，修改税率后保存", "上传 CSV 文件，核对自动匹配结果", "选择账期，点击重新打开并说明原因", "点击邀请，输入邮箱并选择角色"][i]}。`,
    ],
  ]);
});

export const BLIND_FAMILIES: readonly BlindFamily[] = families;

export type Half = "tuning" | "frozen";

/** The half a family belongs to: the first byte of sha256("consolidation-blind:" + id), even -> tuning, odd -> frozen. */
export const halfOf = (familyId: string): Half =>
  crypto.createHash("sha256").update(`consolidation-blind:${familyId}`).digest()[0]! % 2 === 0 ? "tuning" : "frozen";
