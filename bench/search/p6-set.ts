import { type BlindMemory, type BlindQuery, halfOf, memoriesOf, questionsOf } from "./blind-tables";

/**
 * The fourth issue-42 set ("p6", round three session nine), written blind: labels first, committed
 * alone before any search was run on it (see git history). 127 memories rewritten, as a coding agent
 * would store them, from three public contributor documents pinned by commit:
 *   vitejs/vite CONTRIBUTING.md @ 0087e1d412291dc36655d0896de07594ce9ec85a (v01-v35)
 *   tokio-rs/tokio CONTRIBUTING.md @ 0617d1b2e5298245640717fcf0e0ad6868c20862 (t01-t40)
 *   django/django docs/internals/contributing/writing-code/coding-style.txt
 *     @ 06f0ca613d092b1f81cf7466fa15669bb8de05f8 (d01-d40)
 * and 12 Chinese memories from the same documents (z01-z12). Question kinds as in unseen-set.ts:
 * paraphrase (English, no content word in common with its answer: `checkP6Set`), keyword, identifier,
 * distractor (words that also point elsewhere), zh (Chinese question, Chinese memory), cross (Chinese
 * question for an English memory or English question for a Chinese one).
 *
 * Halves: sha256("search-blind-p6:" + question id), first byte even = tuning, odd = frozen. The
 * frozen half is scored once, at the end of the session that wrote it.
 *
 * Lines of MEMORIES: `key | memory`; lines of QUESTIONS: `id | kind | key | question`.
 */
