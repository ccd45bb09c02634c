/**
 * The round-fourteen blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r13
 * has been scored and so is tuning data now.
 *
 * Seven projects whose themes come from public upgrade guides and release notes that no earlier
 * set used (rules paraphrased and turned into a project's memories, not copied):
 * - quillstack (a marketing site on Tailwind CSS, v3 -> v4): "@tailwind directives -> @import
 *   "tailwindcss"; tailwind.config.js -> CSS @theme variables; shadow-sm -> shadow-xs;
 *   outline-none -> outline-hidden; bg-opacity-* -> the /50 opacity modifier; flex-shrink-* ->
 *   shrink-*; the PostCSS plugin -> @tailwindcss/vite; the default border colour gray-200 ->
 *   currentColor; ring 3px -> 1px; Safari 16.4+, Chrome 111+, Firefox 128+" — the Tailwind CSS
 *   upgrade guide, https://tailwindcss.com/docs/upgrade-guide;
 * - lintel (a shared ESLint setup, 8 -> 9): ".eslintrc -> eslint.config.js; .eslintignore ->
 *   ignores; --ext removed; env -> languageOptions.globals with the globals package; parser
 *   options in languageOptions; "eslint:recommended" -> js.configs.recommended; --rulesdir removed;
 *   no-unused-vars caughtErrors "all"; Node 18.18; context.getScope -> sourceCode.getScope" — the
 *   ESLint configuration migration guide and "Migrate to v9.x",
 *   https://eslint.org/docs/latest/use/configure/migration-guide and
 *   https://eslint.org/docs/latest/use/migrate-to-9.0.0;
 * - prismo (a Node library on Jest and Prettier): "trailingComma default es5 -> all; format()
 *   is async; plugins are ESM" — the Prettier 3.0 release post,
 *   https://prettier.io/blog/2023/07/05/3.0.0.html; "toBeCalled -> toHaveBeenCalled; toThrowError
 *   -> toThrow; --testPathPattern -> --testPathPatterns; genMockFromModule -> createMockFromModule;
 *   Node 18+" — the Jest 30 upgrade guide, https://jestjs.io/docs/upgrading-to-jest30;
 * - ledgerline (a bookkeeping service on SQLAlchemy, 1.4 -> 2.0): "Query -> select() with
 *   Session.execute/scalars; declarative_base() -> DeclarativeBase; Column -> mapped_column with
 *   Mapped[]; Query.get -> Session.get; engine.execute removed, text() on a connection;
 *   back_populates over backref" — "What's New in SQLAlchemy 2.0" and the 2.0 migration guide,
 *   https://docs.sqlalchemy.org/en/20/changelog/migration_20.html;
 * - Chinese: yunpan (a file-sharing web app, Vue 2 -> 3): "new Vue -> createApp; Vue.prototype ->
 *   app.config.globalProperties; filters removed; value/input -> modelValue/update:modelValue;
 *   .sync -> v-model:prop; $on/$off removed (mitt); beforeDestroy -> beforeUnmount; Vuex -> Pinia;
 *   Vue CLI -> Vite" — the Vue 3 migration guide (Chinese), https://v3-migration.vuejs.org/zh/;
 * - Chinese: tianshu (an admin console on Ant Design, v4 -> v5): "visible -> open; moment ->
 *   dayjs; less variables -> ConfigProvider theme tokens; babel-plugin-import not needed;
 *   antd.css -> reset.css; dropdownClassName -> popupClassName; Tabs.TabPane -> items; BackTop ->
 *   FloatButton.BackTop; PageHeader -> pro-components" — 从 v4 到 v5,
 *   https://ant.design/docs/react/migration-v5-cn;
 * - Chinese: gangkou (a Go logistics backend): "io/ioutil deprecated (1.16); any (1.18);
 *   slices in the standard library and log/slog (1.21); math/rand seeded automatically (1.20);
 *   per-iteration loop variables and method/path patterns in http.ServeMux (1.22)" — the Go
 *   release notes, https://go.dev/doc/go1.16, go1.18, go1.20, go1.21, go1.22.
 *
 * The hard cases are common: paraphrases that share few words (numbers in words: nine lines in
 * ten, one hundred, twenty, 五兆, 一周, 120 分钟, 十五秒), renamed options, methods and keys
 * with no cue word (shadow-sm -> shadow-xs, toBeCalled -> toHaveBeenCalled, visible -> open,
 * ioutil.ReadFile -> os.ReadFile), changed values without a cue word (Node 16 -> 18.18, Go 1.20 ->
 * 1.22, pool 5 -> twenty), reversed rules (v := v, rand.Seed), a rule and a further rule added
 * later (not a contradiction: *-review, ll-approvals, ts-confirm), different claims in one frame
 * (*-components, *-packages, *-roles, *-services, *-modules, *-pages) and procedures with
 * different steps (*-procs, *-release, *-deploy, *-export).
 *
 * Labels (written before the code was run on this set), as in blind-store-r13.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value (also when the
 *   number is said in other words), an explicit replacement (with or without a cue word), a renamed
 *   option, method or key, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r14:" + id),
 * even -> tuning, odd -> frozen (`halfOfR14`): 129 families and 509 memories; frozen 53 families
 * (207 memories, 15 merges, 25 supersessions, 5 stale), tuning 76 (302 memories, 20 merges,
 * 38 supersessions, 2 stale). Cross-family repeats inside a project were checked (word Jaccard
 * above 0.4: none) before the commit.
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r14");

// =============================================================================================
// quillstack: a marketing site and docs on Tailwind CSS (v3 -> v4 upgrade)
// =============================================================================================

family(
  "qs-entry",
  "quillstack",
  [
    ["directives", "convention", 300, "The main stylesheet starts with the three @tailwind base, components and utilities directives."],
    ["import", "convention", 30, 'The main stylesheet pulls Tailwind in with a single @import "tailwindcss".'],
    ["layer", "convention", 280, "Custom component classes go inside @layer components in src/styles/app.css."],
    ["x270", "convention", 270, "Global font faces are declared in src/styles/fonts.css."],
  ],
  { supersede: [["import", "directives"]] },
);

family(
  "qs-theme",
  "quillstack",
  [
    ["jsconfig", "convention", 290, "Brand colours and spacing are extended in tailwind.config.js under theme.extend."],
    ["cssvars", "convention", 35, "Brand colours are declared as --color-* variables inside the @theme block of app.css."],
    ["fontvar", "convention", 270, "The display font is exposed as the font-display utility."],
    ["x260", "fact", 260, "The brand palette has nine shades per colour, 50 to 900."],
  ],
  { supersede: [["cssvars", "jsconfig"]] },
);

family(
  "qs-shadow",
  "quillstack",
  [
    ["sm", "convention", 280, "Cards use shadow-sm; modals use shadow-lg."],
    ["xs", "convention", 30, "Cards use shadow-xs; modals use shadow-lg."],
    ["hover", "convention", 270, "Cards lift on hover with a larger shadow and a 150 ms transition."],
    ["x255", "convention", 255, "Buttons have no shadow at all."],
  ],
  { supersede: [["xs", "sm"]] },
);

family(
  "qs-outline",
  "quillstack",
  [
    ["none", "convention", 290, "Hide the browser focus outline on custom inputs with outline-none and draw a ring instead."],
    ["hidden", "convention", 40, "On custom inputs, remove the default focus outline with outline-hidden and show a focus ring."],
    ["visible", "convention", 270, "Every interactive element must have a visible focus style."],
    ["x260", "convention", 260, "Links are underlined only on hover."],
  ],
  { supersede: [["hidden", "none"]] },
);

family(
  "qs-opacity",
  "quillstack",
  [
    ["bgop", "convention", 280, "Overlays are bg-black with bg-opacity-50."],
    ["slash", "convention", 35, "The overlay behind dialogs is bg-black/50."],
    ["blur", "convention", 265, "Overlays also blur the page behind with backdrop-blur-sm."],
    ["x255", "fact", 255, "Dialogs are rendered into a portal at the end of body."],
  ],
  { supersede: [["slash", "bgop"]] },
);

family(
  "qs-shrink",
  "quillstack",
  [
    ["flexshrink", "convention", 270, "Icons inside flex rows get flex-shrink-0 so they keep their size."],
    ["shrink", "convention", 30, "Icons inside flex rows get shrink-0 so they keep their size."],
    ["grow", "convention", 260, "The label in a flex row takes the remaining width with grow."],
    ["x250", "convention", 250, "Icons are 1.25rem squares (size-5)."],
  ],
  { supersede: [["shrink", "flexshrink"]] },
);

family(
  "qs-postcss",
  "quillstack",
  [
    ["plugin", "fact", 290, "PostCSS runs tailwindcss and autoprefixer from postcss.config.js."],
    ["vite", "fact", 35, "Tailwind is compiled by the @tailwindcss/vite plugin in vite.config.ts; there is no PostCSS config any more."],
    ["purge", "fact", 270, "Unused classes are removed in production builds automatically."],
    ["x260", "fact", 260, "The site is built with Vite 6."],
  ],
  { supersede: [["vite", "plugin"]] },
);

family(
  "qs-border",
  "quillstack",
  [
    ["default", "fact", 280, "A bare border class draws a gray-200 line, so no colour class is needed."],
    ["current", "fact", 30, "A bare border class takes the text colour (currentColor); always add border-gray-200 or another colour."],
    ["width", "fact", 270, "Dividers between list items use divide-y."],
    ["x255", "fact", 255, "Table rows alternate with even:bg-gray-50."],
  ],
  { supersede: [["current", "default"]] },
);

family(
  "qs-ring",
  "quillstack",
  [
    ["ring3", "fact", 290, "The plain ring utility draws a 3px blue focus ring."],
    ["ring1", "fact", 40, "The plain ring utility is 1px wide in the text colour; focus states write ring-3 ring-blue-500 explicitly."],
    ["offset", "fact", 270, "Focus rings sit 2px off the element with ring-offset-2."],
    ["x260", "fact", 260, "Focus styles use focus-visible, not focus."],
  ],
  { supersede: [["ring1", "ring3"]] },
);

family(
  "qs-browsers",
  "quillstack",
  [
    ["old", "fact", 280, "The site supports Safari 14 and Chrome 90 and newer."],
    ["new", "fact", 30, "Supported browsers: Safari 16.4+, Chrome 111+, Firefox 128+."],
    ["ie", "fact", 270, "Internet Explorer is not supported."],
    ["x260", "fact", 260, "Browser support is checked with browserslist in package.json."],
  ],
  { supersede: [["new", "old"]] },
);

family(
  "qs-dev",
  "quillstack",
  [
    ["dev", "procedure", 290, "Run the site locally with npm run dev; it serves on port 5173."],
    ["dev2", "procedure", 35, "For a local preview, npm run dev starts Vite and the site appears at localhost:5173."],
    ["build", "procedure", 270, "npm run build writes the static site to dist/."],
    ["preview", "procedure", 260, "npm run preview serves the built dist/ on port 4173."],
  ],
  { merge: [["dev", "dev2"]] },
);

family(
  "qs-classorder",
  "quillstack",
  [
    ["sort", "convention", 280, "Class lists are sorted by prettier-plugin-tailwindcss; never order them by hand."],
    ["sort2", "convention", 40, "Leave the order of utility classes to the Prettier Tailwind plugin when formatting."],
    ["long", "convention", 270, "Class lists longer than a line are split with the cn() helper."],
    ["x255", "convention", 255, "Conditional classes are built with clsx."],
  ],
  { merge: [["sort", "sort2"]] },
);

family(
  "qs-dark",
  "quillstack",
  [
    ["class", "convention", 290, "Dark mode follows a dark class on the html element, toggled by the theme switch."],
    ["class2", "convention", 45, "The theme switch adds or removes the dark class on <html>, and dark: styles key off that class."],
    ["media", "convention", 270, "Without a stored choice, the theme follows prefers-color-scheme."],
    ["store", "convention", 260, "The chosen theme is stored in localStorage under quill-theme."],
  ],
  { merge: [["class", "class2"]] },
);

family("qs-components", "quillstack", [
  ["button", "convention", 280, "Buttons come from src/components/Button.tsx with variants primary, secondary and ghost."],
  ["badge", "convention", 270, "Badges come from src/components/Badge.tsx with variants neutral, success and danger."],
  ["input", "convention", 260, "Text inputs come from src/components/Input.tsx with sizes sm, md and lg."],
  ["card", "convention", 250, "Cards come from src/components/Card.tsx with padding none, sm and md."],
]);

family("qs-spacing", "quillstack", [
  ["section", "convention", 280, "Page sections are separated by py-24 on desktop."],
  ["sectionm", "convention", 270, "Page sections are separated by py-12 on mobile."],
  ["grid", "convention", 260, "Feature grids use gap-8 on desktop and gap-4 on mobile."],
  ["container", "convention", 250, "Content is capped at max-w-6xl and centred with mx-auto."],
]);

family("qs-deploy", "quillstack", [
  ["preview", "procedure", 280, "Every pull request gets a preview deploy on Netlify."],
  ["prod", "procedure", 270, "Merging to main deploys the site to production on Netlify."],
  ["rollback", "procedure", 260, "Roll back a bad deploy from the Netlify dashboard by publishing the previous deploy."],
  ["docs", "procedure", 250, "The docs subsite deploys from the docs/ folder as a separate Netlify site."],
]);

family(
  "qs-stale",
  "quillstack",
  [
    ["old", "fact", 280, "Typography overrides live in tailwind.typography.js."],
    ["keep", "fact", 70, "The prose styles for blog posts are in src/styles/prose.css."],
    ["x60", "fact", 60, "Blog posts are Markdown files in content/blog."],
  ],
  { stale: ["old"], deleted: ["tailwind.typography.js"] },
);

// =============================================================================================
// lintel: a shared lint setup for a TypeScript monorepo (ESLint 8 -> 9, flat config)
// =============================================================================================

family(
  "lt-config",
  "lintel",
  [
    ["rc", "convention", 300, "Lint rules live in .eslintrc.json at the repository root."],
    ["flat", "convention", 30, "Lint rules live in eslint.config.js at the repository root, as an exported array."],
    ["override", "convention", 280, "Test files get their own rule overrides (no-console allowed)."],
    ["x270", "convention", 270, "Each package may add rules but never turn off shared ones."],
  ],
  { supersede: [["flat", "rc"]] },
);

family(
  "lt-ignore",
  "lintel",
  [
    ["file", "convention", 290, "Generated folders are listed in .eslintignore."],
    ["ignores", "convention", 35, "Generated folders are skipped through an ignores entry in eslint.config.js."],
    ["gitignore", "convention", 270, "Build output is also excluded from git through .gitignore."],
    ["x255", "fact", 255, "Generated code goes to packages/*/generated."],
  ],
  { supersede: [["ignores", "file"]] },
);

