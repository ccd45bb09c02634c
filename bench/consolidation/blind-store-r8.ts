/**
 * The round-eight blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or model of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r7
 * has been scored and so is tuning data now.
 *
 * Seven projects with vocabulary not used in the earlier sets, modelled on public files read
 * through the search tools (rules paraphrased, not copied; none of them used to tune a rule):
 * - eventi (a SvelteKit event CRM): "TypeScript with ES modules; Prettier defaults; pnpm test after
 *   changes, test:integration / test:e2e when touched; imperative commit messages; focused commits,
 *   clean worktree" — AGENTS.md of Wandeon/eventiCRO @ 3cb96d8d5f892616921d659b40c68bb522fddf08;
 * - wordbomb (a pnpm + turbo game monorepo): "pnpm install --filter; pnpm turbo run test --filter;
 *   vitest -t for one test; lint --filter after moving files; PR title [project] Title" —
 *   AGENTS.md of hydrabeer/word-bomb @ 2f9d941803733cfc52c24cc488082e8b5d9913db;
 * - surf (a video meditation app): "pnpm lint, pnpm build, pnpm test before committing; annotate
 *   every TypeScript type explicitly" — AGENTS.md of SwellPatrol/meditation.surf @
 *   739b21c10008eff602fc43bcc07d7f1ef2da4667;
 * - quizbot (a quiz app): "after a task: run tests, summarise, git add -A, conventional commit; if
 *   tests fail do not commit" — AGENTS.md of abdulakimov/zakovat-quiz @
 *   0cd65eccafa220ad5ec8526010ca7e1364de4d25;
 * - connector (a Python metadata connector CLI) with real supersessions from a migration guide:
 *   "Python 3.7 no longer supported; JSON config dropped; a unified CLI instead of python -m;
 *   namespace manual renamed to custom; batch_size dropped" — docs/migration.md of
 *   MetaphorData/connectors @ 10f89e66032fee6d24a7764b3d3a64ebd081e867;
 * - Chinese: jinggai (a manhole-cover inspection service): "main/develop/feature/bugfix
 *   branches; Conventional Commits; every change reviewed; all tests pass" — docs/CONTRIBUTING.md
 *   of LuckinMing/manhole-cover @ 92996d4eaf64452b01bf430f92246f33032e7861; xuexi (a study
 *   assistant app): "main only for releases, dev integrates feature/xxx; PR only, at least one
 *   reviewer, CI must pass" — CONTRIBUTING.md of YuriOcean/Learning_Assistant_App @
 *   89ac8866e2a0c0a69251e832875d26886e8323c4.
 *
 * Labels (written before the code was run on this set), as in blind-store-r7.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim; a group of three lists its three pairs;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures with
 * different steps, a memory adding a rule, the same tool with a different setting for a different
 * scope, and families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r8:" + id),
 * even -> tuning, odd -> frozen (`halfOfR8`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r8");

// =============================================================================================
// eventi: a SvelteKit event CRM in TypeScript
// =============================================================================================

family(
  "eventi-modules",
  "eventi",
  [
    ["esm", "convention", 200, "Write TypeScript with ES modules; no require() calls."],
    ["esm2", "convention", 40, "All code is TypeScript using ES module import/export, never CommonJS require."],
    ["strict", "convention", 190, "tsconfig has strict mode on; do not disable it per file."],
    ["paths", "convention", 120, "Import from $lib/ instead of long relative paths."],
  ],
  { merge: [["esm", "esm2"]] },
);

family(
  "eventi-format",
  "eventi",
  [
    ["prettier", "convention", 210, "Format every change with Prettier using its default settings."],
    ["prettier2", "convention", 35, "Run Prettier with the default config on changed files before committing."],
    ["width", "convention", 30, "Prettier printWidth is 100 in this repository, not the default 80."],
    ["eslint", "convention", 180, "ESLint runs with the svelte plugin; fix warnings, do not silence them."],
  ],
  { merge: [["prettier", "prettier2"]] },
);

family(
  "eventi-tests",
  "eventi",
  [
    ["unit", "procedure", 170, "Run pnpm test after making changes."],
    ["unit2", "procedure", 60, "After every change, run pnpm test and make sure it passes."],
    ["integ", "procedure", 160, "When a change touches the database layer, also run pnpm run test:integration."],
    ["e2e", "procedure", 150, "When a change touches a page or a form, also run pnpm run test:e2e."],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "eventi-commits",
  "eventi",
  [
    ["mood", "convention", 220, 'Write commit messages in the imperative mood, e.g. "Add feature".'],
    ["mood2", "convention", 50, 'Commit subjects are imperative: "Fix date parsing", not "Fixed date parsing".'],
    ["focused", "convention", 210, "Keep each commit focused on one change."],
    ["clean", "convention", 200, "Leave the worktree clean after committing; no stray files."],
  ],
  { merge: [["mood", "mood2"]] },
);

family(
  "eventi-db",
  "eventi",
  [
    ["pg14", "constraint", 300, "The database is PostgreSQL 14; docker-compose.yml pins postgres:14."],
    ["pg16", "constraint", 30, "The database is PostgreSQL 16; docker-compose.yml pins postgres:16."],
    ["port", "fact", 280, "Postgres listens on port 5433 locally so it does not clash with a system install."],
    ["pool", "fact", 100, "The connection pool size is 10 in production."],
  ],
  { supersede: [["pg16", "pg14"]] },
);

family(
  "eventi-orm",
  "eventi",
  [
    ["prisma", "decision", 260, "Database access goes through Prisma."],
    ["drizzle", "decision", 40, "Database access goes through Drizzle ORM; Prisma was removed."],
    ["migr", "procedure", 250, "Create a migration with pnpm prisma migrate dev --name <change>."],
    ["seed", "procedure", 120, "Seed local data with pnpm run db:seed."],
  ],
  { supersede: [["drizzle", "prisma"]] },
);

family(
  "eventi-auth",
  "eventi",
  [
    ["lucia", "decision", 230, "Sessions are handled by Lucia with a cookie named eventi_session."],
    ["ttl", "constraint", 220, "A session expires after 30 days of inactivity."],
    ["ttl2", "constraint", 20, "A session expires after 7 days of inactivity."],
    ["admin", "fact", 150, "Only users with the organiser role can open /admin."],
  ],
  { supersede: [["ttl2", "ttl"]] },
);

family(
  "eventi-env",
  "eventi",
  [
    ["envex", "procedure", 200, "Copy .env.example to .env before running the app locally."],
    ["envex2", "procedure", 70, "Start from .env.example: copy it to .env and fill in the values."],
    ["noenv", "convention", 190, "Never commit .env; it holds the database password."],
    ["pub", "convention", 90, "Only variables prefixed PUBLIC_ may be read in browser code."],
  ],
  { merge: [["envex", "envex2"]] },
);

family(
  "eventi-routes",
  "eventi",
  [
    ["load", "convention", 180, "Fetch page data in +page.server.ts load functions, not in components."],
    ["actions", "convention", 170, "Handle form posts with SvelteKit form actions in +page.server.ts."],
    ["api", "convention", 160, "JSON endpoints live under src/routes/api/ as +server.ts files."],
    ["load2", "convention", 25, "Page data is loaded in +page.server.ts load(), never fetched inside a Svelte component."],
  ],
  { merge: [["load", "load2"]] },
);

family("eventi-i18n", "eventi", [
  ["hr", "fact", 150, "The default locale is hr (Croatian); English is the fallback."],
  ["keys", "convention", 140, "Translation keys are dotted, like events.list.title."],
  ["noinline", "convention", 130, "Do not put user-facing strings inline; add them to the locale files."],
  ["paraglide", "decision", 60, "Translations use Paraglide; messages are in messages/hr.json and messages/en.json."],
]);

family(
  "eventi-node",
  "eventi",
  [
    ["node18", "constraint", 240, "Use Node 18 LTS for development."],
    ["node20", "constraint", 45, "Use Node 20 LTS for development; Node 18 is no longer supported."],
    ["pnpm", "constraint", 230, "Use pnpm, never npm or yarn."],
    ["pnpm2", "constraint", 55, "Install and run scripts with pnpm only; npm and yarn lockfiles are not accepted."],
  ],
  { supersede: [["node20", "node18"]], merge: [["pnpm", "pnpm2"]] },
);

family(
  "eventi-deploy",
  "eventi",
  [
    ["fly", "decision", 210, "The app is deployed to Fly.io from the main branch."],
    ["tag", "procedure", 200, "Production deploys run when a v* tag is pushed."],
    ["staging", "procedure", 190, "Every push to main deploys to the staging app."],
    ["hetzner", "decision", 30, "The app is deployed to a Hetzner VPS with Docker Compose; Fly.io is no longer used."],
  ],
  { supersede: [["hetzner", "fly"]] },
);

family("eventi-images", "eventi", [
  ["s3", "fact", 170, "Event images are stored in the S3 bucket eventi-media."],
  ["resize", "procedure", 160, "Resize uploads to 1600 px wide before storing them."],
  ["webp", "convention", 150, "Store images as WebP."],
  ["avif", "convention", 140, "Serve thumbnails as AVIF where the browser accepts it."],
]);

family(
  "eventi-logging",
  "eventi",
  [
    ["pino", "decision", 190, "Server logs are written with pino as JSON."],
    ["level", "constraint", 180, "The log level is info in production."],
    ["level2", "constraint", 20, "The log level is warn in production."],
    ["pii", "convention", 170, "Never log e-mail addresses or phone numbers."],
  ],
  { supersede: [["level2", "level"]] },
);

family(
  "eventi-review",
  "eventi",
  [
    ["small", "convention", 160, "Keep pull requests under 400 changed lines."],
    ["screens", "convention", 150, "Attach a screenshot to any pull request that changes the UI."],
    ["approve", "convention", 140, "A pull request needs one approval before it is merged."],
    ["approve2", "convention", 30, "Merging a pull request requires one approving review."],
  ],
  { merge: [["approve", "approve2"]] },
);

// =============================================================================================
// wordbomb: a pnpm + turbo monorepo for a multiplayer word game
// =============================================================================================

family(
  "wordbomb-add",
  "wordbomb",
  [
    ["add", "procedure", 200, "Run pnpm install --filter <project_name> so Vite, ESLint and TypeScript see a new package."],
    ["add2", "procedure", 60, "After adding a workspace package, run pnpm install --filter with its name so the tools pick it up."],
    ["name", "procedure", 190, "Check the name field in the package's own package.json, not the root one."],
    ["root", "convention", 100, "Never add application dependencies to the root package.json."],
  ],
  { merge: [["add", "add2"]] },
);

family(
  "wordbomb-test",
  "wordbomb",
  [
    ["turbo", "procedure", 180, "Run pnpm turbo run test --filter <project_name> to run every check of one package."],
    ["local", "procedure", 170, "From a package root, pnpm test runs that package's tests."],
    ["one", "procedure", 160, 'To run a single test, use pnpm vitest run -t "<test name>".'],
    ["turbo2", "procedure", 50, "pnpm turbo run test --filter <package> runs all of one package's checks."],
  ],
  { merge: [["turbo", "turbo2"]] },
);

family(
  "wordbomb-lint",
  "wordbomb",
  [
    ["move", "procedure", 150, "After moving files or changing imports, run pnpm lint --filter <project_name>."],
    ["always", "procedure", 140, "Always run pnpm lint and pnpm test before committing."],
    ["always2", "procedure", 40, "Before each commit, run both pnpm lint and pnpm test."],
    ["green", "procedure", 130, "Fix every test or type error until the whole suite is green."],
  ],
  { merge: [["always", "always2"]] },
);

family(
  "wordbomb-pr",
  "wordbomb",
  [
    ["title", "convention", 170, "Pull request titles use the format [<project_name>] <Title>."],
    ["title2", "convention", 35, "Prefix a PR title with the project in brackets, like [server] Fix reconnect."],
    ["tests", "convention", 160, "Add or update tests for the code you change, even if nobody asked."],
    ["ci", "fact", 150, "The CI plan is in .github/workflows/ci.yml."],
  ],
  { merge: [["title", "title2"]] },
);

family(
  "wordbomb-socket",
  "wordbomb",
  [
    ["socketio", "decision", 260, "Realtime traffic uses Socket.IO."],
    ["ws", "decision", 30, "Realtime traffic uses the ws library directly; Socket.IO was dropped."],
    ["ping", "constraint", 250, "The server pings clients every 25 seconds."],
    ["timeout", "constraint", 240, "A client that misses two pings is disconnected."],
  ],
  { supersede: [["ws", "socketio"]] },
);

family(
  "wordbomb-rules",
  "wordbomb",
  [
    ["fuse", "fact", 220, "The bomb fuse lasts 10 seconds per turn."],
    ["fuse2", "fact", 25, "The bomb fuse lasts 8 seconds per turn."],
    ["lives", "fact", 210, "Each player starts with 3 lives."],
    ["prompt", "fact", 200, "A prompt is a 2 or 3 letter syllable that the word must contain."],
  ],
  { supersede: [["fuse2", "fuse"]] },
);

family(
  "wordbomb-dict",
  "wordbomb",
  [
    ["dict", "fact", 190, "The English word list is packages/server/data/words-en.txt."],
    ["lower", "convention", 180, "Words in the dictionary are lowercase, one per line."],
    ["lower2", "convention", 60, "Keep the dictionary lowercase with one word on each line."],
    ["sorted", "convention", 170, "Keep the dictionary sorted so diffs stay small."],
  ],
  { merge: [["lower", "lower2"]] },
);

family(
  "wordbomb-rooms",
  "wordbomb",
  [
    ["max", "constraint", 200, "A room holds at most 16 players."],
    ["code", "fact", 190, "Room codes are 4 uppercase letters."],
    ["max2", "constraint", 30, "A room holds at most 12 players."],
    ["idle", "constraint", 180, "An empty room is closed after 5 minutes."],
  ],
  { supersede: [["max2", "max"]] },
);

family("wordbomb-client", "wordbomb", [
  ["react", "decision", 230, "The client is React with Vite."],
  ["zustand", "decision", 220, "Client state lives in Zustand stores under src/stores/."],
  ["tailwind", "decision", 210, "Styling uses Tailwind CSS."],
  ["tailwind4", "decision", 20, "Styling uses Tailwind CSS 4 with the Vite plugin; tailwind.config.js is gone."],
]);

family(
  "wordbomb-shared",
  "wordbomb",
  [
    ["types", "convention", 180, "Message types shared by client and server live in packages/shared."],
    ["zod", "convention", 170, "Validate every socket message with its zod schema from packages/shared."],
    ["zod2", "convention", 40, "Every incoming socket message is parsed with the zod schema in packages/shared before use."],
    ["noany", "convention", 160, "No any in packages/shared."],
  ],
  { merge: [["zod", "zod2"]] },
);

family(
  "wordbomb-deploy",
  "wordbomb",
  [
    ["render", "decision", 200, "The server runs on Render."],
    ["region", "constraint", 190, "The Render service runs in the Frankfurt region."],
    ["vercel", "decision", 180, "The client is deployed on Vercel."],
    ["region2", "constraint", 15, "The Render service runs in the Oregon region."],
  ],
  { supersede: [["region2", "region"]] },
);

family("wordbomb-scripts", "wordbomb", [
  ["dev", "procedure", 170, "pnpm dev starts the client and the server with turbo."],
  ["devs", "procedure", 160, "pnpm --filter server dev starts only the server."],
  ["devc", "procedure", 160, "pnpm --filter client dev starts only the client."],
  ["build", "procedure", 150, "pnpm build builds every package through turbo."],
]);

family(
  "wordbomb-coverage",
  "wordbomb",
  [
    ["cov", "constraint", 150, "Line coverage of packages/server must stay above 80%."],
    ["cov2", "constraint", 20, "Line coverage of packages/server must stay above 90%."],
    ["covc", "constraint", 140, "Line coverage of packages/client must stay above 60%."],
    ["report", "procedure", 130, "pnpm test -- --coverage writes the report to coverage/."],
  ],
  { supersede: [["cov2", "cov"]] },
);

// =============================================================================================
// surf: a video meditation app (pnpm)
// =============================================================================================

family(
  "surf-checks",
  "surf",
  [
    ["three", "procedure", 200, "Before committing or opening a pull request, run pnpm lint, pnpm build and pnpm test."],
    ["three2", "procedure", 40, "pnpm lint, pnpm build and pnpm test must all pass before a commit or a PR."],
    ["lint", "procedure", 190, "Before committing, run pnpm lint."],
    ["proceed", "procedure", 180, "Only proceed if all checks succeed."],
  ],
  { merge: [["three", "three2"]] },
);

family(
  "surf-types",
  "surf",
  [
    ["annotate", "convention", 210, "Annotate all TypeScript variables, parameters and return types explicitly, even when they could be inferred."],
    ["annotate2", "convention", 50, "Write explicit type annotations everywhere, including variables the compiler could infer."],
    ["returns", "convention", 200, "Every exported function declares its return type."],
    ["readable", "convention", 190, "Optimise code for readability over cleverness."],
  ],
  { merge: [["annotate", "annotate2"]] },
);

family(
  "surf-player",
  "surf",
  [
    ["hls", "decision", 220, "Videos are streamed as HLS with hls.js."],
    ["native", "decision", 210, "On Safari, use the native video element for HLS instead of hls.js."],
    ["shaka", "decision", 30, "Videos are streamed with Shaka Player; hls.js was removed."],
    ["loop", "fact", 200, "Each session video loops until the timer ends."],
  ],
  { supersede: [["shaka", "hls"]] },
);

family(
  "surf-timer",
  "surf",
  [
    ["default", "fact", 180, "The default session length is 10 minutes."],
    ["default2", "fact", 20, "The default session length is 15 minutes."],
    ["bell", "fact", 170, "A bell sounds when the session ends."],
    ["choices", "fact", 160, "Users can pick 5, 10, 20 or 30 minutes."],
  ],
  { supersede: [["default2", "default"]] },
);

family(
  "surf-pwa",
  "surf",
  [
    ["sw", "decision", 190, "The app is a PWA; the service worker is generated by vite-plugin-pwa."],
    ["offline", "constraint", 180, "The last played video is cached for offline use."],
    ["offline2", "constraint", 60, "Keep the most recently played video available offline."],
    ["update", "procedure", 170, "A new service worker activates on the next launch, not mid-session."],
  ],
  { merge: [["offline", "offline2"]] },
);

family(
  "surf-cdn",
  "surf",
  [
    ["bunny", "decision", 200, "Video files are served from Bunny CDN."],
    ["cf", "decision", 25, "Video files are served from Cloudflare Stream instead of Bunny CDN."],
    ["bitrate", "constraint", 190, "The top rendition is 1080p at 6 Mbps."],
    ["bitrate2", "constraint", 180, "The lowest rendition is 360p at 800 kbps."],
  ],
  { supersede: [["cf", "bunny"]] },
);

family(
  "surf-a11y",
  "surf",
  [
    ["labels", "convention", 170, "Every icon button has an aria-label."],
    ["motion", "convention", 160, "Respect prefers-reduced-motion: no animated transitions when it is set."],
    ["contrast", "convention", 150, "Text contrast is at least 4.5:1."],
    ["labels2", "convention", 40, "Icon-only buttons must carry an aria-label."],
  ],
  { merge: [["labels", "labels2"]] },
);

family(
  "surf-analytics",
  "surf",
  [
    ["plaus", "decision", 160, "Usage analytics go to Plausible; no cookies."],
    ["events", "convention", 150, "Only send the session_start and session_end events."],
    ["noga", "convention", 140, "Never add Google Analytics."],
    ["events2", "convention", 30, "Send session_start, session_end and video_error events."],
  ],
  { supersede: [["events2", "events"]] },
);

family(
  "surf-release",
  "surf",
  [
    ["semver", "convention", 150, "Versions follow semver; the version is in package.json."],
    ["changelog", "procedure", 140, "Add a line to CHANGELOG.md under Unreleased for every user-visible change."],
    ["changelog2", "procedure", 30, "Each user-visible change gets an entry in the Unreleased section of CHANGELOG.md."],
    ["tag", "procedure", 130, "Tag releases as vX.Y.Z on main."],
  ],
  { merge: [["changelog", "changelog2"]] },
);

family(
  "surf-browsers",
  "surf",
  [
    ["targets", "constraint", 150, "Support the last two versions of Chrome, Firefox and Safari."],
    ["ios", "constraint", 140, "Support iOS Safari 15 and later."],
    ["ios2", "constraint", 20, "Support iOS Safari 16 and later."],
    ["android", "constraint", 130, "Support Android Chrome 100 and later."],
  ],
  { supersede: [["ios2", "ios"]] },
);

family(
  "surf-tests",
  "surf",
  [
    ["vitest", "decision", 140, "Unit tests use Vitest with jsdom."],
    ["pw", "decision", 130, "Browser tests use Playwright against pnpm preview."],
    ["pwcmd", "procedure", 120, "Run browser tests with pnpm test:e2e."],
    ["happy", "decision", 25, "Unit tests use Vitest with happy-dom; jsdom was replaced."],
  ],
  { supersede: [["happy", "vitest"]] },
);

// =============================================================================================
// quizbot: a quiz app with an agent workflow
// =============================================================================================

family(
  "quizbot-finish",
  "quizbot",
  [
    ["steps", "procedure", 200, "When a task that changes files is finished: run the tests, summarise the changes, git add -A, then commit."],
    ["steps2", "procedure", 40, "Finishing a task means: tests, a short summary of changes, stage everything with git add -A, commit."],
    ["fail", "procedure", 190, "If tests fail, do not commit; fix them first."],
    ["summary", "procedure", 180, "Show a short summary of changes when a task is done."],
  ],
  { merge: [["steps", "steps2"]] },
);

family(
  "quizbot-commit",
  "quizbot",
  [
    ["conv", "convention", 210, "Commit messages use the conventional style (feat:, fix:, chore:)."],
    ["conv2", "convention", 60, "Use Conventional Commits prefixes like feat: and fix: in commit messages."],
    ["scope", "convention", 50, "Commit messages include a scope: feat(quiz): ..."],
    ["lang", "convention", 200, "Commit messages are written in English."],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "quizbot-stack",
  "quizbot",
  [
    ["next", "decision", 240, "The app is Next.js 14 with the app router."],
    ["next15", "decision", 20, "The app is Next.js 15 with the app router."],
    ["shadcn", "decision", 230, "UI components come from shadcn/ui."],
    ["server", "convention", 220, 'Prefer server components; mark client components with "use client" only when needed.'],
  ],
  { supersede: [["next15", "next"]] },
);

family(
  "quizbot-db",
  "quizbot",
  [
    ["supa", "decision", 220, "Data is stored in Supabase Postgres."],
    ["rls", "convention", 210, "Every table has row-level security enabled."],
    ["rls2", "convention", 40, "Enable row-level security on each new table."],
    ["types", "procedure", 200, "Regenerate database types with pnpm supabase gen types after a migration."],
  ],
  { merge: [["rls", "rls2"]] },
);

family(
  "quizbot-timer",
  "quizbot",
  [
    ["q", "fact", 190, "Each question has 60 seconds."],
    ["q2", "fact", 25, "Each question has 45 seconds."],
    ["bonus", "fact", 180, "A correct answer in the first 10 seconds earns a bonus point."],
    ["teams", "fact", 170, "Teams have up to 6 players."],
  ],
  { supersede: [["q2", "q"]] },
);

family(
  "quizbot-bot",
  "quizbot",
  [
    ["grammy", "decision", 200, "The Telegram bot is built with grammY."],
    ["webhook", "decision", 190, "The bot receives updates through a webhook at /api/telegram."],
    ["polling", "decision", 30, "The bot receives updates by long polling; the /api/telegram webhook was removed."],
    ["token", "convention", 180, "The bot token is read from TELEGRAM_BOT_TOKEN and never logged."],
  ],
  { supersede: [["polling", "webhook"]] },
);

family(
  "quizbot-i18n",
  "quizbot",
  [
    ["uz", "fact", 180, "The default language is Uzbek; Russian and English are also offered."],
    ["keys", "convention", 170, "Translation files are messages/uz.json, messages/ru.json and messages/en.json."],
    ["intl", "decision", 160, "Translations use next-intl."],
    ["keys2", "convention", 40, "Keep the translations in messages/uz.json, messages/ru.json and messages/en.json."],
  ],
  { merge: [["keys", "keys2"]] },
);

family("quizbot-lint", "quizbot", [
  ["eslint", "procedure", 170, "Run pnpm lint before committing."],
  ["typecheck", "procedure", 160, "Run pnpm typecheck before committing."],
  ["fmt", "procedure", 150, "Run pnpm format before committing."],
  ["biome", "decision", 20, "Linting and formatting use Biome; ESLint and Prettier were removed."],
]);

family(
  "quizbot-auth",
  "quizbot",
  [
    ["magic", "decision", 160, "Users sign in with a magic link by e-mail."],
    ["tg", "decision", 150, "Users can also sign in with the Telegram login widget."],
    ["expiry", "constraint", 140, "A magic link expires after 15 minutes."],
    ["expiry2", "constraint", 20, "A magic link expires after 10 minutes."],
  ],
  { supersede: [["expiry2", "expiry"]] },
);

family(
  "quizbot-scores",
  "quizbot",
  [
    ["board", "fact", 150, "The leaderboard shows the top 20 teams."],
    ["reset", "fact", 140, "The leaderboard resets every Monday at 00:00 Tashkent time."],
    ["ties", "fact", 130, "Ties are broken by total answer time."],
    ["board2", "fact", 35, "The leaderboard lists the 20 best teams."],
  ],
  { merge: [["board", "board2"]] },
);

// =============================================================================================
// connector: a Python metadata connector CLI (migration-guide supersessions)
// =============================================================================================

family(
  "connector-python",
  "connector",
  [
    ["py37", "constraint", 320, "The connectors support Python 3.7 and later."],
    ["py38", "constraint", 60, "The connectors need Python 3.8 or later; Python 3.7 is no longer supported."],
    ["poetry", "procedure", 310, "Install for development with poetry install."],
    ["extras", "procedure", 300, "Install one connector's dependencies with poetry install -E <connector>."],
  ],
  { supersede: [["py38", "py37"]] },
);

family(
  "connector-cli",
  "connector",
  [
    ["pym", "procedure", 300, "Run a connector with python -m metaphor.<connector> <config_file>."],
    ["cli", "procedure", 80, "Run a connector with the unified CLI: metaphor <connector> <config_file>."],
    ["help", "procedure", 290, "List the connectors with metaphor --help."],
    ["verbose", "procedure", 70, "Add --verbose to see each request a connector makes."],
  ],
  { supersede: [["cli", "pym"]] },
);

family(
  "connector-config",
  "connector",
  [
    ["json", "constraint", 290, "Connector config files may be JSON or YAML."],
    ["yaml", "constraint", 90, "Connector config files must be YAML; JSON config files are no longer supported."],
    ["env", "convention", 280, "Put secrets in environment variables and reference them from the config."],
    ["example", "fact", 270, "Each connector has an example config in its README."],
  ],
  { supersede: [["yaml", "json"]] },
);

family(
  "connector-output",
  "connector",
  [
    ["file", "constraint", 280, "The output option names a single JSON file."],
    ["dir", "constraint", 85, "The output option names a directory; each run writes its files there."],
    ["s3", "fact", 270, "Output can go to an S3 path as well as a local path."],
    ["batch", "constraint", 260, "FileSinkConfig takes batch_size to split large outputs."],
  ],
  { supersede: [["dir", "file"]] },
);

family(
  "connector-namespace",
  "connector",
  [
    ["manual", "fact", 270, "Hand-written metadata connectors live in the metaphor.manual namespace."],
    ["custom", "fact", 50, "Hand-written metadata connectors live in the metaphor.custom namespace (renamed from metaphor.manual)."],
    ["gov", "procedure", 260, "Run the governance connector with metaphor manual.governance <config_file>."],
    ["lineage", "procedure", 45, "Run the lineage connector with metaphor custom.lineage <config_file>."],
  ],
  { supersede: [["custom", "manual"]] },
);

family(
  "connector-filter",
  "connector",
  [
    ["filter", "convention", 200, "Every connector uses the shared DatasetFilter config for includes and excludes."],
    ["filter2", "convention", 60, "Include and exclude rules for datasets go through the common DatasetFilter config in every connector."],
    ["glob", "fact", 190, "DatasetFilter patterns are shell globs, not regular expressions."],
    ["case", "fact", 180, "DatasetFilter matching is case-insensitive."],
  ],
  { merge: [["filter", "filter2"]] },
);

family(
  "connector-bigquery",
  "connector",
  [
    ["project", "constraint", 250, "BigQueryRunConfig requires project_id."],
    ["projects", "constraint", 55, "BigQueryRunConfig takes a list of project_ids; the single project_id field was dropped."],
    ["key", "procedure", 240, "Point key_path at a service-account JSON key."],
    ["region", "fact", 230, "Query logs are read from the US multi-region by default."],
  ],
  { supersede: [["projects", "project"]] },
);

family(
  "connector-tests",
  "connector",
  [
    ["pytest", "procedure", 220, "Run the tests with poetry run pytest."],
    ["pytest2", "procedure", 50, "Tests run with poetry run pytest from the repository root."],
    ["cov", "procedure", 210, "poetry run pytest --cov prints coverage per module."],
    ["snap", "convention", 200, "Connector tests compare output with JSON snapshots in tests/<connector>/expected.json."],
  ],
  { merge: [["pytest", "pytest2"]] },
);

family(
  "connector-lint",
  "connector",
  [
    ["black", "procedure", 230, "Format with black and sort imports with isort before committing."],
    ["ruff", "procedure", 40, "Format and sort imports with ruff format and ruff check --fix before committing; black and isort are gone."],
    ["mypy", "procedure", 220, "poetry run mypy must pass with no errors."],
    ["flake", "procedure", 210, "poetry run flake8 must pass with no errors."],
  ],
  { supersede: [["ruff", "black"]] },
);

family(
  "connector-version",
  "connector",
  [
    ["bump", "procedure", 200, "Bump the version in pyproject.toml in every pull request that changes a connector."],
    ["bump2", "procedure", 45, "Any PR touching a connector must bump the version in pyproject.toml."],
    ["patch", "convention", 190, "A bug fix bumps the patch version; a new connector bumps the minor version."],
    ["breaking", "convention", 180, "Breaking changes are listed in docs/migration.md."],
  ],
  { merge: [["bump", "bump2"]] },
);

family(
  "connector-snowflake",
  "connector",
  [
    ["pw", "constraint", 200, "The Snowflake connector logs in with user and password."],
    ["keypair", "constraint", 35, "The Snowflake connector logs in with key-pair authentication; password login was removed."],
    ["wh", "fact", 190, "It uses the warehouse named in the config, default COMPUTE_WH."],
    ["lag", "fact", 180, "Query history can lag by up to 45 minutes."],
  ],
  { supersede: [["keypair", "pw"]] },
);

family(
  "connector-logging",
  "connector",
  [
    ["logfile", "fact", 180, "Each run writes its log to run.log in the output directory."],
    ["level", "constraint", 170, "The default log level is INFO."],
    ["nosecret", "convention", 160, "Never log config values that hold credentials."],
    ["level2", "constraint", 30, "The default log level is WARNING."],
  ],
  { supersede: [["level2", "level"]] },
);

family(
  "connector-docs",
  "connector",
  [
    ["readme", "convention", 170, "Each connector has a README.md with its config and required permissions."],
    ["perm", "convention", 160, "List the exact database privileges a connector needs in its README."],
    ["readme2", "convention", 40, "A new connector ships with a README.md describing its config and the permissions it needs."],
    ["links", "convention", 150, "Link each connector README from the top-level README."],
  ],
  { merge: [["readme", "readme2"]] },
);

// =============================================================================================
// jinggai: a manhole-cover inspection service (Chinese)
// =============================================================================================

family(
  "jinggai-branch",
  "jinggai",
  [
    ["main", "convention", 220, "main 是主分支，只用于生产环境。"],
    ["main2", "convention", 50, "main 分支只对应生产环境，不要直接在上面开发。"],
    ["develop", "convention", 210, "develop 是开发分支，功能分支从它拉出。"],
    ["feature", "convention", 200, "功能分支命名为 feature/功能名，修复分支命名为 bugfix/问题描述。"],
  ],
  { merge: [["main", "main2"]] },
);

family(
  "jinggai-commit",
  "jinggai",
  [
    ["cc", "convention", 210, "提交信息遵循 Conventional Commits 规范：feat、fix、docs、style、refactor、test、chore。"],
    ["cc2", "convention", 40, "提交信息使用约定式提交前缀，例如 feat: 新功能，fix: 修复。"],
    ["zh", "convention", 200, "提交信息的描述部分用中文书写。"],
    ["len", "convention", 190, "提交标题不超过 50 个字符。"],
  ],
  { merge: [["cc", "cc2"]] },
);

family(
  "jinggai-review",
  "jinggai",
  [
    ["review", "convention", 200, "所有代码必须经过代码审查才能合并。"],
    ["tests", "convention", 190, "合并前确保通过所有测试。"],
    ["review2", "convention", 45, "每个合并请求都要有人审查后才能合并。"],
    ["two", "convention", 20, "合并请求需要至少两人审查通过。"],
  ],
  { merge: [["review", "review2"]] },
);

family(
  "jinggai-model",
  "jinggai",
  [
    ["yolo5", "decision", 260, "井盖检测模型使用 YOLOv5s。"],
    ["yolo8", "decision", 30, "井盖检测模型改用 YOLOv8n，YOLOv5s 已弃用。"],
    ["size", "constraint", 250, "输入图片统一缩放到 640×640。"],
    ["conf", "constraint", 240, "检测置信度阈值为 0.5。"],
  ],
  { supersede: [["yolo8", "yolo5"]] },
);

family(
  "jinggai-threshold",
  "jinggai",
  [
    ["conf", "constraint", 230, "破损判定的置信度阈值为 0.6。"],
    ["conf2", "constraint", 25, "破损判定的置信度阈值为 0.7。"],
    ["iou", "constraint", 220, "非极大值抑制的 IoU 阈值为 0.45。"],
    ["missing", "constraint", 210, "井盖缺失的置信度阈值为 0.6。"],
  ],
  { supersede: [["conf2", "conf"]] },
);

family(
  "jinggai-api",
  "jinggai",
  [
    ["fastapi", "decision", 220, "后端接口使用 FastAPI。"],
    ["port", "fact", 210, "接口服务监听 8000 端口。"],
    ["port2", "fact", 20, "接口服务监听 9000 端口。"],
    ["docs", "fact", 200, "接口文档在 /docs 路径下自动生成。"],
  ],
  { supersede: [["port2", "port"]] },
);

family(
  "jinggai-data",
  "jinggai",
  [
    ["labelme", "procedure", 200, "标注数据用 labelme 制作，再用 scripts/labelme2yolo.py 转成 YOLO 格式。"],
    ["split", "procedure", 190, "数据集按 8:1:1 划分训练集、验证集和测试集。"],
    ["split2", "procedure", 50, "训练、验证、测试集的比例是 8:1:1。"],
    ["aug", "procedure", 180, "训练时开启 mosaic 数据增强。"],
  ],
  { merge: [["split", "split2"]] },
);

family(
  "jinggai-deploy",
  "jinggai",
  [
    ["docker", "procedure", 190, "用 docker compose up -d 启动全部服务。"],
    ["gpu", "constraint", 180, "推理服务需要 NVIDIA GPU，CUDA 11.8。"],
    ["gpu2", "constraint", 30, "推理服务需要 NVIDIA GPU，CUDA 12.1。"],
    ["cpu", "constraint", 170, "没有 GPU 时可用 ONNX Runtime 在 CPU 上推理，速度约慢五倍。"],
  ],
  { supersede: [["gpu2", "gpu"]] },
);

family(
  "jinggai-alarm",
  "jinggai",
  [
    ["sms", "procedure", 180, "检测到井盖缺失时，通过短信通知片区负责人。"],
    ["sms2", "procedure", 40, "井盖缺失告警以短信发送给该片区的负责人。"],
    ["damage", "procedure", 170, "检测到井盖破损时，在工单系统里新建一张工单。"],
    ["dedupe", "procedure", 160, "同一个井盖 24 小时内只告警一次。"],
  ],
  { merge: [["sms", "sms2"]] },
);

family(
  "jinggai-style",
  "jinggai",
  [
    ["pep8", "convention", 170, "Python 代码遵循 PEP 8，用 black 格式化。"],
    ["hints", "convention", 160, "公共函数必须写类型注解。"],
    ["doc", "convention", 150, "公共函数必须写中文 docstring。"],
    ["hints2", "convention", 40, "所有对外暴露的函数都要有类型注解。"],
  ],
  { merge: [["hints", "hints2"]] },
);

family(
  "jinggai-map",
  "jinggai",
  [
    ["amap", "decision", 160, "地图展示使用高德地图 JS API。"],
    ["coord", "convention", 150, "坐标统一存为 GCJ-02。"],
    ["coord2", "convention", 20, "坐标统一存为 WGS-84，展示时再转换成 GCJ-02。"],
    ["cluster", "decision", 140, "点位多于 500 个时开启聚合显示。"],
  ],
  { supersede: [["coord2", "coord"]] },
);

family(
  "jinggai-stale",
  "jinggai",
  [
    ["old", "fact", 300, "旧的检测脚本是 tools/detect_old.py。"],
    ["keep", "fact", 100, "检测入口是 app/detect/service.py。"],
  ],
  { stale: ["old"], deleted: ["tools/detect_old.py"] },
);

// =============================================================================================
// xuexi: a study assistant app (Chinese)
// =============================================================================================

family(
  "xuexi-branch",
  "xuexi",
  [
    ["main", "convention", 210, "main 分支是稳定版本，只用于发布。"],
    ["dev", "convention", 200, "dev 分支用于集成各个 feature 分支。"],
    ["feat", "convention", 190, "新功能在 feature/xxx 分支上开发。"],
    ["dev2", "convention", 45, "各个 feature 分支先合并到 dev 分支集成。"],
  ],
  { merge: [["dev", "dev2"]] },
);

family(
  "xuexi-pr",
  "xuexi",
  [
    ["pr", "convention", 200, "所有代码必须通过 PR 合并。"],
    ["one", "convention", 190, "PR 至少需要 1 人 review。"],
    ["ci", "convention", 180, "通过 CI 测试后才能合并 PR。"],
    ["one2", "convention", 40, "每个 PR 合并前至少要有一位同学 review。"],
  ],
  { merge: [["one", "one2"]] },
);

family(
  "xuexi-stack",
  "xuexi",
  [
    ["flutter", "decision", 240, "客户端使用 Flutter 3.10 开发。"],
    ["flutter2", "decision", 30, "客户端使用 Flutter 3.22 开发。"],
    ["riverpod", "decision", 230, "状态管理使用 Riverpod。"],
    ["dio", "decision", 220, "网络请求使用 dio。"],
  ],
  { supersede: [["flutter2", "flutter"]] },
);

family(
  "xuexi-backend",
  "xuexi",
  [
    ["spring", "decision", 220, "后端使用 Spring Boot 2.7。"],
    ["spring3", "decision", 25, "后端已升级到 Spring Boot 3.2，Java 17 是最低版本。"],
    ["mysql", "decision", 210, "数据库使用 MySQL 8。"],
    ["redis", "decision", 200, "缓存使用 Redis。"],
  ],
  { supersede: [["spring3", "spring"]] },
);

family(
  "xuexi-remind",
  "xuexi",
  [
    ["daily", "fact", 200, "每天晚上 8 点推送复习提醒。"],
    ["daily2", "fact", 20, "每天晚上 9 点推送复习提醒。"],
    ["curve", "fact", 190, "复习间隔按艾宾浩斯曲线：1、2、4、7、15 天。"],
    ["mute", "fact", 180, "用户可以在设置里关闭提醒。"],
  ],
  { supersede: [["daily2", "daily"]] },
);

family(
  "xuexi-lint",
  "xuexi",
  [
    ["analyze", "procedure", 190, "提交前运行 flutter analyze，不能有警告。"],
    ["analyze2", "procedure", 50, "每次提交前都要跑 flutter analyze 并清掉所有警告。"],
    ["format", "procedure", 180, "提交前运行 dart format .。"],
    ["test", "procedure", 170, "提交前运行 flutter test。"],
  ],
  { merge: [["analyze", "analyze2"]] },
);

family(
  "xuexi-api",
  "xuexi",
  [
    ["prefix", "convention", 180, "所有接口路径以 /api/v1 开头。"],
    ["prefix2", "convention", 20, "所有接口路径以 /api/v2 开头，/api/v1 已下线。"],
    ["resp", "convention", 170, "接口统一返回 {code, msg, data} 结构。"],
    ["code", "convention", 160, "code 为 0 表示成功，其他值表示错误。"],
  ],
  { supersede: [["prefix2", "prefix"]] },
);

family(
  "xuexi-ai",
  "xuexi",
  [
    ["qwen", "decision", 170, "题目讲解由通义千问接口生成。"],
    ["deepseek", "decision", 25, "题目讲解改由 DeepSeek 接口生成，不再调用通义千问。"],
    ["limit", "constraint", 160, "每个用户每天最多生成 50 次讲解。"],
    ["cache", "constraint", 150, "同一道题的讲解缓存 7 天。"],
  ],
  { supersede: [["deepseek", "qwen"]] },
);

family(
  "xuexi-style",
  "xuexi",
  [
    ["naming", "convention", 160, "Dart 文件名使用小写加下划线。"],
    ["naming2", "convention", 40, "Dart 源文件名一律用 snake_case。"],
    ["widgets", "convention", 150, "一个文件只放一个公开的 Widget。"],
    ["const", "convention", 140, "能用 const 构造的 Widget 都加上 const。"],
  ],
  { merge: [["naming", "naming2"]] },
);

family(
  "xuexi-release",
  "xuexi",
  [
    ["android", "procedure", 150, "安卓包用 flutter build apk --release 构建。"],
    ["ios", "procedure", 140, "iOS 包用 flutter build ipa 构建。"],
    ["version", "procedure", 130, "发布前在 pubspec.yaml 里更新 version 字段。"],
    ["aab", "procedure", 20, "安卓包改用 flutter build appbundle 构建，应用商店不再接受 apk。"],
  ],
  { supersede: [["aab", "android"]] },
);

family(
  "xuexi-privacy",
  "xuexi",
  [
    ["minor", "constraint", 140, "未满 14 岁的用户需要家长同意才能注册。"],
    ["phone", "constraint", 130, "手机号只用于登录，不得用于营销。"],
    ["delete", "constraint", 120, "用户注销后 30 天内删除全部数据。"],
    ["delete2", "constraint", 20, "用户注销后 15 天内删除全部数据。"],
  ],
  { supersede: [["delete2", "delete"]] },
);

// =============================================================================================
// More of each project: families of procedures and conventions that share their vocabulary
// =============================================================================================

family(
  "eventi-migrations",
  "eventi",
  [
    ["gen", "procedure", 130, "Generate a migration with pnpm drizzle-kit generate after changing src/lib/server/schema.ts."],
    ["apply", "procedure", 125, "Apply migrations locally with pnpm drizzle-kit migrate."],
    ["review", "procedure", 120, "Read the generated SQL before committing a migration."],
    ["apply2", "procedure", 30, "Run pnpm drizzle-kit migrate to apply pending migrations on your local database."],
    ["noedit", "convention", 110, "Never edit a migration that is already on main; add a new one."],
  ],
  { merge: [["apply", "apply2"]] },
);

family("eventi-emails", "eventi", [
  ["resend", "decision", 140, "Transactional e-mails are sent through Resend."],
  ["from", "fact", 130, "E-mails are sent from noreply@eventi.hr."],
  ["templates", "convention", 120, "E-mail templates are Svelte components in src/lib/email/."],
  ["preview", "procedure", 110, "Preview e-mail templates with pnpm email:dev."],
]);

family(
  "eventi-tickets",
  "eventi",
  [
    ["qr", "fact", 120, "Each ticket carries a QR code with its signed ticket id."],
    ["scan", "procedure", 110, "Door staff scan tickets with the /checkin page on a phone."],
    ["refund", "constraint", 100, "Tickets can be refunded until 48 hours before the event."],
    ["refund2", "constraint", 15, "Tickets can be refunded until 24 hours before the event."],
    ["transfer", "constraint", 90, "A ticket can be transferred to another e-mail address once."],
  ],
  { supersede: [["refund2", "refund"]] },
);

family("wordbomb-assets", "wordbomb", [
  ["sounds", "fact", 120, "Sound effects are in packages/client/public/sounds/ as OGG files."],
  ["mp3", "convention", 110, "Add an MP3 copy of each sound for Safari."],
  ["size", "constraint", 100, "Keep each sound file under 50 KB."],
  ["fonts", "fact", 90, "Fonts are self-hosted from packages/client/public/fonts/."],
]);

family(
  "wordbomb-errors",
  "wordbomb",
  [
    ["codes", "convention", 110, "Server errors sent to clients carry a code from packages/shared/errors.ts."],
    ["nostack", "convention", 100, "Never send a stack trace to a client."],
    ["sentry", "decision", 90, "Server exceptions are reported to Sentry."],
    ["codes2", "convention", 25, "Any error the server sends to a client uses an error code defined in packages/shared/errors.ts."],
  ],
  { merge: [["codes", "codes2"]] },
);

family("wordbomb-bots", "wordbomb", [
  ["bots", "fact", 100, "A room can be filled with bots for testing with /addbot."],
  ["delay", "fact", 95, "Bots answer after a random delay of 1 to 4 seconds."],
  ["prod", "constraint", 90, "Bots are disabled in production."],
  ["miss", "fact", 85, "Bots miss 20% of prompts on purpose."],
]);

family(
  "surf-content",
  "surf",
  [
    ["json", "fact", 120, "The list of sessions is src/data/sessions.json."],
    ["fields", "convention", 110, "Each session entry has id, title, durationMinutes and videoUrl."],
    ["ids", "convention", 100, "Session ids are kebab-case and never reused."],
    ["ids2", "convention", 25, "Never reuse a session id; ids are kebab-case."],
  ],
  { merge: [["ids", "ids2"]] },
);

family(
  "surf-build",
  "surf",
  [
    ["vite", "decision", 110, "The app is built with Vite."],
    ["out", "fact", 100, "pnpm build writes to dist/."],
    ["preview", "procedure", 95, "pnpm preview serves dist/ on port 4173."],
    ["budget", "constraint", 90, "The main JavaScript bundle must stay under 150 KB gzipped."],
    ["budget2", "constraint", 20, "The main JavaScript bundle must stay under 120 KB gzipped."],
  ],
  { supersede: [["budget2", "budget"]] },
);

family("surf-audio", "surf", [
  ["ambient", "fact", 100, "Ambient sound plays under the video at 40% volume."],
  ["mute", "fact", 95, "The mute button silences the ambient sound but not the end bell."],
  ["fade", "fact", 90, "Ambient sound fades out over the last 10 seconds."],
  ["bg", "constraint", 85, "Audio keeps playing when the screen locks on iOS."],
]);

family(
  "quizbot-questions",
  "quizbot",
  [
    ["import", "procedure", 130, "Import questions from a CSV with pnpm run questions:import <file>."],
    ["cols", "convention", 120, "The CSV columns are question, answer, category and difficulty."],
    ["check", "procedure", 110, "Run pnpm run questions:check before importing to find duplicates."],
    ["import2", "procedure", 30, "Questions are loaded from a CSV file with pnpm run questions:import followed by the file path."],
    ["export", "procedure", 100, "Export all questions to CSV with pnpm run questions:export."],
  ],
  { merge: [["import", "import2"]] },
);

family(
  "quizbot-media",
  "quizbot",
  [
    ["img", "fact", 110, "Question images are stored in the Supabase bucket question-media."],
    ["max", "constraint", 100, "A question image may be at most 2 MB."],
    ["max2", "constraint", 20, "A question image may be at most 5 MB."],
    ["audio", "fact", 90, "Audio questions are not supported yet."],
  ],
  { supersede: [["max2", "max"]] },
);

family("quizbot-tests", "quizbot", [
  ["vitest", "procedure", 100, "Run unit tests with pnpm test."],
  ["e2e", "procedure", 95, "Run browser tests with pnpm test:e2e; they need the local Supabase running."],
  ["local", "procedure", 90, "Start the local Supabase with pnpm supabase start."],
  ["reset", "procedure", 85, "Reset the local database with pnpm supabase db reset."],
]);

family(
  "connector-sinks",
  "connector",
  [
    ["local", "fact", 160, "The file sink writes MCE JSON files."],
    ["api", "fact", 150, "The API sink posts events to the ingestion endpoint."],
    ["retry", "constraint", 140, "The API sink retries a failed post 3 times."],
    ["retry2", "constraint", 25, "The API sink retries a failed post 5 times with exponential backoff."],
  ],
  { supersede: [["retry2", "retry"]] },
);

family(
  "connector-new",
  "connector",
  [
    ["scaffold", "procedure", 150, "Start a new connector by copying metaphor/template/."],
    ["register", "procedure", 140, "Register a new connector in metaphor/__main__.py."],
    ["extra", "procedure", 130, "Add the connector's dependencies as an optional extra in pyproject.toml."],
    ["scaffold2", "procedure", 30, "A new connector begins as a copy of the metaphor/template/ folder."],
  ],
  { merge: [["scaffold", "scaffold2"]] },
);

family(
  "connector-query-logs",
  "connector",
  [
    ["days", "constraint", 140, "Query logs are collected for the last 1 day by default."],
    ["max", "constraint", 130, "At most 100,000 queries are collected per run."],
    ["redact", "convention", 120, "Literal values in collected SQL are redacted."],
    ["days2", "constraint", 20, "Query logs are collected for the last 7 days by default."],
  ],
  { supersede: [["days2", "days"]] },
);

family(
  "jinggai-camera",
  "jinggai",
  [
    ["rtsp", "fact", 150, "巡检车摄像头通过 RTSP 推流。"],
    ["fps", "constraint", 140, "每秒抽取 2 帧送检。"],
    ["gps", "fact", 130, "每一帧都带上 GPS 坐标和时间戳。"],
    ["fps2", "constraint", 25, "每秒抽取 5 帧送检。"],
  ],
  { supersede: [["fps2", "fps"]] },
);

family(
  "jinggai-tests",
  "jinggai",
  [
    ["pytest", "procedure", 140, "用 pytest 运行单元测试。"],
    ["sample", "procedure", 130, "模型回归测试用 tests/samples/ 里的 200 张图片。"],
    ["map", "constraint", 120, "新模型在回归集上的 mAP 不能低于旧模型。"],
    ["pytest2", "procedure", 30, "单元测试统一用 pytest 来跑。"],
  ],
  { merge: [["pytest", "pytest2"]] },
);

family("jinggai-workorder", "jinggai", [
  ["create", "procedure", 130, "工单创建后指派给片区维修班组。"],
  ["sla", "constraint", 120, "缺失井盖的工单必须在 4 小时内处理。"],
  ["sla2", "constraint", 110, "破损井盖的工单必须在 24 小时内处理。"],
  ["photo", "procedure", 100, "维修完成后上传修复照片才能关闭工单。"],
]);

family(
  "xuexi-notes",
  "xuexi",
  [
    ["md", "fact", 130, "笔记以 Markdown 格式保存。"],
    ["sync", "fact", 120, "笔记在联网时自动同步到服务器。"],
    ["conflict", "fact", 110, "同步冲突时保留两份，由用户选择。"],
    ["md2", "fact", 30, "用户的笔记用 Markdown 存储。"],
  ],
  { merge: [["md", "md2"]] },
);

family("xuexi-tests", "xuexi", [
  ["widget", "procedure", 120, "界面改动要补 widget 测试。"],
  ["golden", "procedure", 110, "关键页面用 golden 测试比对截图。"],
  ["update", "procedure", 100, "截图有意变化时用 flutter test --update-goldens 更新。"],
  ["cov", "constraint", 90, "测试覆盖率不低于 70%。"],
]);

family(
  "xuexi-stale",
  "xuexi",
  [
    ["old", "fact", 300, "旧的登录页是 lib/pages/login_old.dart。"],
    ["keep", "fact", 100, "登录页是 lib/pages/login_page.dart。"],
  ],
  { stale: ["old"], deleted: ["lib/pages/login_old.dart"] },
);

export const BLIND_FAMILIES_R8 = families;

export const halfOfR8 = halfOf;