const MEMORIES = `
v01 | The Vite repo is a monorepo on pnpm workspaces; pnpm is the only package manager allowed for installing and linking its dependencies.
v02 | To work on Vite's core package run pnpm i in the root folder, then pnpm run build in the root folder.
v03 | While developing Vite itself, go to packages/vite and run pnpm run dev so it rebuilds automatically whenever its code changes.
v04 | There is a community Docker setup, Vite.js Docker Dev, for developing Vite inside a container.
v05 | To stop Vite at a breakpoint: add a debugger statement, open Run and Debug in VS Code, click JavaScript Debug Terminal, then run pnpm run dev in the playground folder.
v06 | Jest and Playwright hide some errors; put a debugger statement in the afterAll hook of scripts/jestPerTestSetup.ts and run pnpm run debug-serve -- --runInBand resolve to see the Chromium devtools console.
v07 | To try a locally modified Vite in another project, add pnpm.overrides to that project's root package.json pointing vite at link:../path/to/vite/packages/vite, list vite as a dependency there, and re-run pnpm install.
v08 | Vite playground tests live in each packages/playground/*/__tests__ directory and run with Jest plus Playwright; the setup is in jest.config.js and the scripts/jest* files.
v09 | Build Vite before running its tests. On Windows enable Developer Mode, otherwise symlink creation fails for non-admin users.
v10 | pnpm test runs every Vite test in both serve mode and build mode.
v11 | pnpm run test-serve runs only the dev server mode tests; many parallel Playwright instances on a many-core machine can flake, so pass -- --runInBand to run them in series.
v12 | pnpm run test-build runs the Vite tests only in build mode.
v13 | Run one playground's tests with pnpm run test-serve -- asset; the plain pnpm test script cannot filter by package and always runs all tests.
v14 | Inside Vite playground tests a global page object is available: a Playwright Page already navigated to the served playground.
v15 | Common Vite test helpers such as testDir, isBuild and editFile are in packages/playground/testUtils.ts.
v16 | New Vite tests go into the playground related to the fix or feature, or a new playground; static asset loading, for instance, is tested in the assets playground.
v17 | pnpm treats link: and file: dependencies the same and always symlinks them; playgrounds using file: add a postinstall script running scripts/patchFileDeps.ts so the dependency is copied into node_modules.
v18 | Turn on Vite's debug logs with the DEBUG environment variable, e.g. DEBUG="vite:resolve"; DEBUG="vite:*" shows all of them but is very noisy.
v19 | List Vite's available debug scopes by grepping packages/vite/src for createDebugger('vite:.
v20 | For a Vite pull request, check out a topic branch from a base branch such as main and merge back against that branch.
v21 | A Vite feature PR needs an accompanying test case and a convincing reason; ideally open a suggestion issue and have it approved first.
v22 | A Vite bug-fix PR puts (fix #xxxx) in its title for a better release log and describes the bug in detail, a live demo preferred.
v23 | Several small commits in a Vite PR are fine: GitHub can squash them automatically before merging.
v24 | Vite commit messages must follow .github/commit-convention.md so changelogs can be generated automatically; a git hook installed by yorkie validates them before each commit.
v25 | No need to worry about code style in Vite: modified files are formatted with Prettier on commit by a yorkie git hook.
v26 | Vite pre-bundles most dependencies with rollup before publishing, so even dependencies used in src go under devDependencies by default.
v27 | To lazy-load a dependency in Vite do not call require('somedep'): it is ignored in ESM files and the dep would be missing when published; use (await import('somedep')).default.
v28 | Exceptions that go in Vite's dependencies instead of devDependencies: @types packages, deps with binary files that cannot be bundled like esbuild, and deps whose own types are used in Vite's public types like rollup.
v29 | Avoid dependencies with large transitive trees: http-proxy is a little over 1MB, while http-proxy-middleware pulls in about 7MB when a minimal custom middleware takes a couple of lines.
v30 | Types of bundled dependencies that Vite exposes are inlined in packages/vite/types, so the typings stay public while the source is bundled.
v31 | Before adding yet another Vite config option, ask whether the problem is worth addressing, whether a smarter default, an existing option or a plugin could fix it instead.
v32 | Vite docs translations are coordinated in the #translations channel of Vite Land; a translation is a fork of the main repo keeping only docs/ as a VitePress project.
v33 | A Vite translation repo can use the Ryu-cho GitHub Action to track updates of the English docs automatically.
v34 | When a Vite translation is done, tell the Vite team so the repo can be moved to the official vitejs organisation on GitHub.
v35 | Vite's English docs are embedded in the main repo so docs, tests and implementation can change in the same PR.
t01 | Tokio adheres to the Rust Code of Conduct; violations are reported to moderation@tokio.rs.
t02 | Tokio's dev channel on Discord is the place for concerns the contributing guide does not cover.
t03 | Whoever gets help in a Tokio GitHub discussion is asked to contribute back a documentation PR that helps others avoid the same problem.
t04 | A Tokio bug report needs a description of the behaviour seen and a simple test case that recreates it, limited as far as possible to Tokio APIs.
t05 | When disagreeing on a Tokio issue, explain why with supporting context and be willing to be convinced; short clipped responses are unhelpful.
t06 | Before a large change to Tokio, open an issue describing it to solicit feedback; that makes the PR more likely to be merged.
t07 | Many Tokio cargo commands need --all-features: cargo build, cargo check and cargo test.
t08 | Build Tokio's documentation with RUSTDOCFLAGS="--cfg docsrs" cargo +nightly doc --all-features, otherwise the markers listing required features are missing.
t09 | cargo fmt does not work on the Tokio codebase; run rustfmt --check --edition 2018 over every .rs file found with find instead.
t10 | Tokio's loom tests run inside the tokio crate with LOOM_MAX_PREEMPTIONS=1 RUSTFLAGS="--cfg loom" cargo test --lib --release --features full -- --test-threads=1 --nocapture.
t11 | A Tokio PR that alters code must include tests; Tokio writes integration tests and documentation tests and avoids unit tests as much as possible.
t12 | Tokio integration tests go in the same crate as the code they test, and each sub crate has a dev-dependency on tokio itself.
t13 | Every Tokio API should have at least one documentation test demonstrating it; they run with cargo test --doc.
t14 | Tokio doc examples use the API through the tokio facade re-export, from the point of view of a user, not by referencing the sub crate directly.
t15 | Lines starting with /// # in Tokio doc tests are removed from the generated docs; they are there only to make the example run.
t16 | Keep Tokio commits logically grouped; squash checkpoint commits that do not represent a single logical change.
t17 | Tokio commit subject lines: 50 characters preferably and never over 72, lowercase except proper nouns and code names, prefixed with the sub crate name without tokio- and starting with an imperative verb, e.g. timer: introduce Timeout and deprecate Deadline.
t18 | In a Tokio commit message keep the second line blank and wrap the body at 72 columns, except long URLs.
t19 | Reference issues at the end of a Tokio commit message: Fixes: #1337 for the issue it fixes, Refs: #1234, #453 for related ones.
t20 | Once a Tokio PR is open, do not rebase its commits and do not squash the commits added during review; they are squashed per logical change when landing.
t21 | Any Tokio community member may review any pull request, and an objection must come with an explanation rather than a bare no.
t22 | When reviewing a Tokio PR from a new contributor, focus first on the significant aspects (does it make sense, does it make Tokio better, clear bugs, a correct commit message), not micro-optimizations or perfect grammar.
t23 | A Tokio PR only needs to be an incremental improvement over the status quo; follow-up PRs can keep iterating.
t24 | Tokio reviewers request changes rather than demand them, and do not assume the submitter knows how to add a test or run a benchmark.
t25 | In Tokio reviews mark non-essential remarks clearly as nits, e.g. Nit: change foo() to bar(). But this is not blocking.
t26 | Hide Tokio review comments that were addressed or proved mistaken, with the appropriate reason, to keep the conversation concise.
t27 | Before taking over an abandoned Tokio PR, check with the original contributor, and keep their credit by preserving their name and email or with an Author: tag in the commit.
t28 | Tokio area labels: A-tokio, A-tokio-util, A-tokio-test, A-tokio-macros (only for procedural macros, not join! or select!), A-ci for GitHub Actions; A-tokio-tls only on older issues.
t29 | In Tokio C-bug marks a bug report; the PR that fixes the bug is labelled C-enhancement instead.
t30 | Tokio's C-feature-accepted label means a PR implementing the feature request will not be closed as unwanted; such issues also carry C-feature-request.
t31 | Tokio's C-musing label is for tracking issues, C-proposal for a request for comments, C-question for a user question.
t32 | Tokio's E- labels rate difficulty: E-help-wanted, E-easy, E-medium, E-hard; E-needs-mvce marks a bug missing a minimal complete and verifiable example.
t33 | Tokio's M-blocking label covers spawn_blocking and block_in_place; M-coop covers coop.
t34 | Tokio topic labels: T-docs for documentation, T-performance for performance, T-v0.1.x for old Tokio.
t35 | A Tokio crate with path dependencies cannot be published: publish those dependencies first, depth-first, then point the crate at their crates.io versions.
t36 | Verify a Tokio crate is ready to publish with bin/publish --dry-run <crate> <version>.
t37 | Releasing a Tokio crate: bump version in Cargo.toml, set the documentation field and #![doc(html_root_url)] in lib.rs and the README's Documentation link to the docs.rs URL of the new version.
t38 | Each Tokio crate has its own CHANGELOG.md in its subdirectory, in the Keep A Changelog format; add every change since the last release.
t39 | Before a Tokio release, audit for breaking changes by comparing HEAD with the Git tag of the most recent release.
t40 | A Tokio crate is released with bin/publish <crate> <version> after its release PR is approved and merged; the changelog entry is pasted as the tag message.
d01 | Django uses pre-commit: python -m pip install pre-commit, then pre-commit install; the first commit installs the hooks in their own environments, which takes a while once.
d02 | If black or isort complain in Django's pre-commit hook they fix the files themselves; review the changes and re-stage them.
d03 | All Django Python files are formatted with the black auto-formatter.
d04 | Django ships an .editorconfig: Python files are indented with 4 spaces and HTML files with 2 spaces.
d05 | Django follows PEP 8, checked with flake8; its .flake8 excludes deprecated modules and vendored third-party code.
d06 | Django code lines may run to 88 characters, black's line length, but documentation, comments and docstrings wrap at 79.
d07 | In Django string interpolation may use %-formatting, f-strings or str.format, whichever maximizes readability.
d08 | Django f-strings use only plain variable and property access; compute anything else into a local variable first (not f"hello {get_user()}").
d09 | In Django never use f-strings for a string that may require translation, including error and logging messages.
d10 | Don't spend time refactoring existing Django code only to change its string formatting method.
d11 | Django comments avoid "we": write "Loop over", not "We loop over".
d12 | Django variable, function and method names use underscores, not camelCase: poll.get_unique_voters().
d13 | Django class names use InitialCaps, and so do factory functions that return classes.
d14 | Django docstrings follow the style of existing docstrings and PEP 257.
d15 | Django tests use assertRaisesMessage and assertWarnsMessage instead of assertRaises and assertWarns so the message is checked; assertRaisesRegex only when regular expressions are needed.
d16 | Django tests check booleans with assertIs(value, True) instead of assertTrue or assertFalse, so the actual boolean is checked and not truthiness.
d17 | Django test docstrings state the expected behaviour without preambles like "Tests that"; ticket references only for obscure issues, at the end of a sentence, e.g. (#123456).
d18 | Django sorts imports with isort 5.1.0 or newer; an import that must stay out of order, e.g. to avoid a circular import, gets # isort:skip.
d19 | Django import groups in order: future, standard library, third-party, other Django components, local Django component, try/excepts; each sorted by full module name, import module before from module import.
d20 | Django uses absolute imports for other Django components and relative imports for local components.
d21 | Break long Django import lines with parentheses, indent continuation lines by 4 spaces, add a trailing comma and put the closing parenthesis on its own line.
d22 | In Django modules leave a single blank line after the last import and two blank lines above the first function or class.
d23 | Use Django's convenience imports: from django.views import View, not from django.views.generic.base import View.
d24 | In a Django template {% extends %} must be the first non-comment line, before any {% load %}.
d25 | Django templates put exactly one space between {{ and the variable and }}, and between {% and the tag and %}: {{ user }}, not {{user}}.
d26 | In a Django template's {% load %} list the libraries alphabetically: {% load i18n l10 tz %}.
d27 | Put the block's name in {% endblock %} in Django templates when the block is not on one line: {% endblock header %}.
d28 | Inside Django template braces separate tokens by single spaces, except around the dot of attribute access and the filter bar.
d29 | In a Django template using {% extends %}, don't indent the top-level {% block %} tags.
d30 | The first parameter of a Django view function is called request, never req.
d31 | Django model field names are lowercase with underscores, e.g. first_name, not FirstName or Last_Name.
d32 | In a Django model class Meta comes after the fields, separated from them by a single blank line.
d33 | Django model member order: database fields, custom manager attributes, class Meta, __str__, save, get_absolute_url, then custom methods.
d34 | Django model field choices are a mapping with all-uppercase class attributes, e.g. DIRECTION_UP = "U", or TextChoices enumeration types.
d35 | Django modules must not read django.conf.settings at import time: it configures settings early and breaks settings.configure(); use LazyObject, lazy() or a lambda for indirection.
d36 | Mark all Django strings for internationalization.
d37 | Remove Django imports that are no longer used (flake8 finds them); one kept for backwards compatibility ends with # NOQA.
d38 | Remove all trailing whitespace from Django code: it adds bytes and clutter to patches and can cause merge conflicts.
d39 | Don't put your name in Django code: contributors are listed in the AUTHORS file, which you may edit in a patch that is more than trivial.
d40 | Django's JavaScript code style has its own page in the contributing docs.
z01 | Tokio 的 M-tracing 标签表示与 tracing 追踪支持有关的问题。
z02 | Tokio 的 M-sync 标签对应 tokio::sync 模块，M-time 标签对应 tokio::time 模块。
z03 | Tokio 的 C-maintenance 标签用于文档、GitHub Actions 或代码质量方面的问题和 PR。
z04 | Tokio 的 C-request 标签表示非功能性的请求，例如请给 -alpha 版本的 crate 加上弃用说明。
z05 | Vite 的翻译仓库可以配置 netlify 预览，方便查看翻译后的网站。
z06 | 开始做 Vite 文档翻译时，先把仓库克隆到自己的账号，只保留 docs/ 目录，删掉 .git 后重新 git init 来刷新历史。
z07 | 参与 Tokio 问题的三种方式：提出问题、帮助分类（提供能复现的测试用例或建议）、帮助解决（通常是提交 PR）。
z08 | Tokio 非常欢迎很小的 PR，哪怕只是修正 API 文档里一个字符的拼写错误。
z09 | Vite 的 Issue 分类流程和 PR 评审流程各有一张流程图，放在 .github 目录下：issue-workflow.png 和 pr-workflow.png。
z10 | Tokio 的 M-net 标签对应 tokio::net 模块，M-fs 标签对应 tokio::fs 模块。
z11 | Tokio 提醒审查者：反馈的方式会影响贡献者以后是否还愿意参与项目，目标不只是得到好代码。
z12 | Vite 项目希望保持轻量，会关注 npm 依赖的数量和体积。
`;