family(
  "lt-ext",
  "lintel",
  [
    ["ext", "procedure", 280, "Lint with npx eslint . --ext .ts,.tsx."],
    ["files", "procedure", 30, "Lint with npx eslint .; which extensions are checked is set by the files patterns in the config."],
    ["fix", "procedure", 265, "Fix what can be fixed with npx eslint . --fix."],
    ["cache", "procedure", 255, "CI lints with --cache and keeps .eslintcache between runs."],
  ],
  { supersede: [["files", "ext"]] },
);

family(
  "lt-globals",
  "lintel",
  [
    ["env", "convention", 290, "Browser and Node globals are enabled with env: { browser: true, node: true }."],
    ["globals", "convention", 40, "Browser and Node globals come from the globals package, spread into languageOptions.globals."],
    ["jest", "convention", 270, "Test files also get the Vitest globals."],
    ["x260", "convention", 260, "Implicit globals are an error (no-undef)."],
  ],
  { supersede: [["globals", "env"]] },
);

family(
  "lt-parser",
  "lintel",
  [
    ["parseropt", "convention", 280, "The TypeScript parser is set with parser and parserOptions.project at the top of the config."],
    ["langopt", "convention", 35, "The TypeScript parser and its project service are set inside languageOptions."],
    ["tsconfig", "convention", 270, "Type-aware rules use tsconfig.eslint.json, which includes the test files."],
    ["x260", "fact", 260, "typescript-eslint is at version 8."],
  ],
  { supersede: [["langopt", "parseropt"]] },
);

family(
  "lt-recommended",
  "lintel",
  [
    ["string", "convention", 290, 'The base rules come from extends: ["eslint:recommended"].'],
    ["object", "convention", 30, "The base rules come from js.configs.recommended of @eslint/js, first in the config array."],
    ["ts", "convention", 270, "typescript-eslint's recommendedTypeChecked is layered on top of the base rules."],
    ["x255", "convention", 255, "Stylistic rules are left to Prettier."],
  ],
  { supersede: [["object", "string"]] },
);

