/**
 * More TUNING data for the consolidation rules (issue #38, round three), written and labelled
 * before the rules were changed in this round, all of it tuning (never scored as frozen): the
 * kinds the words missed on the tuning half of the blind set (blind-store.ts), with hard
 * negatives beside each:
 *
 * - Chinese paraphrases (character bigrams share little) next to Chinese procedures with
 *   different steps and one frame used for several services;
 * - settings whose value changed while words were added ("under 2 MB" -> "under 5 MB and at
 *   least 800 px wide"), next to the same frame about another subject;
 * - English procedures that share their screens but differ in steps, with one true paraphrase;
 * - a reversed rule, next to rules that add a rule (no contradiction);
 * - English paraphrases that share few words (what the vectors are for).
 *
 * Labels as in blind-store.ts: `merge` the same subject and claim, `supersede` [newer, older].
 * Run with the blind set: `npx tsx bench/consolidation/blind.ts` (the "extra" column).
 */
import type { BlindFamily } from "./blind-store";

type Row = [local: string, category: string, ageDays: number, content: string];

const families: BlindFamily[] = [];

function family(id: string, project: string, rows: Row[], labels: { merge?: [string, string][]; supersede?: [string, string][] } = {}): void {
  const k = (local: string) => `x-${id}.${local}`;
  const locals = new Set(rows.map((r) => r[0]));
  for (const pair of [...(labels.merge ?? []), ...(labels.supersede ?? [])])
    for (const l of pair) if (!locals.has(l)) throw new Error(`family ${id}: label names unknown memory ${l}`);
  families.push({
    id: `x-${id}`,
    project,
    memories: rows.map(([local, category, ageDays, content]) => ({ key: k(local), project, category, content, ageDays })),
    merge: (labels.merge ?? []).map(([a, b]) => [k(a), k(b)]),
    supersede: (labels.supersede ?? []).map(([a, b]) => [k(a), k(b)]),
    stale: [],
    deletedFiles: [],
  });
}

// ---- Chinese paraphrases, with negatives in the same vocabulary ----------------------------
family(
  "zh-cache-prefix",
  "hetu",
  [
    ["a", "gotcha", 90, "Redis 缓存的 key 必须带上服务名前缀，否则不同服务之间会互相覆盖。"],
    ["b", "gotcha", 15, "不同服务共用 Redis，缓存 key 一定要加服务名前缀，不然会被别的服务覆盖。"],
    ["ttl", "convention", 80, "Redis 缓存的过期时间统一设置在 10 分钟以内。"],
  ],
  { merge: [["a", "b"]] },
);
family(
  "zh-logging",
  "hetu",
  [
    ["a", "convention", 120, "日志统一用 zap 输出 JSON 格式，不要用 fmt.Println。"],
    ["b", "convention", 12, "打印日志请使用 zap，并输出为 JSON 格式，禁止使用 fmt.Println。"],
    ["trace", "convention", 100, "错误日志需要带上 trace_id，方便在 Kibana 里串起整个请求链路。"],
  ],
  { merge: [["a", "b"]] },
);
family(
  "zh-alter-table",
  "hetu",
  [
    ["a", "gotcha", 110, "MySQL 大表加字段要用 gh-ost 在线变更，直接 ALTER 会锁表。"],
    ["b", "gotcha", 9, "给 MySQL 大表加列时直接执行 ALTER TABLE 会锁表，要用 gh-ost 做在线变更。"],
    ["new-table", "procedure", 100, "MySQL 建新表：在 migrations 目录下加 SQL 文件，提交 MR，由 DBA 审核后执行。"],
  ],
  { merge: [["a", "b"]] },
);
family(
  "zh-ops-procedures",
  "hetu",
  [
    ["callback", "procedure", 100, "处理支付回调失败：登录运维后台，进入回调日志，按订单号搜索，点击重试。"],
    ["refund", "procedure", 95, "处理退款失败：登录运维后台，进入退款记录，按订单号搜索，点击人工退款并填写原因。"],
    ["stock", "procedure", 90, "处理库存不一致：登录运维后台，进入库存对账，选择仓库，点击重新同步。"],
    ["coupon", "procedure", 85, "补发优惠券：登录运维后台，进入优惠券管理，输入用户 ID，选择券模板后点击发放。"],
    ["callback2", "procedure", 7, "支付回调失败的处理办法：先登录运维后台，打开回调日志，用订单号搜出来，然后点重试。"],
  ],
  { merge: [["callback", "callback2"]] },
);
family(
  "zh-device-debug",
  "relay",
  [
    ["a", "gotcha", 100, "iOS 真机调试必须在 Xcode 里选择开发团队，否则签名失败。"],
    ["b", "gotcha", 20, "在真机上调试 iOS 时，要先在 Xcode 中选好开发团队，不然会签名失败。"],
    ["android", "gotcha", 90, "Android 真机调试需要在手机上打开 USB 调试，否则 adb 识别不到设备。"],
  ],
  { merge: [["a", "b"]] },
);
family(
  "zh-invoice-rules",
  "ledger",
  [
    ["a", "constraint", 150, "已开具的发票不能修改，只能作废后重新开具。"],
    ["b", "constraint", 30, "发票开出以后就不允许修改了，只能先作废再重新开。"],
    ["month", "constraint", 140, "作废发票必须在开票当月内完成，跨月只能开红字发票。"],
  ],
  { merge: [["a", "b"]] },
);
family("zh-service-frames", "hetu", [
  ["order-redis", "fact", 100, "订单服务的 Redis 实例是 redis-order-01。"],
  ["user-redis", "fact", 98, "用户服务的 Redis 实例是 redis-user-01。"],
  ["order-backup", "fact", 96, "订单服务每天凌晨 3 点做全量备份。"],
  ["user-backup", "fact", 94, "用户服务每天凌晨 4 点做全量备份。"],
]);

