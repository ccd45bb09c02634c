/**
 * The labeled store of the consolidation benchmark, written before any threshold was tuned on it:
 * English and Chinese memories with planted duplicates, supersessions (replacement cues, swapped
 * choices, opposite polarity), stale file references and expiries, and at least as many hard
 * negatives (same frame with another subject, two tools for two jobs, an unrelated successor, a
 * file that still exists, a blocker resolved recently...). Each memory carries its label.
 */
export interface LabeledMemory {
  key: string;
  project: string;
  category: string;
  content: string;
  status?: "active" | "resolved";
  /** Days before now it was written (older first within a pair). */
  ageDays: number;
}

export interface Labeled {
  memories: LabeledMemory[];
  /** Unordered pairs (keys) that are the same fact. */
  merge: [string, string][];
  /** [newer, older] pairs. */
  supersede: [string, string][];
  /** Memories naming files gone from the work tree. */
  staleFiles: string[];
  /** Memories to expire. */
  expire: string[];
  /** Files the bench commits and then deletes (stale), and those it keeps. */
  files: { deleted: string[]; kept: string[] };
  /** How many hard negatives of each kind were planted. */
  negatives: Record<string, number>;
}

// ---- fillers ---------------------------------------------------------------------------------

const SERVICES = ["billing", "search", "auth", "notifications", "reporting", "gateway", "ingest", "scheduler", "export", "profile", "checkout", "inventory"];
const STORES = ["Postgres", "Redis", "SQLite", "DynamoDB", "MongoDB", "Cassandra", "S3", "Elasticsearch"];
const ZH_SERVICES = ["计费", "搜索", "认证", "通知", "报表", "网关", "采集", "调度", "导出", "用户资料"];
const REGIONS = ["eu-west-1", "us-east-1", "ap-southeast-2", "eu-central-1"];

/** Choices that get replaced: [purpose, purpose in Chinese, old tool, new tool]. */
const CHOICES: [string, string, string, string][] = [
  ["package management", "包管理", "npm", "pnpm"],
  ["unit tests", "单元测试", "Jest", "Vitest"],
  ["bundling the frontend", "前端打包", "Webpack", "Vite"],
  ["the session cache", "会话缓存", "Memcached", "Redis"],
  ["the main database", "主数据库", "MySQL", "Postgres"],
  ["client state", "客户端状态管理", "Redux", "Zustand"],
  ["continuous integration", "持续集成", "Travis", "Buildkite"],
  ["hosting the API", "API 托管", "Heroku", "Fly"],
  ["date formatting", "日期格式化", "Moment", "Dayjs"],
  ["HTTP requests", "HTTP 请求", "Axios", "Ky"],
  ["linting", "代码检查", "TSLint", "Biome"],
  ["the job queue", "任务队列", "Resque", "BullMQ"],
  ["feature flags", "功能开关", "LaunchDarkly", "Unleash"],
  ["error tracking", "错误追踪", "Rollbar", "Sentry"],
  ["the docs site", "文档站点", "Gatsby", "Astro"],
  ["container builds", "容器构建", "Kaniko", "Buildah"],
  ["secrets", "密钥管理", "dotenv", "Vault"],
  ["API schema", "接口定义", "Swagger", "TypeSpec"],
  ["logging", "日志库", "Winston", "Pino"],
  ["e2e tests", "端到端测试", "Cypress", "Playwright"],
];

const RULES: [string, string][] = [
  ["run database migrations on server startup", "在服务启动时执行数据库迁移"],
  ["squash commits when merging pull requests", "合并 PR 时压缩提交"],
  ["cache API responses in the browser", "在浏览器里缓存接口响应"],
  ["retry failed webhook deliveries", "重试失败的 webhook 投递"],
  ["log full request bodies in production", "在生产环境记录完整请求体"],
  ["pin exact dependency versions", "锁定依赖的精确版本"],
  ["deploy on Fridays", "在周五发布"],
  ["enable source maps in production builds", "在生产构建中开启 source map"],
  ["share one database between services", "多个服务共用一个数据库"],
  ["run the linter in the pre-commit hook", "在 pre-commit 钩子里运行代码检查"],
];