family(
  "lt-rulesdir",
  "lintel",
  [
    ["rulesdir", "procedure", 280, "Our own rules are loaded with --rulesdir tools/eslint-rules."],
    ["plugin", "procedure", 35, "Our own rules ship as a local plugin object imported from tools/eslint-plugin-lintel."],
    ["test", "procedure", 265, "Each custom rule has RuleTester cases next to it."],
    ["x250", "convention", 250, "Custom rule names are kebab-case."],
  ],
  { supersede: [["plugin", "rulesdir"]] },
);

family(
  "lt-caught",
  "lintel",
  [
    ["none", "fact", 290, "no-unused-vars ignores unused catch parameters."],
    ["all", "fact", 30, "no-unused-vars reports unused catch parameters too; name them _err or omit the binding."],
    ["args", "fact", 270, "Unused function arguments are allowed when they start with an underscore."],
    ["x260", "fact", 260, "Unused imports are removed by the organise-imports step."],
  ],
  { supersede: [["all", "none"]] },
);

family(
  "lt-node",
  "lintel",
  [
    ["n16", "fact", 280, "The lint tooling needs Node 16 or newer."],
    ["n18", "fact", 30, "The lint tooling needs Node 18.18 or later."],
    ["nvm", "fact", 270, "The repository pins its Node version in .nvmrc."],
    ["x260", "fact", 260, "CI runs on the active LTS release."],
  ],
  { supersede: [["n18", "n16"]] },
);

family(
  "lt-scope",
  "lintel",
  [
    ["context", "convention", 280, "Custom rules read the current scope with context.getScope()."],
    ["source", "convention", 30, "Custom rules read the current scope with sourceCode.getScope(node)."],
    ["report", "convention", 270, "Custom rules report with messageId, never a raw message string."],
    ["x255", "convention", 255, "Custom rules declare meta.schema for their options."],
  ],
  { supersede: [["source", "context"]] },
);

family(
  "lt-staged",
  "lintel",
  [
    ["staged", "procedure", 290, "A pre-commit hook lints only the staged files through lint-staged."],
    ["staged2", "procedure", 40, "Before each commit, husky runs lint-staged so that just the files being committed are linted."],
    ["push", "procedure", 270, "A pre-push hook runs the type check."],
    ["skip", "procedure", 260, "Skip the hooks only with --no-verify and say why in the commit message."],
  ],
  { merge: [["staged", "staged2"]] },
);

family(
  "lt-warn",
  "lintel",
  [
    ["maxwarn", "convention", 280, "CI fails on any warning: eslint runs with --max-warnings 0."],
    ["maxwarn2", "convention", 35, "Warnings are not tolerated in the pipeline; a single one fails the lint job."],
    ["local", "convention", 270, "Locally, warnings are shown but do not block a commit."],
    ["x255", "convention", 255, "New rules start as warnings for one release, then become errors."],
  ],
  { merge: [["maxwarn", "maxwarn2"]] },
);

family(
  "lt-disable",
  "lintel",
  [
    ["why", "convention", 290, "Every eslint-disable comment must name the rule and give a reason after --."],
    ["why2", "convention", 40, "Inline rule suppressions have to say which rule and include a justification."],
    ["file", "convention", 270, "Disabling a rule for a whole file needs a reviewer's approval."],
    ["unused", "convention", 260, "Unused disable directives are reported (reportUnusedDisableDirectives)."],
  ],
  { merge: [["why", "why2"]] },
);

family("lt-packages", "lintel", [
  ["web", "fact", 280, "packages/web is linted with the React config."],
  ["api", "fact", 270, "packages/api is linted with the Node config."],
  ["shared", "fact", 260, "packages/shared is linted with the base config only."],
  ["cli", "fact", 250, "packages/cli is linted with the Node config plus the no-process-exit rule."],
]);

family("lt-release", "lintel", [
  ["changeset", "procedure", 280, "Every change to the shared config needs a changeset (npx changeset)."],
  ["version", "procedure", 270, "Release by merging the Version Packages pull request that changesets opens."],
  ["publish", "procedure", 260, "The release workflow publishes the config to the internal npm registry."],
  ["major", "procedure", 250, "A new error-level rule is a major version of the config."],
]);

family("lt-import", "lintel", [
  ["order", "convention", 280, "Imports are grouped: node builtins, external packages, then internal aliases."],
  ["cycle", "convention", 270, "Import cycles are an error (import/no-cycle)."],
  ["default", "convention", 260, "Default exports are not allowed outside Next.js page files."],
  ["type", "convention", 250, "Type-only imports use import type."],
]);

family(
  "lt-stale",
  "lintel",
  [
    ["old", "fact", 280, "The legacy shared config is exported from packages/config/legacy.eslintrc.js."],
    ["keep", "fact", 65, "The shared flat config is exported from packages/config/index.js."],
    ["x55", "fact", 55, "The config package has its own README with the rule list."],
  ],
  { stale: ["old"], deleted: ["packages/config/legacy.eslintrc.js"] },
);

// =============================================================================================
// prismo: a Node library tested with Jest and formatted with Prettier (Jest 29 -> 30, Prettier 2 -> 3)
// =============================================================================================

family(
  "pr-comma",
  "prismo",
  [
    ["es5", "fact", 290, "Prettier adds trailing commas only where ES5 allows them (objects and arrays)."],
    ["all", "fact", 30, "Prettier puts trailing commas everywhere they are legal, function parameters included."],
    ["semi", "fact", 275, "Prettier keeps semicolons."],
    ["x265", "fact", 265, "Prettier uses double quotes."],
  ],
  { supersede: [["all", "es5"]] },
);

family(
  "pr-width",
  "prismo",
  [
    ["w80", "convention", 280, "Prettier's print width is 80 columns."],
    ["w100", "convention", 30, "Lines wrap at one hundred columns (printWidth in .prettierrc)."],
    ["tab", "convention", 270, "Indentation is two spaces, never tabs."],
    ["md", "convention", 260, "Markdown files keep their own line breaks (proseWrap preserve)."],
  ],
  { supersede: [["w100", "w80"]] },
);

family(
  "pr-format-api",
  "prismo",
  [
    ["sync", "convention", 290, "The codegen script formats its output with prettier.format(source, options) and writes the result."],
    ["async", "convention", 35, "The codegen script must await prettier.format(source, options) before writing the file."],
    ["check", "convention", 270, "CI runs prettier --check on the generated files."],
    ["x255", "fact", 255, "Generated files live in src/generated."],
  ],
  { supersede: [["async", "sync"]] },
);

family(
  "pr-called",
  "prismo",
  [
    ["tobecalled", "convention", 280, "Assert that a mock ran with expect(fn).toBeCalled() and toBeCalledWith(...)."],
    ["tohavebeen", "convention", 30, "Assert that a mock ran with expect(fn).toHaveBeenCalled() and toHaveBeenCalledWith(...)."],
    ["times", "convention", 270, "When the count matters, assert it with toHaveBeenCalledTimes."],
    ["x260", "convention", 260, "Reset mocks between tests with restoreMocks in the Jest config."],
  ],
  { supersede: [["tohavebeen", "tobecalled"]] },
);

family(
  "pr-throw",
  "prismo",
  [
    ["error", "convention", 290, "Check thrown errors with toThrowError(/message/)."],
    ["throw", "convention", 40, "Check thrown errors with toThrow(/message/)."],
    ["reject", "convention", 270, "Check rejected promises with await expect(p).rejects.toThrow()."],
    ["x255", "convention", 255, "Error messages start with the function name."],
  ],
  { supersede: [["throw", "error"]] },
);

family(
  "pr-pattern",
  "prismo",
  [
    ["single", "procedure", 280, "Run one test file with npx jest --testPathPattern parser."],
    ["plural", "procedure", 30, "Run one test file with npx jest --testPathPatterns parser."],
    ["name", "procedure", 270, "Run one test by name with npx jest -t 'parses empty input'."],
    ["watch", "procedure", 260, "Use npx jest --watch while working on a module."],
  ],
  { supersede: [["plural", "single"]] },
);

family(
  "pr-mockmodule",
  "prismo",
  [
    ["gen", "convention", 290, "Build an automatic mock of a module with jest.genMockFromModule('./client')."],
    ["create", "convention", 35, "Build an automatic mock of a module with jest.createMockFromModule('./client')."],
    ["manual", "convention", 275, "Manual mocks go in a __mocks__ folder beside the module."],
    ["x260", "convention", 260, "Never mock the module under test."],
  ],
  { supersede: [["create", "gen"]] },
);