// ---- Values changed while words were added ------------------------------------------------
family(
  "zh-pool-size",
  "hetu",
  [
    ["old", "fact", 150, "订单服务的数据库连接池大小是 50。"],
    ["new", "fact", 12, "订单服务的数据库连接池大小调整为 100，大促期间再扩到 150。"],
    ["user", "fact", 140, "用户服务的数据库连接池大小是 30。"],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "zh-gateway-timeout",
  "hetu",
  [
    ["old", "fact", 130, "网关到下游服务的超时时间是 3 秒。"],
    ["new", "fact", 11, "网关到下游服务的超时时间改成 5 秒，超时后重试一次。"],
    ["limit", "fact", 120, "网关的限流阈值是每秒 2000 个请求。"],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-image-size",
  "shop",
  [
    ["old", "constraint", 140, "Product images must be under 2 MB."],
    ["new", "constraint", 14, "Product images must be under 5 MB and at least 800 px wide."],
    ["video", "constraint", 130, "Product videos must be under 50 MB."],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-warehouse-size",
  "atlas",
  [
    ["old", "fact", 120, "The Snowflake warehouse for dbt is TRANSFORM_M."],
    ["new", "decision", 12, "The Snowflake warehouse for dbt is now TRANSFORM_L, because the nightly build ran past the SLA."],
    ["looker", "fact", 110, "The Snowflake warehouse for Looker queries is REPORTING_S."],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-min-ios",
  "relay",
  [
    ["old", "fact", 200, "The minimum iOS version is 14.0."],
    ["new", "decision", 30, "The minimum iOS version is 15.0 since Expo SDK 51 dropped iOS 14."],
    ["android", "fact", 190, "The minimum Android version is API 24."],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-retention",
  "ledger",
  [
    ["old", "constraint", 300, "Invoices are kept for 7 years."],
    ["new", "constraint", 20, "Invoices are kept for 10 years, as German retention law requires."],
    ["audit", "constraint", 290, "Audit logs are kept for 2 years."],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-api-limit",
  "ledger",
  [
    ["old", "fact", 100, "The public API allows 100 requests per minute per token."],
    ["new", "fact", 10, "The public API allows 300 requests per minute per token; bulk endpoints count as 10 requests."],
    ["webhooks", "fact", 95, "Outgoing webhooks are retried 5 times with exponential backoff."],
  ],
  { supersede: [["new", "old"]] },
);
family(
  "en-page-moved",
  "shop",
  [
    ["old", "fact", 160, "The checkout page is pages/checkout.tsx."],
    ["new", "fact", 15, "The checkout page is now app/checkout/page.tsx (app router)."],
    ["cart", "fact", 150, "The cart drawer is components/cart/drawer.tsx."],
  ],
  { supersede: [["new", "old"]] },
);

// ---- English procedures sharing screens, one true paraphrase -------------------------------
family(
  "en-period-procedures",
  "ledger",
  [
    ["close", "procedure", 100, "To close a month: open Settings, go to Periods, pick the month, click Lock period and confirm."],
    ["reopen", "procedure", 95, "To reopen a month: open Settings, go to Periods, pick the month, click Unlock period and enter a reason."],
    ["bank", "procedure", 90, "To add a bank account: open Settings, go to Banking, click Connect bank and follow the Plaid flow."],
    ["close2", "procedure", 8, "Closing a month: in Settings open Periods, select the month, press Lock period and confirm it."],
  ],
  { merge: [["close", "close2"]] },
);
family(
  "en-airflow-procedures",
  "atlas",
  [
    ["backfill", "procedure", 100, "To backfill a DAG: pause it, run airflow dags backfill with the start and end date, then unpause it."],
    ["clear", "procedure", 95, "To rerun a failed task: open the DAG in the Airflow UI, click the failed task, choose Clear and keep downstream selected."],
    ["source", "procedure", 90, "To add a new source: create the connection in Airflow, add a staging model in dbt, then register the source in sources.yml."],
    ["backfill2", "procedure", 6, "Backfilling a DAG: pause the DAG, run airflow dags backfill with start and end dates, and unpause it afterwards."],
  ],
  { merge: [["backfill", "backfill2"]] },
);

// ---- A reversed rule; rules that only add a rule -------------------------------------------
family(
  "en-polarity",
  "shop",
  [
    ["migrate", "directive", 200, "Run database migrations automatically on startup."],
    ["migrate2", "directive", 20, "Do not run database migrations automatically on startup."],
    ["pin", "directive", 150, "Always pin exact versions in package.json."],
    ["pin2", "directive", 10, "Always pin exact versions in package.json, and never add a dependency without a license check."],
    ["push", "directive", 140, "Always test push notifications on a real device."],
    ["push2", "directive", 9, "Always test push notifications on a real device; never send test pushes to the production topic."],
  ],
  { supersede: [["migrate2", "migrate"]] },
);
family(
  "zh-polarity",
  "hetu",
  [
    ["old", "directive", 160, "线上环境要开启 pprof 调试端口。"],
    ["new", "directive", 14, "线上环境不要开启 pprof 调试端口。"],
    ["rule", "directive", 150, "提交代码前要跑 golangci-lint。"],
    ["rule2", "directive", 12, "提交代码前要跑 golangci-lint，不要提交被注释掉的代码。"],
  ],
  { supersede: [["new", "old"]] },
);

// ---- English paraphrases with few shared words ---------------------------------------------
family(
  "en-paraphrase-cookie",
  "shop",
  [
    ["a", "gotcha", 120, "Safari drops the cart cookie when it is set without SameSite, so the cart empties after login."],
    ["b", "gotcha", 11, "The cart empties after logging in on Safari because the cart cookie had no SameSite attribute."],
    ["firefox", "gotcha", 100, "Firefox blocks the Stripe iframe in strict tracking protection; the card form shows a hint then."],
  ],
  { merge: [["a", "b"]] },
);
family(
  "en-paraphrase-fivetran",
  "atlas",
  [
    ["a", "fact", 120, "Marketing spend data arrives from Fivetran once a day around 05:00 UTC."],
    ["b", "fact", 13, "Fivetran syncs the marketing spend tables daily, at about 05:00 UTC."],
    ["crm", "fact", 110, "CRM data arrives from Fivetran every 6 hours."],
  ],
  { merge: [["a", "b"]] },
);
family(
  "en-paraphrase-a11y",
  "relay",
  [
    ["a", "convention", 120, "Every screen must support dynamic type up to the largest accessibility size."],
    ["b", "convention", 16, "Screens have to work with the biggest accessibility text size (dynamic type)."],
    ["contrast", "convention", 110, "Text must meet a 4.5:1 contrast ratio against its background."],
  ],
  { merge: [["a", "b"]] },
);
family(
  "en-paraphrase-rounding",
  "ledger",
  [
    ["a", "gotcha", 130, "Currency rounding must use banker's rounding, or the VAT totals differ from the tax office's by a cent."],
    ["b", "gotcha", 17, "Use banker's rounding for currency; with normal rounding the VAT totals are off by one cent against the tax office."],
    ["fx", "gotcha", 120, "Exchange rates come from the ECB and are fixed at the invoice date, not the payment date."],
  ],
  { merge: [["a", "b"]] },
);

// ---- An explicit replacement in Chinese ----------------------------------------------------
family(
  "zh-replace-rpc",
  "hetu",
  [
    ["old", "decision", 200, "服务间调用使用 Thrift。"],
    ["new", "decision", 20, "服务间调用不再使用 Thrift，统一改用 gRPC。"],
    ["mq", "decision", 180, "异步消息使用 Kafka。"],
  ],
  { supersede: [["new", "old"]] },
);

export const TUNING_EXTRA_FAMILIES: readonly BlindFamily[] = families;
