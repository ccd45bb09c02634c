/**
 * The round-seven blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or model of this pass was changed (this file was committed alone,
 * labels included, before the first change), because the r3..r6 frozen halves have all been scored.
 *
 * Six projects with vocabulary not used in the earlier sets: a pnpm TypeScript monorepo that signs
 * PDFs (padsign), a browser extension that prints Markdown (mdprint), an EPUB reader (epubshelf),
 * a WebdriverIO helper library with a changelog (wdiokit), and two Chinese projects: a Python
 * search service (sousuo) and a Windows UI-automation tool (zidong). Their rules are modelled on
 * what public repositories write (read through the search tools, not copied):
 * - "pnpm lint:check, pnpm test, pnpm run build before a task is complete; no AI mention in commit
 *   messages; pnpm --filter for one package" — claude.md of tychota/PAdES-B-T @
 *   91432123b326c8bc2d07c957792670bf6940dec9;
 * - "format, test and lint before committing; build the extensions" — CLAUDE.md of
 *   levz0r/markdown-printer @ e88f1d2aaa8307e174d80f1e935ca1ac8c1daa51;
 * - "switch to a feature branch prefixed claude- before editing; run pre-commit before commit;
 *   pnpm run check fixes lint and format" — CLAUDE.md of hayeah/epubdown @
 *   2758ffc7046f2183cb9740104596824f69e77b90;
 * - changelog supersessions ("NodeJS 10 is required as a minimum", a minimum version raised) —
 *   CHANGELOG.md of martinfrancois/wdio-mobile-utils and Keep-a-Changelog style files seen through
 *   the code search (no rule was taken from them);
 * - Chinese: "Python 3.8+, pip install -r requirements-dev.txt, PEP8, docstrings, unit tests for new
 *   features, 约定式提交" — CONTRIBUTING.md of ZenWayne/llmsearch @
 *   ec550124313b73ee93596c085520f5b1ef43b41b; "feature/ branches, feat/fix/docs/style/refactor/test/
 *   chore" — CONTRIBUTING.md of YnReturn/UIA @ f6c3447dbba7ddedfe5b55ecb9f18cc950a71d5e.
 * None of those sources was used to tune a rule.
 *
 * Labels (written before the code was run on this set), as in blind-store-r6.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim; a group of three lists its three pairs;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures with
 * different steps, a memory adding a rule, the same topic with a different claim, the same setting
 * with a different scope (backend vs frontend, Chrome vs Firefox, dev vs CI), and templated
 * families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r7:" + id),
 * even -> tuning, odd -> frozen (`halfOfR7`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r7");

// =============================================================================================
// padsign: a pnpm TypeScript monorepo that signs PDFs (PAdES) — backend and frontend packages
// =============================================================================================

family(
  "padsign-checks",
  "padsign",
  [
    ["lint", "procedure", 200, "Before calling a task done, run pnpm lint:check and fix every error it reports."],
    ["lint2", "procedure", 45, "A task is not finished until pnpm lint:check passes with no errors."],
    ["build", "procedure", 190, "Before calling a task done, run pnpm run build so the TypeScript compile is checked."],
    ["test", "procedure", 180, "Before calling a task done, run pnpm test; all existing tests must pass."],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "padsign-autofix",
  "padsign",
  [
    ["fix", "procedure", 170, "When pnpm lint:check fails, run pnpm lint to auto-fix what it can."],
    ["fix2", "procedure", 60, "pnpm lint fixes lint errors automatically; use it after lint:check reports problems."],
    ["nofix", "convention", 90, "Never run pnpm lint in CI; CI only runs pnpm lint:check."],
  ],
  { merge: [["fix", "fix2"]] },
);

family(
  "padsign-commits",
  "padsign",
  [
    ["noai", "convention", 220, "Commit messages must not mention Claude Code or any AI assistance."],
    ["noai2", "convention", 30, "Never reference an AI assistant in a commit message."],
    ["concise", "convention", 210, "Keep commit messages concise and about the technical change."],
    ["conv", "convention", 20, "Commit messages follow Conventional Commits (feat:, fix:, chore:)."],
  ],
  { merge: [["noai", "noai2"]] },
);

family(
  "padsign-filter",
  "padsign",
  [
    ["filter", "procedure", 160, "Run a command for one package with pnpm --filter <package-name> <command>."],
    ["filter2", "procedure", 50, "To run something in a single workspace package, use pnpm --filter followed by the package name."],
    ["backend", "fact", 150, "The backend package is @pades-poc/backend."],
    ["frontend", "fact", 150, "The frontend package is @pades-poc/frontend."],
  ],
  { merge: [["filter", "filter2"]] },
);

family(
  "padsign-dev",
  "padsign",
  [
    ["dev", "procedure", 140, "pnpm dev starts both the backend and the frontend."],
    ["devb", "procedure", 130, "pnpm dev:backend starts only the backend."],
    ["devf", "procedure", 130, "pnpm dev:frontend starts only the frontend."],
    ["dev2", "procedure", 25, "Running pnpm dev brings up the backend and the frontend together."],
  ],
  { merge: [["dev", "dev2"]] },
);

family(
  "padsign-node",
  "padsign",
  [
    ["node", "constraint", 250, "The repository requires Node.js 18; .nvmrc pins 18.19.0."],
    ["node-new", "constraint", 35, "The repository requires Node.js 20; .nvmrc pins 20.11.1."],
    ["pnpm", "constraint", 240, "Use pnpm 8; the packageManager field in package.json says pnpm@8.15.4."],
    ["pnpm-new", "constraint", 28, "Use pnpm 9; the packageManager field in package.json says pnpm@9.4.0."],
  ],
  {
    supersede: [
      ["node-new", "node"],
      ["pnpm-new", "pnpm"],
    ],
  },
);

family(
  "padsign-signing-lib",
  "padsign",
  [
    ["forge", "decision", 230, "PDF signatures are built with node-forge for the CMS container."],
    ["pkijs", "decision", 40, "PDF signatures are built with pkijs for the CMS container; node-forge was removed."],
    ["pdflib", "decision", 220, "PDF byte ranges are prepared with pdf-lib."],
    ["tsa", "fact", 100, "Timestamps come from the FreeTSA server in development."],
  ],
  { supersede: [["pkijs", "forge"]] },
);

family(
  "padsign-level",
  "padsign",
  [
    ["bb", "decision", 200, "The signer produces PAdES-B-B signatures."],
    ["bt", "decision", 30, "The signer now produces PAdES-B-T signatures: every signature carries a timestamp."],
    ["blt", "decision", 10, "PAdES-B-LT (embedding revocation data) is planned but not started."],
  ],
  { supersede: [["bt", "bb"]] },
);

family(
  "padsign-tests",
  "padsign",
  [
    ["vitest", "fact", 180, "Unit tests run with Vitest in both packages."],
    ["vitest2", "fact", 40, "Both the backend and the frontend use Vitest for unit tests."],
    ["coverage", "procedure", 170, "pnpm test:coverage writes a coverage report to coverage/."],
    ["newtests", "convention", 160, "New functionality must come with tests."],
  ],
  { merge: [["vitest", "vitest2"]] },
);

family(
  "padsign-certs",
  "padsign",
  [
    ["p12", "fact", 150, "The development signing certificate is backend/certs/dev.p12."],
    ["p12pass", "fact", 148, "The password of the development certificate is read from DEV_P12_PASSWORD."],
    ["hsm", "decision", 20, "Production keys stay in the cloud HSM; no .p12 file is ever deployed."],
    ["p12-2", "fact", 60, "backend/certs/dev.p12 is the certificate used for signing during development."],
  ],
  { merge: [["p12", "p12-2"]] },
);

family(
  "padsign-api",
  "padsign",
  [
    ["prefix", "convention", 170, "Backend routes live under /api/v1."],
    ["prefix-new", "convention", 22, "Backend routes moved from /api/v1 to /api/v2; v1 is gone."],
    ["errors", "convention", 160, "Backend errors are JSON with a code and a message field."],
    ["errors2", "convention", 70, "Every backend error response is a JSON object with code and message."],
  ],
  { supersede: [["prefix-new", "prefix"]], merge: [["errors", "errors2"]] },
);

family(
  "padsign-frontend-ui",
  "padsign",
  [
    ["mui", "decision", 190, "The frontend uses Material UI for components."],
    ["mantine", "decision", 45, "The frontend switched from Material UI to Mantine."],
    ["icons", "decision", 185, "Icons come from @tabler/icons-react."],
    ["vite", "fact", 180, "The frontend is built with Vite."],
  ],
  { supersede: [["mantine", "mui"]] },
);

// Hard negatives: three procedures that share most words and differ in their steps.
family("padsign-release", "padsign", [
  ["tag", "procedure", 120, "To release, bump the version in package.json, commit, then git tag vX.Y.Z and push the tag."],
  ["changelog", "procedure", 118, "To release, update CHANGELOG.md, commit, then run pnpm publish from the package folder."],
  ["docker", "procedure", 116, "To release the backend, build the Docker image with docker build -t pades-backend . and push it to the registry."],
]);

family("padsign-env", "padsign", [
  ["envb", "constraint", 110, "The backend reads its settings from backend/.env; copy backend/.env.example to start."],
  ["envf", "constraint", 108, "The frontend reads VITE_API_URL from frontend/.env.local."],
  ["nocommit", "convention", 106, "Never commit any .env file."],
]);

family(
  "padsign-ports",
  "padsign",
  [
    ["port", "fact", 160, "The backend listens on port 3001 in development."],
    ["port-new", "fact", 26, "The backend listens on port 8080 in development."],
    ["fport", "fact", 150, "The frontend dev server listens on port 5173."],
  ],
  { supersede: [["port-new", "port"]] },
);

family("padsign-typecheck", "padsign", [
  ["strict", "convention", 140, "TypeScript runs in strict mode in every package."],
  ["noany", "convention", 135, "Do not use any; use unknown and narrow it."],
  ["noexplicit", "convention", 60, "The linter forbids explicit any in the backend, but allows it in test files."],
]);

// =============================================================================================
// mdprint: a browser extension that prints Markdown (Chrome and Firefox builds)
// =============================================================================================

family(
  "mdprint-precommit",
  "mdprint",
  [
    ["format", "procedure", 200, "Always run pnpm run format before committing."],
    ["format2", "procedure", 40, "Format every file with pnpm run format before you make a commit."],
    ["tests", "procedure", 195, "Always run pnpm run test before committing."],
    ["lint", "procedure", 190, "Always run pnpm run lint before committing."],
  ],
  { merge: [["format", "format2"]] },
);

family(
  "mdprint-build",
  "mdprint",
  [
    ["build", "procedure", 180, "pnpm run build builds both the Chrome and the Firefox extension."],
    ["build2", "procedure", 50, "Running pnpm run build produces the Chrome build and the Firefox build."],
    ["zip", "procedure", 170, "pnpm run package zips dist/chrome and dist/firefox for the stores."],
  ],
  { merge: [["build", "build2"]] },
);

family(
  "mdprint-manifest",
  "mdprint",
  [
    ["mv2", "decision", 260, "The Chrome build uses Manifest V2."],
    ["mv3", "decision", 50, "The Chrome build moved to Manifest V3; Manifest V2 is no longer shipped."],
    ["ffmv2", "decision", 45, "The Firefox build stays on Manifest V2 for now."],
    ["sw", "fact", 40, "In the Chrome build the background script is a service worker."],
  ],
  { supersede: [["mv3", "mv2"]] },
);

family(
  "mdprint-renderer",
  "mdprint",
  [
    ["marked", "decision", 220, "Markdown is rendered with marked."],
    ["mdit", "decision", 35, "Markdown is rendered with markdown-it instead of marked."],
    ["hl", "decision", 210, "Code blocks are highlighted with highlight.js."],
    ["katex", "decision", 80, "Math is rendered with KaTeX when the page has $$ blocks."],
  ],
  { supersede: [["mdit", "marked"]] },
);

family(
  "mdprint-pagesize",
  "mdprint",
  [
    ["a4", "fact", 150, "The default page size for printing is A4."],
    ["letter", "fact", 30, "The default page size for printing is US Letter."],
    ["margin", "fact", 140, "The default print margin is 15 mm."],
    ["margin2", "fact", 50, "Printing uses 15 mm margins by default."],
  ],
  { supersede: [["letter", "a4"]], merge: [["margin", "margin2"]] },
);

family(
  "mdprint-permissions",
  "mdprint",
  [
    ["active", "constraint", 170, "The extension asks only for the activeTab permission."],
    ["active2", "constraint", 60, "activeTab is the only permission the extension requests."],
    ["storage", "constraint", 20, "The extension asks for activeTab and storage; storage keeps the print settings."],
  ],
  {
    merge: [["active", "active2"]],
    supersede: [
      ["storage", "active"],
      ["storage", "active2"],
    ],
  },
);

family("mdprint-stores", "mdprint", [
  ["cws", "procedure", 130, "Upload dist/chrome.zip to the Chrome Web Store developer dashboard."],
  ["amo", "procedure", 128, "Upload dist/firefox.zip to addons.mozilla.org and attach the source archive."],
  ["edge", "procedure", 126, "Upload dist/chrome.zip to the Edge Add-ons partner center."],
]);

family(
  "mdprint-tests",
  "mdprint",
  [
    ["jest", "fact", 210, "Tests run with Jest and jsdom."],
    ["vitest", "fact", 40, "Tests run with Vitest and happy-dom; Jest was removed."],
    ["e2e", "fact", 100, "There are no end-to-end tests yet."],
  ],
  { supersede: [["vitest", "jest"]] },
);

family(
  "mdprint-css",
  "mdprint",
  [
    ["print", "convention", 150, "Print styles live in src/styles/print.css."],
    ["print2", "convention", 55, "src/styles/print.css holds every print style."],
    ["screen", "convention", 148, "Screen styles for the preview live in src/styles/preview.css."],
    ["pagebreak", "convention", 70, "Every h1 starts a new printed page (page-break-before: always)."],
  ],
  { merge: [["print", "print2"]] },
);

family(
  "mdprint-i18n",
  "mdprint",
  [
    ["locales", "fact", 120, "UI strings are in _locales/<lang>/messages.json."],
    ["en", "fact", 118, "English is the default locale."],
    ["langs", "fact", 115, "The extension ships English and German."],
    ["langs-new", "fact", 18, "The extension ships English, German and Japanese."],
  ],
  { supersede: [["langs-new", "langs"]] },
);

family("mdprint-fonts", "mdprint", [
  ["body", "convention", 100, "Printed body text uses the system serif font at 11pt."],
  ["code", "convention", 98, "Printed code uses the system monospace font at 9pt."],
  ["heading", "convention", 96, "Printed headings use the system sans-serif font."],
]);

// =============================================================================================
// epubshelf: an EPUB reader (React, MobX) with a strict branch workflow for the agent
// =============================================================================================

family(
  "epubshelf-branch",
  "epubshelf",
  [
    ["branch", "convention", 200, "Before editing files, switch to a feature branch prefixed claude-."],
    ["branch2", "convention", 40, "Never edit on main: first create a branch whose name starts with claude-."],
    ["reuse", "convention", 190, "If you are already on a claude- branch, keep working there instead of creating another."],
    ["amend", "convention", 180, "When asked for changes after a commit, make a new commit rather than amending."],
  ],
  { merge: [["branch", "branch2"]] },
);

family(
  "epubshelf-check",
  "epubshelf",
  [
    ["check", "procedure", 170, "pnpm run check fixes lint errors and formats the code."],
    ["check2", "procedure", 35, "Use pnpm run check to auto-fix lint problems and format everything."],
    ["precommit", "procedure", 165, "Always run pre-commit before committing."],
    ["typecheck", "procedure", 160, "pnpm run typecheck runs tsc without emitting."],
  ],
  { merge: [["check", "check2"]] },
);

family(
  "epubshelf-linter",
  "epubshelf",
  [
    ["eslint", "decision", 230, "Linting and formatting use ESLint with Prettier."],
    ["biome", "decision", 30, "Linting and formatting use Biome; ESLint and Prettier were removed."],
    ["rules", "convention", 100, "Imports are sorted automatically by the formatter."],
  ],
  { supersede: [["biome", "eslint"]] },
);

family(
  "epubshelf-state",
  "epubshelf",
  [
    ["mobx", "decision", 200, "Reader state lives in MobX stores under src/stores/."],
    ["mobx2", "decision", 60, "The reader keeps its state in MobX stores (src/stores/)."],
    ["zustand", "decision", 50, "The settings page uses plain React state, not a store."],
  ],
  { merge: [["mobx", "mobx2"]] },
);

family(
  "epubshelf-storage",
  "epubshelf",
  [
    ["idb", "decision", 210, "Books are stored in IndexedDB through idb-keyval."],
    ["dexie", "decision", 40, "Books are stored in IndexedDB through Dexie; idb-keyval was dropped."],
    ["opfs", "decision", 15, "Large book files go to the origin private file system (OPFS); their metadata stays in IndexedDB."],
    ["quota", "fact", 100, "Safari limits IndexedDB to about 1 GB per origin."],
  ],
  { supersede: [["dexie", "idb"]] },
);

family(
  "epubshelf-parser",
  "epubshelf",
  [
    ["jszip", "fact", 180, "EPUB files are unzipped with JSZip."],
    ["jszip2", "fact", 80, "JSZip opens the EPUB archive."],
    ["opf", "fact", 170, "The OPF package file is parsed with DOMParser."],
    ["toc", "fact", 160, "The table of contents comes from nav.xhtml, or toc.ncx for EPUB 2."],
  ],
  { merge: [["jszip", "jszip2"]] },
);

family(
  "epubshelf-markdown",
  "epubshelf",
  [
    ["export", "fact", 150, "A chapter can be exported as Markdown with turndown."],
    ["export2", "fact", 70, "Chapters are converted to Markdown by turndown when exported."],
    ["images", "fact", 140, "Exported Markdown links images as data URLs."],
    ["images-new", "fact", 20, "Exported Markdown saves images as separate files next to the .md file instead of data URLs."],
  ],
  { merge: [["export", "export2"]], supersede: [["images-new", "images"]] },
);

family("epubshelf-deploy", "epubshelf", [
  ["pages", "procedure", 120, "The web app deploys to Cloudflare Pages on every push to main."],
  ["preview", "procedure", 118, "Every pull request gets a Cloudflare Pages preview URL."],
  ["electron", "decision", 60, "A desktop build with Electron is not planned."],
]);

family(
  "epubshelf-fonts",
  "epubshelf",
  [
    ["size", "fact", 130, "The default reading font size is 18px."],
    ["size-new", "fact", 12, "The default reading font size is 20px."],
    ["theme", "fact", 125, "The default theme follows the system light or dark setting."],
  ],
  { supersede: [["size-new", "size"]] },
);

family("epubshelf-tests", "epubshelf", [
  ["unit", "convention", 110, "Unit tests sit next to the code as *.test.ts files."],
  ["fixtures", "convention", 108, "Test EPUB files are in test/fixtures/ and must be public-domain books."],
  ["pw", "convention", 106, "Playwright tests are in e2e/ and run against pnpm preview."],
]);

// =============================================================================================
// wdiokit: a WebdriverIO mobile helper library with a changelog
// =============================================================================================

family(
  "wdiokit-node",
  "wdiokit",
  [
    ["node8", "constraint", 400, "The library supports Node.js 8 and later."],
    ["node10", "constraint", 300, "Node.js 10 is the minimum; Node.js 8 is no longer supported."],
    ["node14", "constraint", 40, "Node.js 14 is the minimum supported version now."],
  ],
  {
    supersede: [
      ["node10", "node8"],
      ["node14", "node10"],
      ["node14", "node8"],
    ],
  },
);

family(
  "wdiokit-wdio",
  "wdiokit",
  [
    ["v5", "constraint", 350, "The peer dependency is webdriverio 5."],
    ["v7", "constraint", 45, "The peer dependency is webdriverio 7; webdriverio 5 and 6 are not supported."],
    ["appium", "constraint", 340, "Tests run against Appium 1.x."],
  ],
  { supersede: [["v7", "v5"]] },
);

family(
  "wdiokit-changelog",
  "wdiokit",
  [
    ["sv", "procedure", 300, "The changelog is generated by standard-version from the commit messages."],
    ["sv2", "procedure", 80, "standard-version writes CHANGELOG.md from the commits; do not edit it by hand."],
    ["release", "procedure", 290, "npm run release bumps the version, writes the changelog and tags the commit."],
    ["cc", "convention", 280, "Commit messages follow Conventional Commits so the changelog can be generated."],
  ],
  { merge: [["sv", "sv2"]] },
);

family(
  "wdiokit-platforms",
  "wdiokit",
  [
    ["ios", "fact", 200, "The iOS helpers are tested on the iPhone 11 simulator with iOS 13."],
    ["android", "fact", 198, "The Android helpers are tested on a Pixel 3 emulator with Android 10."],
    ["ios-new", "fact", 30, "The iOS helpers are tested on the iPhone 15 simulator with iOS 17."],
  ],
  { supersede: [["ios-new", "ios"]] },
);

family(
  "wdiokit-docs",
  "wdiokit",
  [
    ["typedoc", "procedure", 190, "API docs are generated with TypeDoc into docs/."],
    ["typedoc2", "procedure", 70, "TypeDoc generates the API documentation in the docs/ folder."],
    ["ghpages", "procedure", 185, "docs/ is published to GitHub Pages from the main branch."],
  ],
  { merge: [["typedoc", "typedoc2"]] },
);

family("wdiokit-selectors", "wdiokit", [
  ["acc", "convention", 150, "Select elements by accessibility id wherever possible."],
  ["xpath", "convention", 148, "Never use XPath selectors on iOS; they are too slow."],
  ["uiauto", "convention", 146, "On Android, UiAutomator selectors are allowed when there is no accessibility id."],
]);

family(
  "wdiokit-ci",
  "wdiokit",
  [
    ["travis", "decision", 320, "CI runs on Travis CI."],
    ["gha", "decision", 60, "CI moved from Travis CI to GitHub Actions."],
    ["saucelabs", "decision", 310, "Device tests in CI run on Sauce Labs."],
    ["matrix", "fact", 55, "The GitHub Actions workflow tests Node.js 14, 16 and 18."],
  ],
  { supersede: [["gha", "travis"]] },
);

family(
  "wdiokit-build",
  "wdiokit",
  [
    ["tsc", "procedure", 140, "npm run build compiles src/ to dist/ with tsc."],
    ["tsc2", "procedure", 65, "The build (npm run build) is plain tsc from src/ into dist/."],
    ["esm", "fact", 25, "The package ships CommonJS only; an ESM build is planned."],
  ],
  { merge: [["tsc", "tsc2"]] },
);

family("wdiokit-api", "wdiokit", [
  ["swipe", "fact", 130, "swipeUp() and swipeDown() scroll by 80% of the screen height."],
  ["swipeside", "fact", 128, "swipeLeft() and swipeRight() scroll by 80% of the screen width."],
  ["back", "fact", 126, "navigateBack() uses the hardware back button on Android and the navigation bar on iOS."],
]);

// =============================================================================================
// sousuo: a Chinese Python search service (contributing guide in Chinese)
// =============================================================================================

family(
  "sousuo-python",
  "sousuo",
  [
    ["py38", "constraint", 300, "开发需要 Python 3.8 及以上版本。"],
    ["py311", "constraint", 40, "开发需要 Python 3.11 及以上版本，3.8 不再支持。"],
    ["deps", "procedure", 290, "安装开发依赖：pip install -r requirements-dev.txt。"],
    ["deps2", "procedure", 60, "开发依赖用 pip install -r requirements-dev.txt 安装。"],
  ],
  { supersede: [["py311", "py38"]], merge: [["deps", "deps2"]] },
);

family(
  "sousuo-style",
  "sousuo",
  [
    ["pep8", "convention", 250, "代码遵循 PEP8 规范。"],
    ["pep8-2", "convention", 70, "所有 Python 代码都要符合 PEP8。"],
    ["docstring", "convention", 240, "重要函数必须写 docstring。"],
    ["typehint", "convention", 230, "公开函数必须有类型注解。"],
  ],
  { merge: [["pep8", "pep8-2"]] },
);

family(
  "sousuo-tests",
  "sousuo",
  [
    ["unit", "convention", 220, "新增功能必须附带单元测试。"],
    ["unit2", "convention", 50, "每个新功能都要有对应的单元测试。"],
    ["pytest", "procedure", 210, "用 pytest 运行全部测试。"],
    ["cov", "convention", 200, "测试覆盖率不得低于 80%。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "sousuo-commits",
  "sousuo",
  [
    ["cc", "convention", 200, "提交信息使用约定式提交格式。"],
    ["cc2", "convention", 45, "commit message 要遵循约定式提交（Conventional Commits）。"],
    ["scope", "convention", 190, "提交信息的 scope 写模块名，例如 feat(index): 。"],
    ["lang", "convention", 180, "提交信息用中文写。"],
  ],
  { merge: [["cc", "cc2"]] },
);

family(
  "sousuo-engine",
  "sousuo",
  [
    ["whoosh", "decision", 260, "全文检索使用 Whoosh。"],
    ["tantivy", "decision", 35, "全文检索从 Whoosh 换成了 tantivy-py。"],
    ["jieba", "decision", 250, "中文分词使用 jieba。"],
    ["vector", "decision", 30, "向量检索使用 FAISS 的 IndexFlatIP。"],
  ],
  { supersede: [["tantivy", "whoosh"]] },
);

family(
  "sousuo-llm",
  "sousuo",
  [
    ["model", "decision", 150, "查询改写使用 gpt-3.5-turbo。"],
    ["model-new", "decision", 20, "查询改写改用 gpt-4o-mini。"],
    ["timeout", "constraint", 140, "调用大模型的超时时间是 30 秒。"],
    ["timeout2", "constraint", 60, "大模型请求 30 秒没有返回就算超时。"],
  ],
  { supersede: [["model-new", "model"]], merge: [["timeout", "timeout2"]] },
);

family(
  "sousuo-config",
  "sousuo",
  [
    ["env", "convention", 180, "配置从 .env 文件读取，模板是 .env.example。"],
    ["yaml", "convention", 30, "配置改为从 config.yaml 读取，不再使用 .env 文件。"],
    ["key", "constraint", 170, "OPENAI_API_KEY 绝不能提交到仓库。"],
  ],
  { supersede: [["yaml", "env"]] },
);

family("sousuo-api", "sousuo", [
  ["search", "fact", 160, "搜索接口是 GET /search，参数 q 是查询词。"],
  ["suggest", "fact", 158, "联想接口是 GET /suggest，参数 q 是前缀。"],
  ["index", "fact", 156, "重建索引的接口是 POST /admin/reindex，需要管理员令牌。"],
]);

family(
  "sousuo-server",
  "sousuo",
  [
    ["flask", "decision", 240, "接口服务用 Flask 实现。"],
    ["fastapi", "decision", 40, "接口服务已从 Flask 迁移到 FastAPI。"],
    ["uvicorn", "procedure", 35, "本地用 uvicorn app.main:app --reload 启动服务。"],
    ["port", "fact", 100, "服务默认监听 8000 端口。"],
  ],
  { supersede: [["fastapi", "flask"]] },
);

family(
  "sousuo-lint",
  "sousuo",
  [
    ["flake8", "procedure", 210, "提交前运行 flake8 检查代码。"],
    ["ruff", "procedure", 30, "提交前运行 ruff check，flake8 已经不用了。"],
    ["black", "procedure", 200, "提交前用 black 格式化代码。"],
    ["black2", "procedure", 75, "代码在提交之前要先用 black 格式化。"],
  ],
  { supersede: [["ruff", "flake8"]], merge: [["black", "black2"]] },
);

family("sousuo-data", "sousuo", [
  ["corpus", "fact", 120, "测试语料在 data/corpus/ 下，每行一篇文档。"],
  ["stop", "fact", 118, "停用词表在 data/stopwords.txt。"],
  ["dict", "fact", 116, "自定义词典在 data/userdict.txt，给 jieba 用。"],
]);

// =============================================================================================
// zidong: a Chinese Windows UI-automation tool (contributing guide in Chinese)
// =============================================================================================

family(
  "zidong-branch",
  "zidong",
  [
    ["feature", "convention", 200, "新功能在 feature/ 开头的分支上开发，例如 feature/AmazingFeature。"],
    ["feature2", "convention", 50, "开发新特性要先建一个 feature/ 前缀的分支。"],
    ["fix", "convention", 190, "修复 bug 用 fix/ 开头的分支。"],
    ["pr", "procedure", 180, "推送分支后创建 Pull Request，不要直接推到 main。"],
  ],
  { merge: [["feature", "feature2"]] },
);

family(
  "zidong-types",
  "zidong",
  [
    ["types", "convention", 210, "提交类型有 feat、fix、docs、style、refactor、test、chore。"],
    ["types2", "convention", 70, "提交信息的类型只能是 feat、fix、docs、style、refactor、test 或 chore。"],
    ["style", "convention", 205, "style 类型只用于代码格式化，不改逻辑。"],
    ["chore", "convention", 200, "chore 类型用于构建过程或辅助工具的变动。"],
  ],
  { merge: [["types", "types2"]] },
);

family(
  "zidong-lib",
  "zidong",
  [
    ["pywinauto", "decision", 260, "界面自动化用 pywinauto 实现。"],
    ["uiautomation", "decision", 45, "界面自动化改用 uiautomation 库，pywinauto 已移除。"],
    ["backend", "decision", 250, "pywinauto 使用 uia 后端，不用 win32 后端。"],
    ["screenshot", "fact", 100, "截图用 mss 库。"],
  ],
  { supersede: [["uiautomation", "pywinauto"]] },
);

family(
  "zidong-python",
  "zidong",
  [
    ["py", "constraint", 230, "只支持 64 位的 Python 3.9。"],
    ["py-new", "constraint", 25, "只支持 64 位的 Python 3.12。"],
    ["win", "constraint", 220, "只支持 Windows 10 及以上。"],
  ],
  { supersede: [["py-new", "py"]] },
);

family(
  "zidong-comments",
  "zidong",
  [
    ["comments", "convention", 180, "添加必要的注释，保持代码简洁清晰。"],
    ["comments2", "convention", 60, "代码要简洁清晰，必要的地方写注释。"],
    ["cn", "convention", 170, "注释用中文写。"],
    ["names", "convention", 160, "变量名和函数名要有意义，不用拼音。"],
  ],
  { merge: [["comments", "comments2"]] },
);

family(
  "zidong-packaging",
  "zidong",
  [
    ["pyinstaller", "procedure", 170, "用 PyInstaller 打包成单个 exe：pyinstaller -F main.py。"],
    ["nuitka", "procedure", 30, "改用 Nuitka 打包 exe，不再使用 PyInstaller。"],
    ["sign", "procedure", 160, "发布前用公司证书给 exe 签名。"],
    ["upx", "procedure", 150, "打包时不要开启 UPX 压缩，会被杀毒软件误报。"],
  ],
  { supersede: [["nuitka", "pyinstaller"]] },
);

family(
  "zidong-logs",
  "zidong",
  [
    ["dir", "fact", 150, "日志写在 %APPDATA%/zidong/logs/ 下。"],
    ["dir2", "fact", 55, "运行日志保存在 %APPDATA%/zidong/logs/ 目录。"],
    ["level", "fact", 145, "默认日志级别是 INFO。"],
    ["level-new", "fact", 20, "默认日志级别改成了 WARNING。"],
  ],
  { merge: [["dir", "dir2"]], supersede: [["level-new", "level"]] },
);

family("zidong-flows", "zidong", [
  ["login", "procedure", 140, "登录流程：打开客户端，等待登录窗口，输入账号密码，点击登录。"],
  ["export", "procedure", 138, "导出流程：打开报表窗口，选择日期范围，点击导出，保存为 Excel。"],
  ["logout", "procedure", 136, "退出流程：点击右上角头像，选择退出登录，确认对话框。"],
]);

family("zidong-issues", "zidong", [
  ["issue", "procedure", 130, "报告 bug 时写清楚复现步骤，并附上截图或报错信息。"],
  ["feature", "procedure", 128, "功能请求请在 Issues 里说明需求和期望行为。"],
  ["security", "procedure", 126, "安全问题不要提公开 Issue，请发邮件给维护者。"],
]);

family(
  "zidong-timeouts",
  "zidong",
  [
    ["wait", "constraint", 120, "等待窗口出现的超时时间是 10 秒。"],
    ["wait-new", "constraint", 15, "等待窗口出现的超时时间改为 20 秒。"],
    ["click", "constraint", 118, "每次点击之后等待 0.5 秒再继续。"],
  ],
  { supersede: [["wait-new", "wait"]] },
);

// =============================================================================================
// Cross-project-looking hard negatives inside one project: the same rule for different scopes
// =============================================================================================

family("padsign-scope-lint", "padsign", [
  ["back", "convention", 100, "The backend uses 4-space indentation."],
  ["front", "convention", 98, "The frontend uses 2-space indentation."],
]);

family("mdprint-scope-browser", "mdprint", [
  ["chrome", "constraint", 90, "The Chrome build supports Chrome 109 and later."],
  ["firefox", "constraint", 88, "The Firefox build supports Firefox 115 and later."],
]);

family("epubshelf-scope-ci", "epubshelf", [
  ["local", "procedure", 90, "Locally, pnpm test runs in watch mode."],
  ["ci", "procedure", 88, "In CI, pnpm test runs once with --run and a JUnit reporter."],
]);

family("sousuo-scope-env", "sousuo", [
  ["dev", "fact", 90, "开发环境的数据库是本地的 SQLite 文件 dev.db。"],
  ["prod", "fact", 88, "生产环境的数据库是 PostgreSQL 15。"],
]);

family("wdiokit-scope-platform", "wdiokit", [
  ["ios", "constraint", 80, "On iOS, wait 2 seconds after launching the app before the first command."],
  ["android", "constraint", 78, "On Android, wait 5 seconds after launching the app before the first command."],
]);

family("zidong-scope-env", "zidong", [
  ["test", "constraint", 80, "测试环境的客户端安装在 D:/zidong-test/ 下。"],
  ["prod", "constraint", 78, "生产环境的客户端安装在 C:/Program Files/zidong/ 下。"],
]);

// Hard negatives: a rule and the same rule with a further rule added (not the same claim).
family("padsign-added-rule", "padsign", [
  ["base", "convention", 80, "Every exported function in the backend has a JSDoc comment."],
  ["plus", "convention", 40, "Every exported function in the backend has a JSDoc comment, and every @throws must list the error codes."],
]);

family("sousuo-added-rule", "sousuo", [
  ["base", "convention", 80, "接口返回的错误都要有 code 字段。"],
  ["plus", "convention", 40, "接口返回的错误都要有 code 字段，并且 4xx 错误还要写明是哪个参数出错。"],
]);

family("mdprint-added-rule", "mdprint", [
  ["base", "convention", 70, "Every user-facing string goes through chrome.i18n.getMessage."],
  ["plus", "convention", 30, "Every user-facing string goes through chrome.i18n.getMessage, and new strings must be added to the German file too."],
]);

// =============================================================================================
// Background: templated families sharing most words, none of them pairs
// =============================================================================================

["signer", "verifier", "timestamp", "upload", "audit"].forEach((svc, i) => {
  family(`bg-padsign-${svc}`, "padsign", [
    ["dir", "fact", 60 + i, `The ${svc} service code is in backend/src/${svc}/.`],
    ["test", "fact", 58 + i, `The ${svc} service tests are in backend/test/${svc}.test.ts.`],
  ]);
});

["popup", "options", "preview", "toolbar"].forEach((view, i) => {
  family(`bg-mdprint-${view}`, "mdprint", [
    ["file", "fact", 60 + i, `The ${view} page is src/${view}/${view}.html with its script in src/${view}/${view}.ts.`],
    ["owner", "fact", 58 + i, `Changes to the ${view} page need a screenshot in the pull request.`],
  ]);
});

["library", "reader", "search", "annotations", "settings"].forEach((screen, i) => {
  family(`bg-epubshelf-${screen}`, "epubshelf", [
    ["route", "fact", 60 + i, `The ${screen} screen is served at /${screen}.`],
    ["comp", "fact", 58 + i, `The ${screen} screen component is src/screens/${screen[0]!.toUpperCase()}${screen.slice(1)}Screen.tsx.`],
  ]);
});

["tap", "scroll", "alert", "keyboard"].forEach((helper, i) => {
  family(`bg-wdiokit-${helper}`, "wdiokit", [
    ["src", "fact", 60 + i, `The ${helper} helpers are in src/${helper}.ts.`],
    ["spec", "fact", 58 + i, `The ${helper} helpers are tested in test/specs/${helper}.spec.ts.`],
  ]);
});

["检索", "索引", "分词", "排序", "日志"].forEach((mod, i) => {
  family(`bg-sousuo-${i}`, "sousuo", [
    ["dir", "fact", 60 + i, `${mod}模块的代码在 app/${["search", "index", "tokenize", "rank", "logging"][i]}/ 下。`],
    ["owner", "fact", 58 + i, `${mod}模块由${["老张", "老李", "老赵", "老孙", "老周"][i]}负责。`],
  ]);
});

["登录", "报表", "导出", "设置"].forEach((flow, i) => {
  family(`bg-zidong-${i}`, "zidong", [
    ["file", "fact", 60 + i, `${flow}流程的脚本是 flows/${["login", "report", "export", "settings"][i]}.py。`],
    ["shot", "fact", 58 + i, `${flow}流程失败时会把截图保存到 screenshots/${["login", "report", "export", "settings"][i]}/ 下。`],
  ]);
});

// Stale: memories naming files the work tree no longer has.
family(
  "padsign-stale",
  "padsign",
  [
    ["old", "fact", 300, "The signing worker is backend/src/legacy/sign-worker.js."],
    ["keep", "fact", 100, "The signing queue is defined in backend/src/queue.ts."],
  ],
  { stale: ["old"], deleted: ["backend/src/legacy/sign-worker.js"] },
);

family(
  "sousuo-stale",
  "sousuo",
  [
    ["old", "fact", 300, "旧的检索入口是 app/legacy_search.py。"],
    ["keep", "fact", 100, "检索入口是 app/search/api.py。"],
  ],
  { stale: ["old"], deleted: ["app/legacy_search.py"] },
);

export const BLIND_FAMILIES_R7 = families;

export const halfOfR7 = halfOf;