family(
  "pr-env",
  "prismo",
  [
    ["jsdom", "fact", 280, "Tests run in the jsdom environment by default."],
    ["node", "fact", 30, "The default test environment is node; browser-facing tests opt in with a @jest-environment jsdom docblock."],
    ["setup", "fact", 270, "Shared setup is in test/setup.ts (setupFilesAfterEach)."],
    ["x255", "fact", 255, "Fake timers are modern fake timers."],
  ],
  { supersede: [["node", "jsdom"]] },
);

family(
  "pr-nodes",
  "prismo",
  [
    ["n14", "fact", 290, "The library supports Node 14 and later."],
    ["n18", "fact", 30, "The lowest Node release the library supports is 18."],
    ["esm", "fact", 270, "The package ships both ESM and CommonJS builds."],
    ["x260", "fact", 260, "The engines field in package.json states the supported Node versions."],
  ],
  { supersede: [["n18", "n14"]] },
);

family(
  "pr-coverage",
  "prismo",
  [
    ["cov", "convention", 280, "Line coverage must stay at 90% or more; CI enforces it through coverageThreshold."],
    ["cov2", "convention", 35, "The build breaks if fewer than nine lines in ten are covered by tests."],
    ["branch", "convention", 270, "Branch coverage is reported but not enforced."],
    ["x255", "convention", 255, "Coverage reports are uploaded as a CI artifact."],
  ],
  { merge: [["cov", "cov2"]] },
);

family(
  "pr-snap",
  "prismo",
  [
    ["inline", "convention", 290, "Prefer inline snapshots (toMatchInlineSnapshot) for small outputs."],
    ["inline2", "convention", 40, "Small expected outputs are kept in the test itself as inline snapshots rather than in .snap files."],
    ["update", "convention", 270, "Update snapshots only with npx jest -u after reading the diff."],
    ["obsolete", "convention", 260, "Obsolete snapshots fail CI (--ci)."],
  ],
  { merge: [["inline", "inline2"]] },
);

family(
  "pr-plugins",
  "prismo",
  [
    ["esm", "fact", 280, "Our Prettier plugin for the DSL files is written as an ES module."],
    ["esm2", "fact", 40, "The DSL formatter plugin for Prettier is ESM-only (import/export, no require)."],
    ["load", "fact", 270, "The plugin is listed in .prettierrc under plugins."],
    ["x260", "fact", 260, "DSL files use the .pmo extension."],
  ],
  { merge: [["esm", "esm2"]] },
);

family("pr-scripts", "prismo", [
  ["test", "procedure", 280, "npm test runs Jest once over the whole suite."],
  ["testw", "procedure", 270, "npm run test:watch runs Jest in watch mode."],
  ["format", "procedure", 260, "npm run format rewrites every file with Prettier."],
  ["formatc", "procedure", 250, "npm run format:check only reports unformatted files."],
]);

family("pr-publish", "prismo", [
  ["build", "procedure", 280, "Build the package with npm run build, which writes dist/esm and dist/cjs."],
  ["pack", "procedure", 270, "Check the tarball with npm pack --dry-run before publishing."],
  ["publish", "procedure", 260, "Publish with npm publish --provenance from the release workflow only."],
  ["tag", "procedure", 250, "Tag the release as vX.Y.Z after publishing."],
]);

family("pr-review", "prismo", [
  ["one", "convention", 280, "Every pull request needs one approving review."],
  ["api", "convention", 60, "Pull requests that change the public API also need a maintainer's approval and a changelog entry."],
  ["green", "convention", 270, "Merge only with a green CI run."],
  ["squash", "convention", 260, "Pull requests are squash-merged."],
]);

family(
  "pr-stale",
  "prismo",
  [
    ["old", "fact", 280, "The Jest config is in jest.config.cjs."],
    ["keep", "fact", 60, "The Prettier config is in .prettierrc.json."],
    ["x55", "fact", 55, "The TypeScript config for tests is tsconfig.test.json."],
  ],
  { stale: ["old"], deleted: ["jest.config.cjs"] },
);

// =============================================================================================
// ledgerline: a Python bookkeeping service on SQLAlchemy (1.4 -> 2.0) and Flask
// =============================================================================================

family(
  "ll-query",
  "ledgerline",
  [
    ["query", "convention", 300, "Load rows with session.query(Account).filter_by(owner_id=uid).all()."],
    ["select", "convention", 30, "Load rows with session.scalars(select(Account).where(Account.owner_id == uid)).all()."],
    ["page", "convention", 280, "List endpoints page with limit and offset, 50 rows a page."],
    ["x270", "convention", 270, "Queries never run inside templates."],
  ],
  { supersede: [["select", "query"]] },
);

family(
  "ll-base",
  "ledgerline",
  [
    ["declbase", "convention", 290, "Models inherit from Base = declarative_base() in ledgerline/db.py."],
    ["declclass", "convention", 35, "Models inherit from class Base(DeclarativeBase) in ledgerline/db.py."],
    ["naming", "convention", 270, "Table names are plural snake_case, set with __tablename__."],
    ["x260", "convention", 260, "Every model has created_at and updated_at columns."],
  ],
  { supersede: [["declclass", "declbase"]] },
);

family(
  "ll-column",
  "ledgerline",
  [
    ["column", "convention", 280, "Declare columns as amount = Column(Numeric(12, 2), nullable=False)."],
    ["mapped", "convention", 30, "Declare columns as amount: Mapped[Decimal] = mapped_column(Numeric(12, 2))."],
    ["money", "convention", 270, "Money is never stored as a float."],
    ["x255", "convention", 255, "Currency codes are stored as three-letter ISO strings."],
  ],
  { supersede: [["mapped", "column"]] },
);

family(
  "ll-get",
  "ledgerline",
  [
    ["queryget", "convention", 290, "Fetch a row by primary key with session.query(Invoice).get(invoice_id)."],
    ["sessionget", "convention", 40, "Fetch a row by primary key with session.get(Invoice, invoice_id)."],
    ["404", "convention", 270, "A missing row in a view becomes a 404 through get_or_404."],
    ["x260", "convention", 260, "Primary keys are UUIDv7."],
  ],
  { supersede: [["sessionget", "queryget"]] },
);

family(
  "ll-rawsql",
  "ledgerline",
  [
    ["engine", "convention", 280, 'One-off SQL in scripts runs through engine.execute("...").'],
    ["conn", "convention", 30, 'One-off SQL in scripts runs with conn.execute(text("...")) inside engine.begin().'],
    ["params", "convention", 270, "SQL always takes bound parameters, never f-strings."],
    ["x255", "fact", 255, "Maintenance scripts live in scripts/maintenance."],
  ],
  { supersede: [["conn", "engine"]] },
);

family(
  "ll-relations",
  "ledgerline",
  [
    ["backref", "convention", 290, "Relationships are declared once with backref= on one side."],
    ["backpop", "convention", 35, "Relationships are declared on both sides with back_populates=."],
    ["lazy", "convention", 270, "Collections load with selectinload in list views."],
    ["x260", "convention", 260, "Cascade delete is set only on owned children."],
  ],
  { supersede: [["backpop", "backref"]] },
);

family(
  "ll-pool",
  "ledgerline",
  [
    ["p5", "fact", 280, "The database pool holds 5 connections with 10 overflow."],
    ["p20", "fact", 30, "The database pool holds twenty connections with 10 overflow."],
    ["recycle", "fact", 270, "Pooled connections are recycled after 30 minutes."],
    ["x255", "fact", 255, "The database is PostgreSQL 16."],
  ],
  { supersede: [["p20", "p5"]] },
);

family(
  "ll-flask",
  "ledgerline",
  [
    ["run", "procedure", 290, "Start the app locally with flask --app ledgerline run --debug."],
    ["run2", "procedure", 40, "To work on the app, launch it via the flask command with the ledgerline app and debug mode on."],
    ["shell", "procedure", 270, "Open a shell with the app context with flask --app ledgerline shell."],
    ["worker", "procedure", 260, "Start the Celery worker with celery -A ledgerline.tasks worker."],
  ],
  { merge: [["run", "run2"]] },
);

family(
  "ll-migrate",
  "ledgerline",
  [
    ["alembic", "procedure", 280, "After changing a model, generate a migration with alembic revision --autogenerate -m and review it by hand."],
    ["alembic2", "procedure", 35, "Model changes need an autogenerated Alembic revision, and the generated file must be read before committing."],
    ["upgrade", "procedure", 270, "Apply migrations with alembic upgrade head."],
    ["down", "procedure", 260, "Every migration must have a working downgrade."],
  ],
  { merge: [["alembic", "alembic2"]] },
);