/** Every name the store uses (services, stores, tools), for the speed benchmark to vary per copy. */
export const NAMES: readonly string[] = [...SERVICES, ...STORES, ...ZH_SERVICES, ...CHOICES.flatMap(([, , a, b]) => [a, b])];

// ---- the store --------------------------------------------------------------------------------

export function labeledStore(): Labeled {
  const memories: LabeledMemory[] = [];
  const merge: [string, string][] = [];
  const supersede: [string, string][] = [];
  const staleFiles: string[] = [];
  const expire: string[] = [];
  const negatives: Record<string, number> = { merge: 0, supersede: 0, stale: 0, expire: 0 };
  let n = 0;
  const add = (project: string, category: string, content: string, ageDays: number, status?: "active" | "resolved") => {
    const key = `m${n++}`;
    memories.push({ key, project, category, content, ageDays, status });
    return key;
  };

  // Duplicates: the same fact told twice (paraphrase, or with a detail added), EN and ZH.
  SERVICES.forEach((svc, i) => {
    const store = STORES[i % STORES.length]!;
    const region = REGIONS[i % REGIONS.length]!;
    const p = `p${i % 6}`;
    const a = add(p, "fact", `The ${svc} service stores its data in ${store}, hosted in ${region}.`, 40);
    const b = add(p, "fact", `${svc} service data lives in ${store} (${region}); backups run nightly.`, 20);
    merge.push([a, b]);
    const c = add(p, "gotcha", `Restarting the ${svc} worker drops in-flight jobs unless you drain the ${svc} queue first.`, 35);
    const d = add(p, "gotcha", `Drain the ${svc} queue before restarting the ${svc} worker, otherwise in-flight jobs are dropped.`, 15);
    merge.push([c, d]);
    // Hard negatives: the same frame about another service and another store / region.
    const other = SERVICES[(i + 5) % SERVICES.length]!;
    add(p, "fact", `The ${other} service stores its data in ${STORES[(i + 3) % STORES.length]}, hosted in ${REGIONS[(i + 1) % REGIONS.length]}.`, 30);
    add(p, "fact", `The ${svc} API timeout is ${10 + i} seconds.`, 30);
    add(p, "fact", `The ${svc} API timeout is ${40 + i} seconds for batch calls.`, 25);
    add(p, "fact", `The ${other} API timeout is ${10 + i} seconds.`, 28);
    negatives.merge += 3;
  });
  ZH_SERVICES.forEach((svc, i) => {
    const p = `p${i % 6}`;
    const a = add(p, "convention", `${svc}服务上线前必须在预发环境跑完整的回归测试。`, 40);
    const b = add(p, "convention", `${svc}服务上线前必须在预发环境跑完整回归测试，通常需要两个小时。`, 18);
    merge.push([a, b]);
    // Hard negatives: another service's rule in the same frame; another environment.
    add(p, "convention", `${ZH_SERVICES[(i + 3) % ZH_SERVICES.length]}服务上线前必须在测试环境跑冒烟测试。`, 30);
    add(p, "fact", `${svc}服务的接口超时时间是 ${10 + i} 秒。`, 33);
    add(p, "fact", `${svc}服务的数据库连接池大小是 ${20 + i}。`, 31);
    negatives.merge += 3;
  });

  // Supersessions.
  CHOICES.forEach(([purpose, zhPurpose, oldTool, newTool], i) => {
    const p = `p${i % 6}`;
    if (i % 4 === 0) {
      // A swapped choice, no cue word.
      const older = add(p, "convention", `Use ${oldTool} for ${purpose}.`, 60);
      const newer = add(p, "convention", `Use ${newTool} for ${purpose}.`, 10);
      supersede.push([newer, older]);
    } else if (i % 4 === 1) {
      const older = add(p, "decision", `We use ${oldTool} for ${purpose} across the repo.`, 60);
      const newer = add(p, "decision", `We switched from ${oldTool} to ${newTool} for ${purpose}; the old config files are gone.`, 12);
      supersede.push([newer, older]);
    } else if (i % 4 === 2) {
      const older = add(p, "decision", `${zhPurpose}使用 ${oldTool}。`, 60);
      const newer = add(p, "decision", `不再使用 ${oldTool}，${zhPurpose}改用 ${newTool}。`, 12);
      supersede.push([newer, older]);
    } else {
      const older = add(p, "decision", `${zhPurpose}统一采用 ${oldTool}。`, 60);
      const newer = add(p, "decision", `${zhPurpose}已经从 ${oldTool} 迁移到 ${newTool}。`, 12);
      supersede.push([newer, older]);
    }
    // Hard negatives: two tools for two jobs; an unrelated successor decision; a fact that
    // mentions the old tool in passing (not a choice).
    const [otherPurpose] = CHOICES[(i + 7) % CHOICES.length]!;
    add(p, "decision", `Decided to keep the ${otherPurpose} configuration in one shared file.`, 8 + (i % 5));
    add(p, "fact", `The ${oldTool} maintainers publish release notes every month.`, 70);
    negatives.supersede += 2;
  });
  RULES.forEach(([en, zh], i) => {
    const p = `p${i % 6}`;
    if (i % 2 === 0) {
      const older = add(p, "directive", `Always ${en}.`, 50);
      const newer = add(p, "directive", `Never ${en}.`, 5);
      supersede.push([newer, older]);
    } else {
      const older = add(p, "directive", `要${zh}。`, 50);
      const newer = add(p, "directive", `不要${zh}。`, 5);
      supersede.push([newer, older]);
    }
    // Hard negatives: the same rule said again later (a duplicate, not a contradiction), and a
    // later rule on another subject with a negation.
    const [otherEn, otherZh] = RULES[(i + 3) % RULES.length]!;
    add(p, "directive", i % 2 === 0 ? `Never ${otherEn} without a review.` : `不要在没有评审的情况下${otherZh}。`, 4);
    negatives.supersede += 1;
  });

  // Stale file references (the bench commits every file, then deletes `deleted` in a second commit).
  const deleted: string[] = [];
  const kept: string[] = [];
  SERVICES.forEach((svc, i) => {
    const gone = `src/${svc}/legacy-${svc}-client.ts`;
    const live = `src/${svc}/index.ts`;
    deleted.push(gone);
    kept.push(live);
    staleFiles.push(add("repo", "fact", `The ${svc} retries are configured in ${gone}.`, 20 + i));
    add("repo", "fact", `The ${svc} entry point is ${live}; it wires the routes.`, 20 + i);
    negatives.stale++;
    if (i % 2 === 0) {
      // A memory naming a deleted and a live file is not stale (part of it is still true).
      add("repo", "fact", `${gone} was split; the rest lives in ${live}.`, 10);
      negatives.stale++;
    }
  });
  ZH_SERVICES.slice(0, 8).forEach((svc, i) => {
    const gone = `scripts/${i}-migrate-old.sh`;
    deleted.push(gone);
    staleFiles.push(add("repo", "procedure", `${svc}数据迁移用 ${gone} 脚本执行。`, 30));
    const live = `docs/${i}-runbook.md`;
    kept.push(live);
    add("repo", "procedure", `${svc}故障处理步骤见 ${live}。`, 30);
    negatives.stale++;
  });

  // Expiries: resolved blockers past 90 days, events past 180; negatives just inside the limits.
  SERVICES.forEach((svc, i) => {
    const p = `p${i % 6}`;
    expire.push(add(p, "blocker", `Blocked: the ${svc} staging certificate expired.`, 95 + i * 5, "resolved"));
    add(p, "blocker", `Blocked: the ${svc} load test environment is down.`, 30 + i, "resolved");
    add(p, "blocker", `Blocked: waiting for the ${svc} vendor API key.`, 200 + i, "active");
    expire.push(add(p, "event", `Ran the ${svc} disaster recovery drill.`, 190 + i * 3));
    add(p, "event", `Shipped the ${svc} dashboard redesign.`, 100 + i * 3);
    negatives.expire += 3;
  });
  ZH_SERVICES.forEach((svc, i) => {
    const p = `p${i % 6}`;
    expire.push(add(p, "event", `${svc}服务完成了年度安全审计。`, 400 + i));
    add(p, "event", `${svc}服务上周完成了灰度发布。`, 7 + i);
    negatives.expire++;
  });

  return { memories, merge, supersede, staleFiles, expire, files: { deleted, kept }, negatives };
}