const QUESTIONS = `
p001 | paraphrase | v01 | which fetcher of libraries must I use for this frontend build tool's multi-project repository?
p002 | paraphrase | v01 | may I use yarn or npm to set up the bundler's source tree?
p003 | paraphrase | v02 | what are the first two commands after cloning the bundler, from the top directory?
p004 | paraphrase | v03 | how do I get recompiles on every save of the bundler while hacking on it?
p005 | paraphrase | v04 | is there a containerized environment for hacking on the bundler?
p006 | paraphrase | v05 | how can I pause execution and step through the bundler's source in my editor?
p007 | paraphrase | v06 | why are some failures invisible in the browser-driven suites, and how do I inspect the real log output?
p008 | paraphrase | v07 | how can I make an outside application use my patched copy of the bundler?
p009 | paraphrase | v08 | where are the example-app specs stored and which frameworks execute them?
p010 | paraphrase | v09 | what must happen before the suites are started, and what should people on Microsoft's OS switch on?
p011 | paraphrase | v10 | which single command exercises everything in both the development-server and production-output variants?
p012 | paraphrase | v11 | my suites fail randomly on a big workstation; how do I make them go one after another?
p013 | paraphrase | v12 | how do I exercise only the production-output variant of the checks?
p014 | paraphrase | v13 | how can I limit the checks to a single example app?
p015 | paraphrase | v14 | what ready-made browser handle do the example-app specs get for free?
p016 | paraphrase | v15 | where do shared spec conveniences, like the flag for production output, live?
p017 | paraphrase | v16 | where should a spec for my bug repair be placed?
p018 | paraphrase | v17 | why would a local package reference get aliased instead of physically duplicated, and what works around it?
p019 | paraphrase | v18 | how do I make the bundler print verbose diagnostic output for its module resolution?
p020 | paraphrase | v19 | how can I discover which diagnostic namespaces exist?
p021 | paraphrase | v20 | what git workflow should contributors follow when proposing changes to the bundler?
p022 | paraphrase | v21 | what do maintainers expect before I propose an addition to the bundler?
p023 | paraphrase | v22 | how should I name a change that repairs a reported defect?
p024 | paraphrase | v23 | is it okay if my proposal contains lots of tiny snapshots of work?
p025 | paraphrase | v24 | what format do revision descriptions need, and what enforces it?
p026 | paraphrase | v25 | do I have to tidy whitespace and layout manually before saving my work?
p027 | paraphrase | v26 | why are nearly all runtime libraries declared as development-only for the bundler's package?
p028 | paraphrase | v27 | how should a library be pulled in on demand in the bundler's source?
p029 | paraphrase | v28 | which libraries belong among the real runtime requirements rather than the development-only ones?
p030 | paraphrase | v29 | why would maintainers reject a heavy forwarding package in favour of a few handwritten statements?
p031 | paraphrase | v30 | how do declarations from third-party code we ship inside our build remain visible to users?
p032 | paraphrase | v31 | what should I consider before introducing a new setting to the bundler?
p033 | paraphrase | v32 | how do I begin localizing the bundler's website into my language?
p034 | paraphrase | v33 | which automation keeps a localized site in sync with upstream changes?
p035 | paraphrase | v34 | what happens once a localization is complete?
p036 | paraphrase | v35 | why is the manual written in the original language kept alongside the code?
p037 | paraphrase | t01 | whom do I contact about harassment in the async runtime's community?
p038 | paraphrase | t02 | where can I chat with the async runtime's maintainers about something the handbook leaves out?
p039 | paraphrase | t03 | what is expected in return when someone answers my question about the async runtime?
p040 | paraphrase | t04 | what must a defect filing for the async runtime contain?
p041 | paraphrase | t04 | why should a reproduction avoid third-party crates?
p042 | paraphrase | t05 | how should I respond when I think a reported problem is not real?
p043 | paraphrase | t06 | what should I do before starting a big modification to the async runtime?
p044 | paraphrase | t07 | which flag must be added to the usual compile, lint and verification invocations for the async runtime?
p045 | paraphrase | t08 | how do I generate the API reference locally so the conditional annotations show up?
p046 | paraphrase | t09 | the usual formatter subcommand fails on the async runtime; what is the alternative?
p047 | paraphrase | t10 | how do I execute the concurrency permutation checker?
p048 | paraphrase | t11 | what kinds of checks does the async runtime prefer, and which kind does it shun?
p049 | paraphrase | t12 | where are end-to-end checks for a library in the async runtime workspace located?
p050 | paraphrase | t13 | how are the samples in reference pages executed?
p051 | paraphrase | t14 | should the samples in the reference import the internal package or the umbrella one?
p052 | paraphrase | t15 | what do hash-prefixed comment rows do in runnable samples?
p053 | paraphrase | t16 | should my work be one big snapshot or several?
p054 | paraphrase | t17 | how long should the summary of a patch be, and what casing and leading tag does it use?
p055 | paraphrase | t18 | how should the detailed description after the summary be laid out?
p056 | paraphrase | t19 | how do I link a resolved ticket from my change description?
p057 | paraphrase | t20 | may I force-push a reworked history after my proposal is up?
p058 | paraphrase | t21 | who is allowed to give feedback on a proposal?
p059 | paraphrase | t22 | what should I look at before anything else when giving feedback to a newcomer's proposal?
p060 | paraphrase | t23 | must a proposal be perfect before it lands?
p061 | paraphrase | t24 | how should maintainers phrase what they want altered?
p062 | paraphrase | t25 | how do I signal that a suggestion is optional?
p063 | paraphrase | t26 | what should happen to outdated feedback threads?
p064 | paraphrase | t27 | can I continue someone's stalled work, and how do they retain recognition?
p065 | paraphrase | t28 | which tag is for the package of derive-style code generators, and which one for the automated build pipeline?
p066 | paraphrase | t29 | how is a defect filing tagged compared with the patch that repairs it?
p067 | paraphrase | t30 | what assurance does an asked-for capability get once maintainers agree it's wanted?
p068 | paraphrase | t31 | which tag goes on a long-running umbrella ticket that follows progress?
p069 | paraphrase | t32 | how do maintainers grade how tough a ticket is?
p070 | paraphrase | t33 | which module tag concerns running synchronous work off the reactor threads?
p071 | paraphrase | t34 | which tag marks speed problems?
p072 | paraphrase | t35 | why can't I ship a package that relies on an unreleased sibling by local reference?
p073 | paraphrase | t36 | how do I rehearse shipping a package without actually doing it?
p074 | paraphrase | t37 | which metadata and addresses need touching when shipping a fresh edition of a package?
p075 | paraphrase | t38 | where are the per-package histories of modifications stored, and in which style?
p076 | paraphrase | t39 | how do I catch incompatible API modifications before shipping?
p077 | paraphrase | t40 | what is the final step to put a fresh edition out?
p078 | paraphrase | d01 | how do I set up the automatic checks that run before each snapshot in the web framework's repository?
p079 | paraphrase | d02 | what happens when the formatter or the import sorter objects during that check?
p080 | paraphrase | d03 | which tool reformats the web framework's source automatically?
p081 | paraphrase | d04 | how wide is nesting whitespace in markup compared with the scripting source?
p082 | paraphrase | d05 | which style guide does the web framework adopt, and what verifies it?
p083 | paraphrase | d06 | what is the maximum width of a source row, and does it differ for prose?
p084 | paraphrase | d07 | which ways of building text with placeholders are acceptable?
p085 | paraphrase | d08 | may I call a function inside an interpolated literal?
p086 | paraphrase | d09 | why shouldn't user-facing text be built with interpolated literals?
p087 | paraphrase | d10 | should I convert old percent-style interpolation while I'm editing nearby?
p088 | paraphrase | d11 | which pronoun is discouraged in code remarks?
p089 | paraphrase | d12 | should identifiers in the web framework have humps or separators?
p090 | paraphrase | d13 | what casing applies to types and the helpers that produce them?
p091 | paraphrase | d14 | which convention governs documentation strings?
p092 | paraphrase | d15 | how should a spec verify that an exception carries the right text?
p093 | paraphrase | d16 | how should a spec confirm a yes/no result exactly?
p094 | paraphrase | d17 | how should the description at the top of each spec be phrased?
p095 | paraphrase | d18 | how do I keep a single dependency line from being reordered when it would cause a cycle?
p096 | paraphrase | d19 | in what sequence do the blocks of dependency lines appear at the top of a file?
p097 | paraphrase | d20 | when should a dependency path be spelled from the package root versus from the current folder?
p098 | paraphrase | d21 | how do I wrap an overly wide list of names being brought in from a package?
p099 | paraphrase | d22 | how much vertical spacing goes between the header section and the opening definition?
p100 | paraphrase | d23 | should I reference a class by its deepest path or by its shortest public one?
p101 | paraphrase | d24 | which tag has to lead in a child markup document?
p102 | paraphrase | d25 | how much padding goes inside the double curly delimiters?
p103 | paraphrase | d26 | in what sequence should I name tag packages when pulling them in?
p104 | paraphrase | d27 | how should a closing section tag be written when the section spans many rows?
p105 | paraphrase | d28 | where is whitespace forbidden within a markup expression?
p106 | paraphrase | d29 | should outermost sections in an inheriting page be shifted right?
p107 | paraphrase | d30 | what should the initial argument of a handler that serves an HTTP page be named?
p108 | paraphrase | d31 | how should columns on a database-backed class be spelled?
p109 | paraphrase | d32 | where does the inner options block go relative to the columns?
p110 | paraphrase | d33 | in which sequence should I arrange the parts of an ORM entity?
p111 | paraphrase | d34 | how do I declare the allowed values for a column?
p112 | paraphrase | d35 | why shouldn't the project options be touched as soon as a file is loaded?
p113 | paraphrase | d36 | what must be done to every user-visible piece of text so it can be localized?
p114 | paraphrase | d37 | what do I do with dependency lines nobody references anymore?
p115 | paraphrase | d38 | why strip blanks at line ends?
p116 | paraphrase | d39 | can I sign my work with a credit inside the sources?
p117 | paraphrase | d40 | where are the conventions for browser-side programs described?
p118 | paraphrase | v02 | what do I type at the top level to install everything and compile the bundler?
p119 | paraphrase | v05 | which editor feature lets me attach to the bundler as it executes and inspect variables?
p120 | paraphrase | v07 | how do I check my unpublished bundler changes against a real downstream app?
p121 | paraphrase | v11 | which script exercises just the development variant of the checks?
p122 | paraphrase | v18 | which setting enables verbose tracing for the bundler?
p123 | paraphrase | v21 | should I ask before building a big addition to the bundler?
p124 | paraphrase | v24 | what local automation checks my revision descriptions?
p125 | paraphrase | v27 | why doesn't the CommonJS way of pulling in optional libraries work in the bundler's source?
p126 | paraphrase | v29 | how do maintainers judge whether a library is too heavy?
p127 | paraphrase | v31 | when is an extension preferable to a new setting?
p128 | paraphrase | t09 | how do I verify layout of the async runtime's sources?
p129 | paraphrase | t11 | do I need to add checks for a pure behaviour change?
p130 | paraphrase | t13 | how many runnable samples should each public function have?
p131 | paraphrase | t17 | what grammatical mood should the summary of a change use?
p132 | paraphrase | t19 | how do I mention connected tickets that my change doesn't resolve?
p133 | paraphrase | t20 | will the fixups I push after feedback stay separate in history?
p134 | paraphrase | t22 | should a maintainer nitpick wording in a newcomer's initial proposal?
p135 | paraphrase | t24 | should a maintainer expect a newcomer to be able to measure speed?
p136 | paraphrase | t27 | how do I acknowledge the person who started work I am finishing?
p137 | paraphrase | t29 | which tag does a patch repairing a defect carry?
p138 | paraphrase | t32 | which tag asks the reporter for a small reproduction?
p139 | paraphrase | t35 | in what order do I ship interdependent packages?
p140 | paraphrase | t38 | what layout should the notes for each shipped edition follow?
p141 | paraphrase | d06 | how wide can prose remarks be?
p142 | paraphrase | d08 | what's allowed inside the braces of an interpolated literal?
p143 | paraphrase | d12 | is it acceptable to spell a member routine in humped form?
p144 | paraphrase | d15 | which helper should replace the generic exception expectation?
p145 | paraphrase | d16 | why is a merely non-empty result insufficient for a yes/no expectation?
p146 | paraphrase | d17 | when should a bug tracker number appear in a spec's description?
p147 | paraphrase | d19 | does the plain form of pulling in a package precede the selective form?
p148 | paraphrase | d24 | may the i18n library be pulled in before the parent declaration?
p149 | paraphrase | d33 | does the string representation hook go before or after persisting?
p150 | paraphrase | d35 | which helpers defer access to project options?
p151 | paraphrase | d37 | how do I silence the linter for a dependency line retained for old callers?
p152 | paraphrase | d39 | where are people who helped recorded?
p153 | paraphrase | v17 | why does a duplicated package end up as a shortcut after setup?
p154 | paraphrase | t15 | how do I hide setup boilerplate from the rendered samples?
p155 | paraphrase | t33 | which tag is for cooperative scheduling budget issues?
p156 | paraphrase | d04 | how wide is each nesting step in markup documents?
k001 | keyword | v13 | pnpm test-serve filter playground asset
k002 | keyword | v17 | patchFileDeps postinstall file: protocol
k003 | keyword | v25 | Prettier format on commit yorkie
k004 | keyword | v29 | http-proxy-middleware size dependencies
k005 | keyword | v33 | Ryu-cho GitHub Action translation
k006 | keyword | t09 | rustfmt check edition 2018
k007 | keyword | t10 | loom tests preemptions
k008 | keyword | t13 | documentation tests cargo test --doc
k009 | keyword | t25 | nit not blocking review comment
k010 | keyword | t38 | CHANGELOG Keep A Changelog crate
k011 | keyword | d02 | black isort pre-commit re-stage
k012 | keyword | d16 | assertIs True instead of assertTrue
k013 | keyword | d26 | load libraries alphabetical template
k014 | keyword | d32 | class Meta after fields blank line
k015 | keyword | d38 | trailing whitespace merge conflicts
i001 | identifier | v06 | scripts/jestPerTestSetup.ts
i002 | identifier | v15 | packages/playground/testUtils.ts
i003 | identifier | v19 | createDebugger('vite:
i004 | identifier | v24 | .github/commit-convention.md
i005 | identifier | v30 | packages/vite/types
i006 | identifier | t01 | moderation@tokio.rs
i007 | identifier | t08 | RUSTDOCFLAGS="--cfg docsrs"
i008 | identifier | t10 | LOOM_MAX_PREEMPTIONS
i009 | identifier | t28 | A-tokio-macros
i010 | identifier | t32 | E-needs-mvce
i011 | identifier | t36 | bin/publish --dry-run
i012 | identifier | d18 | # isort:skip
i013 | identifier | d23 | django.views.generic.base
i014 | identifier | d34 | DIRECTION_UP
i015 | identifier | d37 | # NOQA
x001 | distractor | v12 | which pnpm script runs the tests in build mode only?
x002 | distractor | v10 | which pnpm script runs the tests in serve mode and build mode both?
x003 | distractor | v11 | which pnpm script runs the tests in serve mode only?
x004 | distractor | t18 | how wide should the body of a Tokio commit message be wrapped?
x005 | distractor | t17 | how long may the first line of a Tokio commit message be?
x006 | distractor | t29 | which label goes on a Tokio bug report?
x007 | distractor | t30 | which label says a Tokio feature request is accepted?
x008 | distractor | d06 | what line length does Django allow for code?
x009 | distractor | d21 | how should long Django import lines be broken?
x010 | distractor | d20 | absolute or relative imports for local Django components?
x011 | distractor | d25 | spaces inside Django template variable braces
x012 | distractor | t16 | should checkpoint commits be squashed in Tokio?
x013 | distractor | v03 | which pnpm run dev command rebuilds Vite itself?
z101 | zh | z01 | 哪个标签表示和 tracing 有关的问题？
z102 | zh | z02 | tokio::time 模块的问题用什么标签？
z103 | zh | z03 | 代码质量和 CI 配置相关的 PR 打什么标签？
z104 | zh | z04 | 给旧的 alpha 版本加弃用提示属于哪类请求？
z105 | zh | z05 | 翻译网站怎么预览效果？
z106 | zh | z06 | 新建翻译仓库时怎么处理 git 历史？
z107 | zh | z07 | 普通用户可以用哪些方式参与问题处理？
z108 | zh | z08 | 只改一个错别字的 PR 会被接受吗？
z109 | zh | z09 | PR 评审流程图放在哪里？
z110 | zh | z10 | 网络模块的问题用哪个标签？
z111 | zh | z11 | 为什么审查时要注意说话方式？
z112 | zh | z12 | 项目为什么在意依赖包的大小？
c001 | cross | v01 | Vite 仓库必须用哪个包管理器？
c002 | cross | t07 | Tokio 编译和测试时需要加什么参数？
c003 | cross | t20 | PR 打开之后还能 rebase 吗？
c004 | cross | d03 | Django 的 Python 代码用什么工具格式化？
c005 | cross | d30 | Django 视图函数的第一个参数叫什么？
c006 | cross | d09 | 需要翻译的字符串能用 f-string 吗？
c007 | cross | v18 | 怎么打开 Vite 的调试日志？
c008 | cross | t04 | 提交 bug 报告需要包含什么？
c009 | cross | z08 | does Tokio accept a pull request that fixes a single typo in the docs?
c010 | cross | z06 | how do I reset git history when starting a docs translation repository?
c011 | cross | z12 | why does Vite care about the number and size of its npm dependencies?
c012 | cross | z09 | where are the issue triage and PR review flowcharts?
`;

export type P6Memory = BlindMemory;
export type P6Query = BlindQuery;

export const P6_MEMORIES: P6Memory[] = memoriesOf(MEMORIES);
export const P6_QUERIES: P6Query[] = questionsOf(QUESTIONS);

/** The half of a p6 question: sha256("search-blind-p6:" + id), first byte even = tuning. */
export const p6Half = (q: P6Query): "tuning" | "frozen" => halfOf("search-blind-p6:", q);