family(
  "ll-rounding",
  "ledgerline",
  [
    ["round", "convention", 290, "Amounts are rounded half-even (banker's rounding) only when an invoice is finalised."],
    ["round2", "convention", 40, "Finalising an invoice is the one place money gets rounded, and it uses ROUND_HALF_EVEN."],
    ["tax", "convention", 270, "Tax is computed per line, then summed."],
    ["x255", "convention", 255, "Discounts apply before tax."],
  ],
  { merge: [["round", "round2"]] },
);

family(
  "ll-tests",
  "ledgerline",
  [
    ["tx", "convention", 280, "Each test runs inside a transaction that is rolled back at the end."],
    ["tx2", "convention", 35, "Tests never leave rows behind: the fixture wraps every test in a transaction and rolls it back."],
    ["pg", "convention", 270, "Tests run against a real PostgreSQL from docker compose, not SQLite."],
    ["x260", "convention", 260, "Slow tests are marked with @pytest.mark.slow."],
  ],
  { merge: [["tx", "tx2"]] },
);

family("ll-procs", "ledgerline", [
  ["close", "procedure", 280, "Month-end close: freeze the period, run the accrual job, then export the trial balance."],
  ["reopen", "procedure", 270, "Reopening a period: unfreeze it, reverse the accrual job, then notify finance."],
  ["year", "procedure", 260, "Year-end close: close December, roll retained earnings, then freeze the year."],
  ["audit", "procedure", 250, "Audit export: freeze the period, then export the journal and the trial balance as CSV."],
]);

family("ll-backup", "ledgerline", [
  ["nightly", "procedure", 280, "The database is backed up nightly with pg_dump to the backups bucket."],
  ["restore", "procedure", 270, "Restore a backup into a scratch database first with pg_restore --create, never into production."],
  ["verify", "procedure", 260, "Verify each nightly backup by restoring it into the scratch database on Sundays."],
  ["retain", "procedure", 250, "Nightly backups are kept for 35 days."],
]);

family("ll-roles", "ledgerline", [
  ["viewer", "fact", 280, "The viewer role can read invoices but not export them."],
  ["clerk", "fact", 270, "The clerk role can create and edit draft invoices."],
  ["controller", "fact", 260, "The controller role can finalise invoices and close periods."],
  ["admin", "fact", 250, "The admin role manages users but cannot finalise invoices."],
]);

family("ll-approvals", "ledgerline", [
  ["any", "convention", 280, "Refunds need one approval from a controller."],
  ["large", "convention", 60, "Refunds above 10,000 EUR also need the CFO's sign-off."],
  ["log", "convention", 270, "Every refund approval is written to the audit log."],
  ["x255", "convention", 255, "Refunds go back to the original payment method."],
]);

family(
  "ll-stale",
  "ledgerline",
  [
    ["old", "fact", 280, "The 1.4 compatibility helpers are in ledgerline/db_compat.py."],
    ["keep", "fact", 65, "Session handling is in ledgerline/db.py."],
    ["x55", "fact", 55, "Model modules are under ledgerline/models/."],
  ],
  { stale: ["old"], deleted: ["ledgerline/db_compat.py"] },
);

// =============================================================================================
// yunpan: a file-sharing web app moving from Vue 2 to Vue 3 (Chinese)
// =============================================================================================

family(
  "yp-create",
  "yunpan",
  [
    ["newvue", "convention", 300, "入口 main.js 里用 new Vue({ render: h => h(App) }).$mount('#app') 挂载应用。"],
    ["createapp", "convention", 30, "入口 main.js 里用 createApp(App).mount('#app') 挂载应用。"],
    ["router", "convention", 280, "路由实例在 src/router/index.js 创建，入口里注册。"],
    ["x270", "convention", 270, "入口文件只做注册，不写业务逻辑。"],
  ],
  { supersede: [["createapp", "newvue"]] },
);

family(
  "yp-global",
  "yunpan",
  [
    ["prototype", "convention", 290, "全局的请求方法挂在 Vue.prototype.$http 上。"],
    ["globalprops", "convention", 35, "全局的请求方法挂在 app.config.globalProperties.$http 上。"],
    ["axios", "convention", 270, "请求统一走 src/api/http.js 里封装的 axios 实例。"],
    ["x260", "convention", 260, "接口超时统一提示“网络繁忙”。"],
  ],
  { supersede: [["globalprops", "prototype"]] },
);

family(
  "yp-filters",
  "yunpan",
  [
    ["filter", "convention", 280, "文件大小在模板里用过滤器显示：{{ size | fileSize }}。"],
    ["method", "convention", 30, "文件大小在模板里调用 formatSize(size) 方法显示，不再用过滤器。"],
    ["units", "convention", 270, "文件大小按 1024 进位，显示到 KB、MB、GB。"],
    ["x255", "convention", 255, "日期统一显示成 YYYY-MM-DD HH:mm。"],
  ],
  { supersede: [["method", "filter"]] },
);

family(
  "yp-vmodel",
  "yunpan",
  [
    ["value", "convention", 290, "自定义输入组件接收 value 属性，修改时触发 input 事件。"],
    ["modelvalue", "convention", 40, "自定义输入组件接收 modelValue 属性，修改时触发 update:modelValue 事件。"],
    ["emits", "convention", 270, "组件触发的事件都要在 emits 选项里声明。"],
    ["x260", "convention", 260, "表单组件放在 src/components/form 下。"],
  ],
  { supersede: [["modelvalue", "value"]] },
);

family(
  "yp-sync",
  "yunpan",
  [
    ["sync", "convention", 280, "弹窗的显示状态用 :visible.sync 双向绑定。"],
    ["vmodelarg", "convention", 30, "弹窗的显示状态用 v-model:visible 双向绑定。"],
    ["close", "convention", 270, "弹窗关闭时要清空表单。"],
    ["x255", "convention", 255, "同一时间只允许打开一个弹窗。"],
  ],
  { supersede: [["vmodelarg", "sync"]] },
);

family(
  "yp-bus",
  "yunpan",
  [
    ["eventbus", "convention", 290, "跨组件通知用一个空的 Vue 实例做事件总线，$on 监听、$emit 触发。"],
    ["mitt", "convention", 35, "跨组件通知用 mitt 创建的事件总线（src/utils/bus.js），on 监听、emit 触发。"],
    ["off", "convention", 270, "组件卸载时要取消自己注册的监听。"],
    ["x260", "convention", 260, "能用 props 和事件解决的不要走总线。"],
  ],
  { supersede: [["mitt", "eventbus"]] },
);

family(
  "yp-hooks",
  "yunpan",
  [
    ["destroy", "convention", 280, "定时器在 beforeDestroy 钩子里清除。"],
    ["unmount", "convention", 30, "定时器在 beforeUnmount 钩子里清除。"],
    ["mounted", "convention", 270, "需要 DOM 的初始化放在 mounted 里。"],
    ["x255", "convention", 255, "轮询间隔统一是 5 秒。"],
  ],
  { supersede: [["unmount", "destroy"]] },
);

family(
  "yp-store",
  "yunpan",
  [
    ["vuex", "convention", 290, "全局状态放在 Vuex 里，按模块拆在 src/store/modules。"],
    ["pinia", "convention", 35, "全局状态用 Pinia，每个领域一个 store，放在 src/stores。"],
    ["persist", "convention", 270, "登录信息要持久化到 localStorage。"],
    ["x260", "convention", 260, "组件里不直接改全局状态，通过 action 修改。"],
  ],
  { supersede: [["pinia", "vuex"]] },
);

family(
  "yp-build",
  "yunpan",
  [
    ["cli", "procedure", 280, "本地开发用 npm run serve（Vue CLI），端口 8080。"],
    ["vite", "procedure", 30, "本地开发用 npm run dev（Vite），端口 5173。"],
    ["proxy", "procedure", 270, "开发时 /api 代理到测试环境。"],
    ["x255", "procedure", 255, "打包产物在 dist 目录。"],
  ],
  { supersede: [["vite", "cli"]] },
);

family(
  "yp-upload",
  "yunpan",
  [
    ["chunk", "fact", 290, "大文件分片上传，每片 5 MB。"],
    ["chunk2", "fact", 40, "上传大文件时切成一片片的，每一片五兆。"],
    ["resume", "fact", 270, "上传中断后可以从最后一个成功的分片继续。"],
    ["hash", "fact", 260, "秒传靠文件的 MD5 判断。"],
  ],
  { merge: [["chunk", "chunk2"]] },
);

family(
  "yp-share",
  "yunpan",
  [
    ["expire", "fact", 280, "分享链接默认七天后失效。"],
    ["expire2", "fact", 35, "生成的分享链接，过一周就打不开了（默认设置）。"],
    ["code", "fact", 270, "分享链接可以设置四位提取码。"],
    ["x255", "fact", 255, "分享记录在“我的分享”页面里。"],
  ],
  { merge: [["expire", "expire2"]] },
);

family(
  "yp-i18n",
  "yunpan",
  [
    ["keys", "convention", 290, "界面文案不要写死在模板里，都放进 src/locales 的语言包，用 $t 取。"],
    ["keys2", "convention", 40, "所有显示给用户的文字都要走国际化：在 locales 里加键，模板里调用 $t。"],
    ["en", "convention", 270, "新增文案时中英文两份语言包都要加。"],
    ["x260", "convention", 260, "语言包的键用点分隔的小写英文。"],
  ],
  { merge: [["keys", "keys2"]] },
);

family("yp-pages", "yunpan", [
  ["files", "fact", 280, "文件列表页是 src/views/Files.vue，路由 /files。"],
  ["recycle", "fact", 270, "回收站页是 src/views/Recycle.vue，路由 /recycle。"],
  ["share", "fact", 260, "分享管理页是 src/views/Shares.vue，路由 /shares。"],
  ["settings", "fact", 250, "设置页是 src/views/Settings.vue，路由 /settings。"],
]);

family("yp-release", "yunpan", [
  ["test", "procedure", 280, "发测试环境：合并到 develop 分支，流水线自动部署。"],
  ["prod", "procedure", 270, "发生产环境：从 develop 拉 release 分支，测试通过后合并到 main 并打标签。"],
  ["hotfix", "procedure", 260, "线上紧急修复：从 main 拉 hotfix 分支，修完同时合回 main 和 develop。"],
  ["rollback", "procedure", 250, "生产回滚：在流水线里重新部署上一个标签。"],
]);

family("yp-review", "yunpan", [
  ["one", "convention", 280, "合并请求至少要一个人审核通过。"],
  ["style", "convention", 60, "改了公共组件的合并请求，还要前端负责人审核。"],
  ["ci", "convention", 270, "流水线没通过不能合并。"],
  ["x255", "convention", 255, "合并请求的标题写清楚改了什么。"],
]);

family(
  "yp-stale",
  "yunpan",
  [
    ["old", "fact", 280, "Vue 2 的兼容垫片在 src/compat/vue2-shim.js。"],
    ["keep", "fact", 60, "全局样式在 src/styles/global.scss。"],
    ["x55", "fact", 55, "图标组件在 src/components/icons。"],
  ],
  { stale: ["old"], deleted: ["src/compat/vue2-shim.js"] },
);

// =============================================================================================
// tianshu: an internal admin console on React and Ant Design (v4 -> v5) (Chinese)
// =============================================================================================

family(
  "ts-open",
  "tianshu",
  [
    ["visible", "convention", 300, "弹窗和抽屉的显隐用 visible 属性控制。"],
    ["open", "convention", 30, "弹窗和抽屉的显隐用 open 属性控制。"],
    ["destroy", "convention", 280, "关闭弹窗时销毁内容（destroyOnClose）。"],
    ["x270", "convention", 270, "弹窗宽度统一 640 像素。"],
  ],
  { supersede: [["open", "visible"]] },
);

family(
  "ts-date",
  "tianshu",
  [
    ["moment", "convention", 290, "日期处理用 moment，日期选择器的值也是 moment 对象。"],
    ["dayjs", "convention", 35, "日期处理用 dayjs，日期选择器的值是 dayjs 对象。"],
    ["tz", "convention", 270, "所有时间按北京时间显示。"],
    ["x260", "convention", 260, "接口里的时间都是 ISO 8601 字符串。"],
  ],
  { supersede: [["dayjs", "moment"]] },
);

family(
  "ts-theme",
  "tianshu",
  [
    ["less", "convention", 280, "主题色通过覆盖 less 变量 @primary-color 修改。"],
    ["token", "convention", 30, "主题色通过 ConfigProvider 的 theme.token.colorPrimary 设置。"],
    ["dark", "convention", 270, "暗色模式用 theme.darkAlgorithm。"],
    ["x255", "fact", 255, "品牌主色是 #1f6feb。"],
  ],
  { supersede: [["token", "less"]] },
);

family(
  "ts-import",
  "tianshu",
  [
    ["babel", "convention", 290, "按需加载组件靠 babel-plugin-import 配置。"],
    ["treeshake", "convention", 40, "组件直接从 antd 引入，按需加载靠打包工具的 tree shaking，不用额外插件。"],
    ["icons", "convention", 270, "图标从 @ant-design/icons 单独引入。"],
    ["x260", "convention", 260, "不要从 antd/lib 下的路径引入。"],
  ],
  { supersede: [["treeshake", "babel"]] },
);

family(
  "ts-css",
  "tianshu",
  [
    ["antdcss", "convention", 280, "入口里引入 antd/dist/antd.css 作为全局样式。"],
    ["reset", "convention", 30, "入口里只引入 antd/dist/reset.css，组件样式由 CSS-in-JS 生成。"],
    ["scope", "convention", 270, "业务样式用 CSS Modules，避免全局污染。"],
    ["x255", "convention", 255, "不要覆盖 .ant- 开头的类名。"],
  ],
  { supersede: [["reset", "antdcss"]] },
);

family(
  "ts-popup",
  "tianshu",
  [
    ["dropdowncls", "convention", 290, "下拉框浮层的样式用 dropdownClassName 加类名。"],
    ["popupcls", "convention", 35, "下拉框浮层的样式用 popupClassName 加类名。"],
    ["container", "convention", 270, "浮层挂在页面容器上（getPopupContainer），避免滚动错位。"],
    ["x260", "convention", 260, "下拉选项超过 20 个要支持搜索。"],
  ],
  { supersede: [["popupcls", "dropdowncls"]] },
);

family(
  "ts-tabs",
  "tianshu",
  [
    ["tabpane", "convention", 280, "标签页用 <Tabs.TabPane> 子元素写。"],
    ["items", "convention", 30, "标签页通过 Tabs 的 items 数组配置。"],
    ["menu", "convention", 270, "侧边菜单的数据来自路由配置。"],
    ["x255", "convention", 255, "标签页切换时不重新请求数据。"],
  ],
  { supersede: [["items", "tabpane"]] },
);

family(
  "ts-backtop",
  "tianshu",
  [
    ["backtop", "convention", 290, "长列表页面右下角放 BackTop 组件。"],
    ["float", "convention", 40, "长列表页面右下角放 FloatButton.BackTop。"],
    ["help", "convention", 270, "每个页面右上角有帮助入口。"],
    ["x260", "convention", 260, "列表默认每页 20 条。"],
  ],
  { supersede: [["float", "backtop"]] },
);

family(
  "ts-pageheader",
  "tianshu",
  [
    ["antd", "convention", 280, "页面标题区用 antd 的 PageHeader。"],
    ["pro", "convention", 30, "页面标题区用 @ant-design/pro-components 里的 PageContainer。"],
    ["breadcrumb", "convention", 270, "标题区上方显示面包屑。"],
    ["x255", "convention", 255, "页面标题和菜单名保持一致。"],
  ],
  { supersede: [["pro", "antd"]] },
);

family(
  "ts-table",
  "tianshu",
  [
    ["server", "convention", 290, "表格一律服务端分页，页码和条数放在地址栏参数里。"],
    ["server2", "convention", 40, "列表翻页交给后端做，当前第几页、每页多少条都同步到 URL 上。"],
    ["sort", "convention", 270, "表格排序也走后端。"],
    ["x260", "convention", 260, "表格空状态显示“暂无数据”。"],
  ],
  { merge: [["server", "server2"]] },
);

family(
  "ts-perm",
  "tianshu",
  [
    ["btn", "convention", 280, "没有权限的按钮直接不渲染，而不是置灰。"],
    ["btn2", "convention", 35, "用户无权操作时，对应按钮应当隐藏，不要显示成禁用状态。"],
    ["route", "convention", 270, "没有权限的路由跳到 403 页面。"],
    ["x255", "convention", 255, "权限点由后端在登录后一次下发。"],
  ],
  { merge: [["btn", "btn2"]] },
);

family(
  "ts-form",
  "tianshu",
  [
    ["trim", "convention", 290, "表单提交前去掉文本字段首尾的空格。"],
    ["trim2", "convention", 40, "输入框的值在提交时要 trim 一下，前后空白不能传给后端。"],
    ["required", "convention", 270, "必填字段在标签前显示红色星号。"],
    ["x260", "convention", 260, "表单校验失败时滚动到第一个错误字段。"],
  ],
  { merge: [["trim", "trim2"]] },
);

family("ts-modules", "tianshu", [
  ["user", "fact", 280, "用户管理在 src/pages/user，接口前缀 /api/user。"],
  ["order", "fact", 270, "订单管理在 src/pages/order，接口前缀 /api/order。"],
  ["audit", "fact", 260, "审计日志在 src/pages/audit，接口前缀 /api/audit。"],
  ["config", "fact", 250, "系统配置在 src/pages/config，接口前缀 /api/config。"],
]);

family("ts-export", "tianshu", [
  ["csv", "procedure", 280, "导出订单：在订单列表筛选后点“导出”，后端生成 CSV 并发站内信。"],
  ["excel", "procedure", 270, "导出审计日志：选时间范围后点“导出”，浏览器直接下载 Excel。"],
  ["user", "procedure", 260, "导出用户：只有管理员能导出，导出前要二次确认。"],
  ["limit", "procedure", 250, "单次导出最多十万行。"],
]);

family("ts-confirm", "tianshu", [
  ["delete", "convention", 280, "删除操作都要弹确认框。"],
  ["batch", "convention", 60, "批量删除还要让用户输入删除的条数确认。"],
  ["undo", "convention", 270, "删除后的提示里不提供撤销。"],
  ["x255", "convention", 255, "删除成功后刷新当前页。"],
]);

family(
  "ts-stale",
  "tianshu",
  [
    ["old", "fact", 280, "less 主题变量在 src/theme/antd-vars.less。"],
    ["keep", "fact", 60, "主题 token 在 src/theme/token.ts。"],
    ["x55", "fact", 55, "布局组件在 src/layouts/BasicLayout.tsx。"],
  ],
  { stale: ["old"], deleted: ["src/theme/antd-vars.less"] },
);

// =============================================================================================
// gangkou: a Go port-logistics backend (Go 1.16 -> 1.22 idioms) (Chinese)
// =============================================================================================

family(
  "gk-ioutil",
  "gangkou",
  [
    ["ioutil", "convention", 300, "读整个文件用 ioutil.ReadFile。"],
    ["os", "convention", 30, "读整个文件用 os.ReadFile。"],
    ["large", "convention", 280, "超过 100 MB 的文件要用 bufio 流式读取。"],
    ["x270", "convention", 270, "文件路径一律用 filepath.Join 拼接。"],
  ],
  { supersede: [["os", "ioutil"]] },
);

family(
  "gk-any",
  "gangkou",
  [
    ["iface", "convention", 290, "通用参数的类型写成 interface{}。"],
    ["any", "convention", 35, "通用参数的类型写成 any。"],
    ["generic", "convention", 270, "能用泛型的地方不要用空接口。"],
    ["x260", "convention", 260, "公开函数的参数不超过五个。"],
  ],
  { supersede: [["any", "iface"]] },
);

family(
  "gk-slices",
  "gangkou",
  [
    ["exp", "convention", 280, "切片排序和查找用 golang.org/x/exp/slices。"],
    ["std", "convention", 30, "切片排序和查找用标准库的 slices 包。"],
    ["sortpkg", "convention", 270, "自定义排序规则用 slices.SortFunc。"],
    ["x255", "convention", 255, "不要在热路径里复制大切片。"],
  ],
  { supersede: [["std", "exp"]] },
);

family(
  "gk-log",
  "gangkou",
  [
    ["logrus", "convention", 290, "日志用 logrus，输出 JSON 格式。"],
    ["slog", "convention", 35, "日志用标准库 log/slog 的 JSONHandler。"],
    ["fields", "convention", 270, "每条日志都带 request_id 字段。"],
    ["x260", "convention", 260, "生产环境日志级别是 info。"],
  ],
  { supersede: [["slog", "logrus"]] },
);

family(
  "gk-rand",
  "gangkou",
  [
    ["seed", "convention", 280, "程序启动时调用 rand.Seed(time.Now().UnixNano()) 初始化随机数。"],
    ["noseed", "convention", 30, "math/rand 的全局生成器已经自动播种，不要再调用 rand.Seed。"],
    ["crypto", "convention", 270, "生成令牌用 crypto/rand，不用 math/rand。"],
    ["x255", "convention", 255, "重试的随机抖动上限是 500 毫秒。"],
  ],
  { supersede: [["noseed", "seed"]] },
);

family(
  "gk-router",
  "gangkou",
  [
    ["gorilla", "convention", 290, "路由用 gorilla/mux，路径参数用 mux.Vars(r) 取。"],
    ["servemux", "convention", 40, "路由用标准库 http.ServeMux 的方法加路径模式（GET /berths/{id}），参数用 r.PathValue 取。"],
    ["middleware", "convention", 270, "中间件按 日志、鉴权、限流 的顺序套。"],
    ["x260", "convention", 260, "接口路径用复数名词。"],
  ],
  { supersede: [["servemux", "gorilla"]] },
);

family(
  "gk-go",
  "gangkou",
  [
    ["go120", "fact", 280, "go.mod 里的 Go 版本是 1.20。"],
    ["go122", "fact", 30, "go.mod 里的 Go 版本是 1.22。"],
    ["toolchain", "fact", 270, "CI 用的 Go 工具链和 go.mod 保持一致。"],
    ["x255", "fact", 255, "依赖用 go mod tidy 整理后再提交。"],
  ],
  { supersede: [["go122", "go120"]] },
);

family(
  "gk-loopvar",
  "gangkou",
  [
    ["copy", "convention", 290, "在循环里起 goroutine 之前要先写 v := v 复制循环变量。"],
    ["nocopy", "convention", 35, "循环变量每轮都是新的，起 goroutine 前不用再写 v := v。"],
    ["wg", "convention", 270, "并发任务用 errgroup 等待并收集第一个错误。"],
    ["x260", "convention", 260, "并发数用带缓冲的通道限制。"],
  ],
  { supersede: [["nocopy", "copy"]] },
);

family(
  "gk-timeout",
  "gangkou",
  [
    ["t5", "fact", 280, "调用海关接口的超时是 5 秒。"],
    ["t15", "fact", 30, "调用海关接口的超时是十五秒。"],
    ["retry", "fact", 270, "海关接口失败最多重试两次。"],
    ["x255", "fact", 255, "海关接口的地址放在配置项 customs.endpoint。"],
  ],
  { supersede: [["t15", "t5"]] },
);

family(
  "gk-errors",
  "gangkou",
  [
    ["wrap", "convention", 290, "错误往上返回时用 fmt.Errorf 加 %w 包装，并写明在做什么。"],
    ["wrap2", "convention", 40, "返回错误前要带上上下文再包一层（%w），别直接把底层错误原样抛出去。"],
    ["is", "convention", 270, "判断错误类型用 errors.Is 和 errors.As。"],
    ["x260", "convention", 260, "不要用 panic 处理业务错误。"],
  ],
  { merge: [["wrap", "wrap2"]] },
);

family(
  "gk-ctx",
  "gangkou",
  [
    ["ctx", "convention", 280, "所有会做 I/O 的函数第一个参数都是 context.Context。"],
    ["ctx2", "convention", 35, "访问数据库、调外部接口的函数都要把 ctx 作为首个参数传进来。"],
    ["store", "convention", 270, "不要把 context 存进结构体字段。"],
    ["x255", "convention", 255, "请求的截止时间由网关设置。"],
  ],
  { merge: [["ctx", "ctx2"]] },
);

family(
  "gk-lint",
  "gangkou",
  [
    ["lint", "procedure", 290, "提交前跑 golangci-lint run ./...，有告警不能提交。"],
    ["lint2", "procedure", 40, "代码提交之前必须通过 golangci-lint 检查，零告警。"],
    ["fmt", "procedure", 270, "保存时自动 gofmt。"],
    ["vet", "procedure", 260, "CI 另外跑 go vet ./...。"],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "gk-berth",
  "gangkou",
  [
    ["window", "fact", 280, "泊位预约以两小时为一个时段。"],
    ["window2", "fact", 35, "预约泊位时，每个时间段长 120 分钟。"],
    ["cancel", "fact", 270, "预约开始前 24 小时内不能取消。"],
    ["x255", "fact", 255, "每个泊位同一时段只能有一条船。"],
  ],
  { merge: [["window", "window2"]] },
);

family("gk-services", "gangkou", [
  ["berth", "fact", 280, "泊位服务在 cmd/berth，监听 8081 端口。"],
  ["yard", "fact", 270, "堆场服务在 cmd/yard，监听 8082 端口。"],
  ["gate", "fact", 260, "闸口服务在 cmd/gate，监听 8083 端口。"],
  ["billing", "fact", 250, "计费服务在 cmd/billing，监听 8084 端口。"],
]);

family("gk-deploy", "gangkou", [
  ["staging", "procedure", 280, "部署预发：打镜像、推到镜像仓库、改 staging 的 Helm values 里的 tag。"],
  ["prod", "procedure", 270, "部署生产：在预发验证通过后，把同一个镜像 tag 写进 prod 的 Helm values，由 Argo CD 同步。"],
  ["rollback", "procedure", 260, "生产回滚：在 Argo CD 里回退到上一个版本，然后把 values 改回去。"],
  ["db", "procedure", 250, "带数据库迁移的发布：先单独跑迁移任务，再部署服务。"],
]);

family("gk-review", "gangkou", [
  ["tests", "convention", 280, "新功能要带单元测试。"],
  ["bench", "convention", 60, "改动热路径的代码还要附上基准测试结果。"],
  ["prefix", "convention", 270, "提交信息以 feat:、fix:、docs: 之类的前缀开头。"],
  ["x255", "convention", 255, "一个合并请求只做一件事。"],
]);

family(
  "gk-stale",
  "gangkou",
  [
    ["old", "fact", 280, "旧的 gorilla 路由注册在 internal/http/router_mux.go。"],
    ["keep", "fact", 60, "路由注册在 internal/http/routes.go。"],
    ["x55", "fact", 55, "中间件在 internal/http/middleware。"],
  ],
  { stale: ["old"], deleted: ["internal/http/router_mux.go"] },
);

// =============================================================================================
// More repeats and near-repeats, per project (written with the rest, before any run)
// =============================================================================================

family(
  "qs-images",
  "quillstack",
  [
    ["webp", "convention", 280, "Images are served as WebP with a JPEG fallback through the <picture> element."],
    ["webp2", "convention", 40, "Every photo ships in two encodings, WebP first and JPEG for browsers that lack it, inside <picture>."],
    ["lazy", "convention", 270, "Images below the fold load lazily (loading=lazy)."],
    ["alt", "convention", 260, "Decorative images have an empty alt attribute."],
  ],
  { merge: [["webp", "webp2"]] },
);

family(
  "qs-copy",
  "quillstack",
  [
    ["case", "convention", 290, "Headings use sentence case, never Title Case."],
    ["case2", "convention", 35, "Only the first word of a heading (and proper nouns) gets a capital letter."],
    ["cta", "convention", 270, "Call-to-action buttons start with a verb."],
    ["x255", "convention", 255, "Marketing copy avoids exclamation marks."],
  ],
  { merge: [["case", "case2"]] },
);

family(
  "lt-typecheck",
  "lintel",
  [
    ["tsc", "procedure", 280, "Type errors are caught by tsc --noEmit in CI, not by ESLint."],
    ["tsc2", "procedure", 40, "ESLint does not report type errors; the pipeline's separate tsc --noEmit step does."],
    ["project", "procedure", 270, "Each package has its own tsconfig.json that extends tsconfig.base.json."],
    ["x260", "procedure", 260, "Type checking runs with the TypeScript version pinned at the root."],
  ],
  { merge: [["tsc", "tsc2"]] },
);

family(
  "lt-owners",
  "lintel",
  [
    ["owners", "fact", 290, "The platform team owns the shared lint config (CODEOWNERS)."],
    ["owners2", "fact", 35, "Changes to the common ESLint settings are reviewed by platform, as CODEOWNERS says."],
    ["slack", "fact", 270, "Questions about lint rules go to the #frontend-platform channel."],
    ["x255", "fact", 255, "Rule proposals are written up as an issue with examples first."],
  ],
  { merge: [["owners", "owners2"]] },
);

family(
  "pr-deps",
  "prismo",
  [
    ["zero", "convention", 280, "The library has no runtime dependencies; everything it needs is in src/."],
    ["zero2", "convention", 40, "Do not add packages to dependencies: the published library must install with nothing else pulled in."],
    ["dev", "convention", 270, "Development dependencies are pinned to exact versions."],
    ["x260", "convention", 260, "Renovate opens dependency updates on Mondays."],
  ],
  { merge: [["zero", "zero2"]] },
);

family(
  "pr-docs",
  "prismo",
  [
    ["tsdoc", "convention", 290, "Every exported function has a TSDoc comment with an @example."],
    ["tsdoc2", "convention", 35, "Public functions need a doc comment, and the comment must show a usage example."],
    ["site", "convention", 270, "The API reference is generated with TypeDoc."],
    ["x255", "convention", 255, "The README shows only the three most common calls."],
  ],
  { merge: [["tsdoc", "tsdoc2"]] },
);

family(
  "ll-money",
  "ledgerline",
  [
    ["decimal", "convention", 280, "Money in Python code is always Decimal, built from strings, never from floats."],
    ["decimal2", "convention", 35, 'Never construct an amount from a float; write Decimal("12.30") with the value as text.'],
    ["minor", "convention", 270, "The payment gateway API takes amounts in minor units (cents)."],
    ["x260", "convention", 260, "Exchange rates are stored with six decimal places."],
  ],
  { merge: [["decimal", "decimal2"]] },
);

family("ll-ports", "ledgerline", [
  ["dev", "fact", 280, "In development the app listens on port 5000."],
  ["test", "fact", 270, "The end-to-end test server listens on port 5001."],
  ["flower", "fact", 260, "The Celery Flower dashboard listens on port 5555."],
  ["pg", "fact", 250, "The docker compose PostgreSQL is published on port 5433."],
]);

family(
  "yp-auth",
  "yunpan",
  [
    ["refresh", "fact", 290, "访问令牌过期后，请求拦截器会用刷新令牌自动换新，再重发原请求。"],
    ["refresh2", "fact", 40, "令牌失效时不用让用户重新登录：拦截器先刷新令牌，然后把失败的请求再发一次。"],
    ["logout", "fact", 270, "刷新令牌也失效时跳回登录页。"],
    ["x255", "fact", 255, "令牌存在 localStorage 的 yp_token 里。"],
  ],
  { merge: [["refresh", "refresh2"]] },
);

family(
  "yp-preview",
  "yunpan",
  [
    ["pdf", "fact", 280, "PDF 文件用 pdf.js 在页面里预览。"],
    ["pdf2", "fact", 35, "点开 PDF 不下载，直接在浏览器里通过 pdf.js 渲染出来看。"],
    ["office", "fact", 270, "Office 文档先转成 PDF 再预览。"],
    ["video", "fact", 260, "视频预览最多播放前五分钟。"],
  ],
  { merge: [["pdf", "pdf2"]] },
);

family(
  "ts-request",
  "tianshu",
  [
    ["umi", "convention", 280, "接口请求统一用 src/services 下封装的 request，错误提示由拦截器统一弹出。"],
    ["umi2", "convention", 40, "页面里不要自己弹接口错误，封装好的 request 拦截器已经会统一提示。"],
    ["mock", "convention", 270, "本地开发接口用 mock 目录下的数据。"],
    ["x260", "convention", 260, "接口返回的 code 为 0 表示成功。"],
  ],
  { merge: [["umi", "umi2"]] },
);

family("ts-env", "tianshu", [
  ["dev", "fact", 280, "开发环境接口地址是 https://dev-api.tianshu.internal。"],
  ["test", "fact", 270, "测试环境接口地址是 https://test-api.tianshu.internal。"],
  ["pre", "fact", 260, "预发环境接口地址是 https://pre-api.tianshu.internal。"],
  ["prod", "fact", 250, "生产环境接口地址是 https://api.tianshu.internal。"],
]);

family(
  "gk-config",
  "gangkou",
  [
    ["env", "convention", 290, "配置从环境变量读，变量名都以 GK_ 开头。"],
    ["env2", "convention", 40, "服务的所有配置项都由 GK_ 前缀的环境变量提供。"],
    ["yaml", "convention", 270, "本地开发可以用 config.local.yaml 覆盖。"],
    ["x255", "convention", 255, "配置在启动时校验，缺项直接退出。"],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "gk-test",
  "gangkou",
  [
    ["table", "convention", 280, "单元测试写成表驱动的形式，每个用例有名字，用 t.Run 跑。"],
    ["table2", "convention", 35, "测试用例放在一个结构体切片里逐条执行，每条都起个名字作为子测试。"],
    ["race", "convention", 270, "CI 里测试带 -race 跑。"],
    ["x260", "convention", 260, "集成测试用 testcontainers 起数据库。"],
  ],
  { merge: [["table", "table2"]] },
);

export const BLIND_FAMILIES_R14 = families;

export const halfOfR14 = halfOf;
