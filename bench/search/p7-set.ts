import { type BlindMemory, type BlindQuery, halfOf, memoriesOf, questionsOf } from "./blind-tables";

/**
 * The fifth issue-42 set ("p7", round three session ten), written blind: labels first, committed
 * alone before any search was run on it (see git history). 156 memories rewritten, as a coding agent
 * would store them, from four public contributor documents pinned by commit, none used by p1-p6:
 *   prettier/prettier CONTRIBUTING.md @ 01fdbbaa0352d7928a44477ca7175a71c7969009 (r01-r35)
 *   rust-lang/rust-clippy CONTRIBUTING.md @ 032743fd6714e37929e020d1a88c0385b95b20ff (y01-y39)
 *   pytest-dev/pytest CONTRIBUTING.rst @ 0024b71f1ce63eeb6f633d1b71cb78e9c85124c0 (q01-q30)
 *   sveltejs/svelte CONTRIBUTING.md @ 023d6733e16747dbb6f3d7baff56552f6e80566b (s01-s22)
 * and 30 Chinese memories on other details of the same documents (z01-z30). Question kinds as in
 * unseen-set.ts: paraphrase (English, no content word in common with its answer: `checkP7Set`),
 * keyword, identifier, distractor (words that also point elsewhere), zh (Chinese question, Chinese
 * memory), cross (Chinese question for an English memory or English question for a Chinese one).
 *
 * Halves: sha256("search-p7:" + question id), first byte even = tuning, odd = frozen. The frozen half
 * is scored once, at the end of the session that wrote it.
 *
 * Lines of MEMORIES: `key | memory`; lines of QUESTIONS: `id | kind | key | question`. Raw strings:
 * a memory may hold a literal backslash sequence such as \r\n.
 */
const MEMORIES = String.raw`
r01 | Prettier setup: run yarn to install the dependencies, then yarn test to run the test suite.
r02 | Prettier's tests are Jest snapshot tests; after a change run jest -u (or yarn test -u) to update the snapshots, look at them with git diff, and always update snapshots before opening a PR.
r03 | Every directory under tests/format in Prettier has a format.test.js that calls the global runFormatTest one or more times, e.g. runFormatTest(import.meta, ["babel", "flow", "typescript"]).
r04 | runFormatTest checks that each input file's output matches its snapshot and that every listed parser produces the same output.
r05 | Pass Prettier options to runFormatTest as the third argument, e.g. runFormatTest(import.meta, ["babel"], { trailingComma: "es5" }).
r06 | runFormatTest's first argument is import.meta or { importMeta: import.meta, snippets: [...] }; snippets are extra input entries besides the directory's files, optionally with their expected output.
r07 | Listing typescript in runFormatTest's parsers implicitly adds babel-ts, oxc-ts and yuku-ts; listing flow adds hermes.
r08 | Listing babel in runFormatTest for a directory inside tests/format/js or tests/format/jsx implicitly adds acorn, espree, meriyah, oxc and yuku.
r09 | runFormatTest's options may hold errors: true, or a map of parser names, when formatting is expected to throw.
r10 | The implementation of runFormatTest lives in tests/config/format-test/.
r11 | tests/format/flow/flow-repo/ is Flow's own test suite copied into Prettier; never edit it by hand: clone Flow beside Prettier and run node scripts/sync-flow-tests.cjs ../flow/tests/.
r12 | To debug Prettier, Node is recommended: write a local file with sample code and run yarn debug <file>, or run it from VS Code.
r13 | Prettier can also be debugged in the browser by building its website locally.
r14 | Prettier accepts no pull requests that add new formatting options: it is opinionated, and docs/option-philosophy.md explains why.
r15 | Prettier's repo lints with ESLint and formats with Prettier itself; yarn fix lints and formats every file from the command line.
r16 | Prettier PRs must follow .github/PULL_REQUEST_TEMPLATE.md; PRs ignoring the template may be closed without review.
r17 | After opening a Prettier PR, add a file in changelog_unreleased/ following changelog_unreleased/TEMPLATE.md and commit it; yarn generate-changelog can create it.
r18 | To learn how Prettier works internally read commands.md and Wadler's paper on the prettier printer (Haskell).
r19 | Prettier's GitHub labels are explained on the Issue Labels page of its wiki.
r20 | Prettier CLI flag --debug-repeat N formats N times in a naive loop and prints the average duration, handy to spot hot functions in a profiler; PRETTIER_PERF_REPEAT sets it too.
r21 | Prettier's --debug-benchmark flag uses the tinybench module for statistically significant duration measurements.
r22 | PRETTIER_PERF_REPEAT=1000 yarn perf <file> starts Prettier's naive repeat loop; stop profiling when the CLI says the measurements finished.
r23 | yarn perf:inspect <file> starts Prettier's repeat loop under node --inspect-brk; open chrome://inspect, select the process and activate the CPU Profiler, which resumes execution.
r24 | yarn perf:benchmark <file> runs Prettier's benchmark measurements.
r25 | Prettier's perf scripts run yarn && yarn build first so the compiler-optimized build is measured; the build output is cached and only rebuilt when sources change.
r26 | Prettier's perf scripts set NODE_ENV=production so Prettier and its dependencies run in production mode, with Prettier's own environment checks removed by the build.
r27 | For deeper Prettier performance insight use node --prof and node --prof-process, or node --trace-opt --trace-deopt.
r28 | scripts/benchmark/compare.sh compares Prettier's performance across commits or branches with hyperfine, e.g. PRETTIER_PERF_FILENAME=my.js ./compare.sh main some-pr-branch; install hyperfine first.
r29 | Without PRETTIER_PERF_FILENAME, Prettier's compare.sh formats a default JavaScript file.
r30 | Prettier has a regression testing tool that runs on GitHub Actions: prettier/prettier-regression-testing.
r31 | FULL_TEST=1 jest runs Prettier's deeper checks: compare AST (re-parse the output, the AST must be equivalent) and second format (formatting the output again must give the same result).
r32 | Prettier's full test run also checks that \r\n or \r line endings in the input do not change the output.
r33 | Prettier's full test run checks that a BOM (U+FEFF) in the input is preserved and changes nothing else.
r34 | The deeper Prettier checks run on CI anyway, so there is usually no need to run them locally.
r35 | Prettier's AI policy: only submit code you fully understand and have tested, be prepared to explain it; low-quality AI content is closed immediately.
y01 | Clippy questions go to the #t-clippy stream on the Rust Zulip; contributors follow the Rust Code of Conduct.
y02 | Newcomers to Clippy should start with the developer guide in the Clippy book.
y03 | Clippy workflow: find something to fix, change code (usually in clippy_lints/src/), set up per book/src/development/basics.md, run cargo test in the root until it passes, open a PR.
y04 | Every Clippy issue is mentored: mention a team member in the issue or ask on Zulip; the active team members are listed in triagebot.toml.
y05 | Easy Clippy issues carry the good first issue label; assign one to yourself with @rustbot claim.
y06 | Abandoned Clippy PRs are labelled S-inactive-closed and are often nearly done; to finish one, comment on it and open a new PR based on it.
y07 | Clippy T-AST issues only match syntax tree structure and are easier than T-middle issues, which involve types and resolved paths.
y08 | To see how a syntax structure is encoded in rustc's AST, run rustc -Z unpretty=ast-tree on an example and compare with the nodes in the AST docs.
y09 | Clippy lint code tends to become a nested series of matches and ifs; let chains make it flat.
y10 | Clippy E-medium issues are fairly easy but may need knowledge of Clippy internals or debugging to find the real problem; do a good first issue before them.
y11 | For Clippy T-middle work, the ty module has many useful methods, notably expr_ty, which gives the type of an AST expression.
y12 | RustRover 2026.1 and later need no extra setup for code completion of rustc internals in Clippy.
y13 | For rust-analyzer on Clippy set "rust-analyzer.rustc.source": "discover" to get hover info and type hints on rustc types like Expr or EarlyContext.
y14 | To make rust-analyzer work in Clippy's clippy-dev and lintcheck crates, add ./Cargo.toml, clippy_dev/Cargo.toml and lintcheck/Cargo.toml to rust-analyzer.linkedProjects.
y15 | If rust-analyzer cannot resolve rustc_* crates ("cannot create the lock file ... --locked"), rustup's rustc-src has no Cargo.lock: run cargo generate-lockfile in $(rustc --print sysroot)/lib/rustlib/rustc-src/rust/compiler/rustc and restart rust-analyzer; repeat after nightly toolchain updates.
y16 | clippy_lints/src/lib.rs imports every Clippy lint module and registers them in the LintStore.
y17 | All Clippy early passes are folded into one CombinedEarlyLintPass and late passes into one CombinedLateLintPass; a pass is added by listing it in the early_lint_methods! or late_lint_methods! macro.
y18 | Entries in Clippy's lint methods macros have the form Field: Type = constructor; the constructor gets conf when the pass needs the user configuration.
y19 | Most of clippy_lints/src/lib.rs is autogenerated by cargo dev update_lints; use it when writing a new lint.
y20 | Clippy's EarlyLintPass methods only get AST information; LateLintPass methods run after type checking and get type information through the LateContext parameter.
y21 | Clippy's else_if_without_else is an early lint because its logic does not depend on type information.
y22 | Clippy follows the Rust triage procedure, but its contributors are all volunteers, so there may not be time to stay on top of every issue.
y23 | Clippy's tracking issue #15086 lists issues to pick from; claim one with @rustbot claim.
y24 | ICEs, where Clippy panics and crashes, are the hardest Clippy issues, often debugged together with the upstream compiler.
y25 | Clippy I-suggestion-causes-bug issues: a suggestion silently changed program logic; unacceptable, but easier to fix than ICEs.
y26 | Clippy I-suggestion-causes-error issues: applying a suggested snippet causes a compiler error, e.g. using a variable twice at the same time.
y27 | Clippy false positives, a lint that should not have fired, are the easiest issues: find the root cause and add an exception.
y28 | Clippy false negatives have no priority unless the case is very clear: they are feature requests in a trench coat.
y29 | Every Clippy PR is reviewed by a core contributor with permission to land patches, and either landed or given feedback.
y30 | When someone opens a Clippy PR, @rustbot prompts them to review another contributor's PR; PRs with fewer than two community reviews get S-waiting-on-community-reviews.
y31 | Clippy uses the git rebase workflow: PRs merge as-is through a merge commit, never squashed, so you may be asked to squash "fix review comments" commits into the commit they belong to.
y32 | Each Clippy commit should be a self-contained logical change, so git bisect works and one commit can be reverted instead of the whole PR.
y33 | Clippy attaches a range-diff to every review comment so everyone sees exactly what changed since the last review.
y34 | Every Clippy PR needs a changelog: line with a short comment on what matters from an outsider's perspective; too much detail beats too little.
y35 | Clippy's CHANGELOG is assembled manually each release from the changelog: entries of the merge commits.
y36 | The changelog line of a new Clippy lint looks like changelog: new lint: [missing_trait_methods].
y37 | A purely internal Clippy change writes changelog: none.
y38 | A Clippy PR may carry several changelog: lines, one per change.
y39 | Clippy follows the LLM usage policy of rust-lang/rust; the Clippy book has an LLM usage chapter.
q01 | pytest feature requests go to the GitHub issue tracker: explain in detail how it should work and keep the scope as narrow as possible.
q02 | A pytest bug report should include the operating system name and version, the Python interpreter version, installed libraries, the pytest version and detailed steps to reproduce.
q03 | Even without a fix, a demonstration test that currently fails but should pass, marked xfail, is a useful pytest commit.
q04 | pytest bugs to fix carry the type: bug label and enhancements the type: enhancement label; check your favourite plugins' issue trackers too.
q05 | pytest documentation exists only in English; translations, complementary docs and docstrings are all wanted.
q06 | Small pytest documentation fixes can be edited directly in GitHub's web interface, without a local copy.
q07 | Build pytest's documentation locally with tox -e docs; the output lands in doc/en/_build/.
q08 | pytest core, some plugins and support code are developed in repositories of the pytest-dev organisation on GitHub and Bitbucket.
q09 | To move a plugin into pytest-dev, subscribe to the pytest-dev mailing list and send a mail pointing to the plugin's repository.
q10 | A plugin joining pytest-dev needs a PyPI release whose setup.py has a license, a pytest- prefixed name, version number, authors, short and long description.
q11 | A plugin joining pytest-dev needs a tox.ini, a README.txt on usage and platforms, a LICENSE.txt matching setup.py, an issue tracker and a changelog.
q12 | A plugin transfer to pytest-dev goes ahead if no contributor strongly objects and two agree.
q13 | In a pytest-dev transfer the owner hands the repo to an administrator, who creates pytest-xyz-admin (admin access) and pytest-xyz-developers (write access) teams with the owner as maintainer in both.
q14 | The pytest-dev/Contributors team has write access to all pytest-dev projects; each plugin should have at least three people allowed to release to PyPI.
q15 | pytest-dev administrators never release or take ownership of a transferred plugin, except when its owner has been unresponsive for months.
q16 | pytest bug fixes and doc changes target the master branch; new features and functionality changes target the features branch.
q17 | pytest code follows PEP-8; tox -e fix-lint fixes most style errors.
q18 | Run pytest's tests with tox -e linting,py27,py36; those environments cover most cases locally.
q19 | Each pytest change needs a changelog/ entry named <issueid>.<type>, type one of bugfix, removal, feature, vendor, doc or trivial, e.g. changelog/2574.bugfix.
q20 | Unless a pytest change is trivial or a documentation fix, add yourself to the AUTHORS file in alphabetical order.
q21 | Naming your pytest fork repository "pytest" is fine because it lives under your user.
q22 | Create a pytest bugfix branch off master (git checkout -b your-bugfix-branch-name master) and a feature branch off features.
q23 | pytest versions are major.minor.micro: bug fixes ship in micro releases, features in minor releases, incompatible changes in major releases.
q24 | pytest runs all its tests with tox, which sets up virtualenvs automatically; install it with pip install tox.
q25 | Running pytest's whole suite needs Python 2.7 and 3.6 installed on the system.
q26 | Pass options through tox to pytest after --, e.g. tox -e py27 -- --pdb to enter pdb on failure.
q27 | Run a single pytest test module on one Python with tox -e py36 -- testing/test_config.py.
q28 | A pytest PR goes from head-fork YOUR_GITHUB_USERNAME/pytest to base-fork pytest-dev/pytest, base master for bug fixes and base features for features.
q29 | Anyone whose pytest PR was merged without extra work from the development team can get commit access.
q30 | pytest committers still go through pull request and review; nobody merges their own PR unless approved, but they may merge others' reviewed PRs.
s01 | Svelte is a compiler that turns declarative components into efficient JavaScript that surgically updates the DOM.
s02 | One way to help Svelte without code: go through the Getting Started guide and open an issue for whatever does not work as expected.
s03 | Good Svelte starter issues carry the good first issue label; you can provide workarounds, ask for clarification or suggest labels on them.
s04 | Svelte tutorial pages have an "Edit this chapter" link at the bottom left for fixing confusing parts.
s05 | For help planning a Svelte contribution, ping the team on Discord at svelte.dev/chat.
s06 | Triaging Svelte issues: ask for missing details, suggest labels, flag stale issues that should be closed, ask for test plans and review code.
s07 | Before reporting a Svelte bug, search for an existing issue; questions about using Svelte go to Discord.
s08 | A Svelte issue must fill out the issue template; otherwise it may not be managed in a timely fashion.
s09 | Report one bug per Svelte issue, with reproduction steps anyone can follow with minimal effort, ideally a REPL at svelte.dev/repl.
s10 | A large new Svelte feature or change needs an RFC in the sveltejs/rfcs repository first.
s11 | Svelte dev setup: have npm, run npm install in the repository root, then npm run dev to start a development server.
s12 | A Svelte bug fix may be sent as a PR right away, but filing an issue as well keeps track of the problem if that fix is not accepted.
s13 | Small Svelte PRs are easier to review and more likely to be merged: one PR does one thing, otherwise split it.
s14 | Svelte PR checklist: fork and branch from master, describe a test plan, npm run lint passes, npm run test passes; PRs are opened against master.
s15 | A good Svelte test plan has the exact commands run and their output, plus screenshots or videos when the PR changes UI.
s16 | Svelte tests live in the /test folder, with samples in /test/xxx/samples.
s17 | Run only the Svelte tests of one feature with --grep, e.g. npm run test -- -g transition.
s18 | Run a single Svelte test by renaming its sample folder to end with .solo, e.g. test/js/samples/action.solo; a whole suite with test/js.solo.
s19 | Rename Svelte .solo test folders back before pushing: CI fails if there is a solo test.
s20 | The Svelte css, js and server-side-rendering suites compare generated output with .expected files such as expected.js; refresh them with npm run test --update.
s21 | A Svelte breaking-change PR fills a template: who does this affect, how to migrate, why make this breaking change, severity (number of people affected x effort).
s22 | Svelte code conventions: snake_case for internal variables and methods, camelCase for public ones; ESLint via npm run lint catches most style issues.
z01 | Prettier 的 runFormatTest 里的 snippets 条目可以带 name 和 filename 字段，也可以直接写出期望的输出。
z02 | 用 perf:inspect 分析 Prettier 性能时，测量结束后要立刻停止 CPU Profiler，避免收集过多数据。
z03 | Prettier 的 yarn generate-changelog 脚本的用法写在脚本文件的注释里。
z04 | Prettier 的 AI 使用政策要求不要忽略 issue 和 PR 模板。
z05 | Prettier 的网站本地构建说明在 website/README.md 里。
z06 | Prettier 的深度测试里 BOM 检查和换行符检查通常不需要在本地跑，CI 会跑。
z07 | Clippy 欢迎所有人贡献：不确定的时候直接提问或者直接提交，最坏的结果只是被礼貌地要求修改。
z08 | Clippy 的 CONTRIBUTING 文档改编自 Servo 项目的 CONTRIBUTING.md。
z09 | Clippy 的代码采用 Apache-2.0 或 MIT 双许可证。
z10 | Clippy 修复误报的 changelog 示例：changelog: Fix [unused_peekable] false positive。
z11 | Clippy 深层嵌套的 lint 例子是 mem_forget.rs，用 let chains 展开的例子是 bit_mask.rs。
z12 | Clippy 的每个 PR 都由核心贡献者审查，社区成员也被鼓励帮忙审查，以分担审查工作量并熟悉内部实现。
z13 | Clippy 的 range-diff 让审查不会因为整理提交历史而变难。
z14 | 更新 nightly 工具链之后，可能需要重新为 rustc-src 生成 Cargo.lock。
z15 | pytest 欢迎用户在 Twitter 或博客上分享使用体验。
z16 | pytest-dev 组织的目标：集中管理流行的 pytest 插件，并在维护者不想继续维护时分担维护责任，避免插件被遗弃。
z17 | pytest 提交 PR 前先用 git commit -a 提交，再用 git push -u 推送。
z18 | 想修 pytest 的某个 bug 或实现某个功能，可以先通过联系页面和开发者沟通。
z19 | pytest 的文档构建目录 doc/en/_build/ 中的 en 表示文档语言。
z20 | 如果 pytest 团队忘了给你提交权限，可以友好地提醒他们。
z21 | 不熟悉 Git 的 pytest 贡献者可以看 git.wiki.kernel.org 上的 QuickStart 快速入门。
z22 | pytest 的 Pull Request 存放在 GitHub 服务器上，发出后还可以讨论修改、继续追加提交。
z23 | Svelte 推荐 Open Source Guides 网站上的两篇指南：如何参与开源、如何建设友好的社区。
z24 | 第一次给 Svelte 提 PR 可以看 egghead 上的免费视频课程《How to Contribute to an Open Source Project on GitHub》。
z25 | Svelte 的功能请求用 feature_request 模板开 issue，不打算自己写 PR 时也可以这样提。
z26 | 可以浏览 Svelte 的 feature request 标签，挑自己想做的功能提交 PR。
z27 | Svelte 的 issue 因为没填模板没被处理时不要介意，收集好信息后重新开一个 issue 即可。
z28 | 改了 Svelte 的 API 就要同时更新文档。
z29 | 给 Svelte 贡献代码即表示同意以 MIT 许可证授权。
z30 | Svelte 核心团队会持续关注新的 PR，按指南写好的 PR 更容易被审查。
`;

const QUESTIONS = `
p001 | paraphrase | r01 | what are the two commands to get the beautifier ready and verify it works after cloning?
p002 | paraphrase | r02 | how do I refresh the stored expected outputs once my edit alters formatting results?
p003 | paraphrase | r03 | what does each fixture folder of the beautifier need in order to be exercised?
p004 | paraphrase | r04 | what guarantees does the fixture helper verify across the different parsing backends?
p005 | paraphrase | r05 | how can I give a fixture folder special style settings like dangling separators?
p006 | paraphrase | r06 | how do I add inline source strings to a fixture folder without creating new documents on disk?
p007 | paraphrase | r07 | which extra backends get exercised automatically when I name the typed JavaScript dialects from Microsoft and Meta?
p008 | paraphrase | r08 | which additional ECMAScript grammars are pulled in automatically for plain script fixture folders?
p009 | paraphrase | r09 | how do I declare that a fixture is supposed to fail with an exception?
p010 | paraphrase | r10 | where is the source of the fixture helper function?
p011 | paraphrase | r11 | how do I refresh the imported upstream type-checker fixtures inside the beautifier?
p012 | paraphrase | r12 | what's the simplest way to step through the beautifier in a server-side JS runtime?
p013 | paraphrase | r13 | can I investigate the beautifier's behaviour inside a web page instead?
p014 | paraphrase | r14 | will maintainers merge an extra style knob for the beautifier?
p015 | paraphrase | r15 | which one-liner cleans up static-analysis problems and layout across the whole repository?
p016 | paraphrase | r16 | what happens if my proposal skips the required description form?
p017 | paraphrase | r17 | where do I describe my change for the upcoming release notes?
p018 | paraphrase | r18 | what literature explains the algorithm behind the beautifier?
p019 | paraphrase | r19 | where can I find what each tracker tag means for the beautifier?
p020 | paraphrase | r20 | how do I make the beautifier process the same source many iterations and report mean elapsed speed?
p021 | paraphrase | r21 | which switch gives rigorous timing figures for the beautifier?
p022 | paraphrase | r22 | how do I kick off a many-iteration cycle on one source to capture a flame graph?
p023 | paraphrase | r23 | how do I attach browser devtools to sample the beautifier's hot cycle?
p024 | paraphrase | r24 | which script performs the statistical timing?
p025 | paraphrase | r25 | why is a fresh bundle produced before speed figures are taken, and is it redone each attempt?
p026 | paraphrase | r26 | which variable switches the beautifier and its libraries to release behaviour while profiling?
p027 | paraphrase | r27 | what V8 switches reveal lower-level details about slow spots?
p028 | paraphrase | r28 | how do I contrast the speed of two git revisions of the beautifier?
p029 | paraphrase | r29 | what input is used when no sample source is given to the revision contrast tool?
p030 | paraphrase | r30 | is there a CI service to catch unintended output differences against real projects?
p031 | paraphrase | r31 | how do I verify that beautifying twice is idempotent and the syntax tree is unaltered?
p032 | paraphrase | r32 | is there verification that Windows-style newlines don't affect results?
p033 | paraphrase | r33 | what happens to a byte order mark at the start of a source?
p034 | paraphrase | r34 | do I have to execute the heavy extra verification on my machine?
p035 | paraphrase | r35 | what are the rules for machine-generated contributions to the beautifier?
p036 | paraphrase | y01 | where can I chat with the crab-language linter's maintainers?
p037 | paraphrase | y02 | what should a beginner read first before hacking on the Rust linter?
p038 | paraphrase | y03 | what are the general steps from picking a problem to submitting my work?
p039 | paraphrase | y04 | can I get guidance from a maintainer on any ticket?
p040 | paraphrase | y05 | how do I find beginner-friendly tickets and reserve a ticket for myself?
p041 | paraphrase | y06 | how can I pick up an unfinished contribution someone walked away from?
p042 | paraphrase | y07 | which category of tickets is simpler, grammar-only or semantics-aware ones?
p043 | paraphrase | y08 | how can I dump the parse shape of a snippet to inspect its layout?
p044 | paraphrase | y09 | how do I avoid deeply indented conditional logic in a check?
p045 | paraphrase | y10 | how hard are the intermediate-difficulty tickets and what do they require?
p046 | paraphrase | y11 | which helper tells me the static kind of a syntax node when writing semantics-aware checks?
p047 | paraphrase | y12 | does JetBrains' IDE require configuration to autocomplete compiler guts?
p048 | paraphrase | y13 | how do I make my editor's language server understand compiler-internal structs?
p049 | paraphrase | y14 | how do I get IDE support in the developer tooling and lint-checking packages?
p050 | paraphrase | y15 | my IDE's language server reports unresolvable internal packages and a missing dependency pin; what fixes it?
p051 | paraphrase | y16 | which source wires all check units into the central registry?
p052 | paraphrase | y17 | how do I register a new pre-typecheck or post-typecheck visitor?
p053 | paraphrase | y18 | how do registration lines hand settings to a visitor?
p054 | paraphrase | y19 | which command regenerates the boilerplate registrations for me?
p055 | paraphrase | y20 | what's the difference between the syntax-only and semantics-aware visitor traits?
p056 | paraphrase | y21 | why is the missing-final-branch check registered as a pre-typecheck pass?
p057 | paraphrase | y22 | why might my ticket sit without attention for a while?
p058 | paraphrase | y23 | where is the umbrella ticket enumerating things to work on?
p059 | paraphrase | y24 | which kind of problem is the most difficult to repair, where the tool itself blows up?
p060 | paraphrase | y25 | what is the category where an automatic rewrite quietly alters code behaviour?
p061 | paraphrase | y26 | what category covers an autofix that produces code that won't build?
p062 | paraphrase | y27 | which kind of ticket is the simplest to start with?
p063 | paraphrase | y28 | why are missed warnings given little urgency?
p064 | paraphrase | y29 | who decides whether my submission gets merged?
p065 | paraphrase | y30 | why does the bot ask me to look at a peer's submission when I file mine?
p066 | paraphrase | y31 | will my snapshots be combined into one when landed, and what cleanup might be requested?
p067 | paraphrase | y32 | why should every snapshot stand alone as a single coherent edit?
p068 | paraphrase | y33 | how can maintainers tell what differs between feedback rounds?
p069 | paraphrase | y34 | what note must all submissions include for the release history?
p070 | paraphrase | y35 | how is the version history put together?
p071 | paraphrase | y36 | how do I announce an added check in the release notes?
p072 | paraphrase | y37 | what do I put in the release notes for a refactor users won't notice?
p073 | paraphrase | y38 | can a single submission announce multiple user-visible edits?
p074 | paraphrase | y39 | what rules govern using AI assistants for contributions?
p075 | paraphrase | q01 | how should I propose an idea for the Python spec runner?
p076 | paraphrase | q02 | what facts must a defect filing contain about my environment?
p077 | paraphrase | q03 | can I contribute something valuable if I can't repair a defect myself?
p078 | paraphrase | q04 | how can I find open defects and requested improvements to work on?
p079 | paraphrase | q05 | in which languages is the manual available and what writing help is welcome?
p080 | paraphrase | q06 | can I correct a typo in the manual from my browser?
p081 | paraphrase | q07 | how do I render the manual on my machine and where does the HTML end up?
p082 | paraphrase | q08 | where is the spec runner built together with its extensions?
p083 | paraphrase | q09 | how do I ask for my extension to be adopted by the core organisation?
p084 | paraphrase | q10 | what packaging metadata must my extension publish on the package index?
p085 | paraphrase | q11 | which files besides packaging metadata must my extension repository contain?
p086 | paraphrase | q12 | how many maintainers need to approve adopting an extension?
p087 | paraphrase | q13 | what groups and permissions get set up when an extension moves over?
p088 | paraphrase | q14 | who can push to every adopted repository, and how many maintainers should be able to publish?
p089 | paraphrase | q15 | will the organisation's admins ever ship versions of my adopted extension?
p090 | paraphrase | q16 | where should a defect repair go, and where do additions of capability go?
p091 | paraphrase | q17 | which formatting guide applies and how do I auto-correct violations?
p092 | paraphrase | q18 | which command exercises the suite against the old interpreters plus style checks?
p093 | paraphrase | q19 | what should the news fragment describing my edit be called?
p094 | paraphrase | q20 | where do I list myself as a contributor?
p095 | paraphrase | q21 | can my personal copy on GitHub keep the original title?
p096 | paraphrase | q22 | how do I start a local line of development for a defect repair?
p097 | paraphrase | q23 | which number component is bumped for repairs versus additions versus breaking edits?
p098 | paraphrase | q24 | what tool creates isolated environments for the suite?
p099 | paraphrase | q25 | which interpreters must be available to exercise every environment?
p100 | paraphrase | q26 | how do I drop into the debugger when a check fails under the environment manager?
p101 | paraphrase | q27 | how do I exercise just the configuration checks on a lone interpreter?
p102 | paraphrase | q28 | what source and destination do I choose on the hosting site when submitting my proposal?
p103 | paraphrase | q29 | how do I become a committer?
p104 | paraphrase | q30 | can people with push rights land their personal work without sign-off?
p105 | paraphrase | s01 | what does the UI framework do with the UI pieces I author?
p106 | paraphrase | s02 | how can I support the UI framework as a non-programmer, beginning with its introductory walkthrough?
p107 | paraphrase | s03 | where should a newcomer look for approachable tickets?
p108 | paraphrase | s04 | how do I correct an unclear lesson in the interactive course?
p109 | paraphrase | s05 | where can I get guidance organising my work on the UI framework?
p110 | paraphrase | s06 | what does helping sort incoming tickets involve?
p111 | paraphrase | s07 | where do I ask how to get started with the UI framework?
p112 | paraphrase | s08 | why might my ticket be ignored for ages?
p113 | paraphrase | s09 | how should I file a defect so maintainers can reproduce it?
p114 | paraphrase | s10 | what process does a big proposal to the UI framework go through?
p115 | paraphrase | s11 | how do I get a local environment going for hacking on the UI framework?
p116 | paraphrase | s12 | can I submit a repair without creating a ticket first?
p117 | paraphrase | s13 | what makes a proposal land quickly?
p118 | paraphrase | s14 | what must be done before I submit my contribution to the UI compiler?
p119 | paraphrase | s15 | what belongs in the verification section of my proposal?
p120 | paraphrase | s16 | where are the UI compiler's specs and fixtures kept?
p121 | paraphrase | s17 | how do I execute only the specs about animations?
p122 | paraphrase | s18 | how can I focus on one fixture while iterating?
p123 | paraphrase | s19 | what happens if I forget to undo focusing on a single fixture?
p124 | paraphrase | s20 | how do I rewrite the stored results of the emitted-code collections?
p125 | paraphrase | s21 | what must I document when my edit forces users onto a new path?
p126 | paraphrase | s22 | how should I name private versus exported identifiers?
p127 | paraphrase | r02 | why might CI reject my proposal when the stored outputs weren't refreshed?
p128 | paraphrase | r03 | which shared helper do the fixture folders invoke?
p129 | paraphrase | r05 | where do style settings go in the fixture helper's call?
p130 | paraphrase | r11 | why shouldn't I manually modify the imported upstream type-checker fixtures?
p131 | paraphrase | r12 | which script lets me step through formatting a scratch source?
p132 | paraphrase | r14 | why does the beautifier refuse additional configuration knobs?
p133 | paraphrase | r17 | which script produces a release-notes entry for my proposal?
p134 | paraphrase | r20 | how do I make slow routines stand out in a flame chart by iterating many cycles?
p135 | paraphrase | r23 | how do I pause the beautifier until a devtools debugger attaches?
p136 | paraphrase | r28 | which command-line timing utility does the revision contrast need?
p137 | paraphrase | r31 | what does the environment switch for more robust verification enable?
p138 | paraphrase | r35 | what happens to sloppy machine-written contributions?
p139 | paraphrase | y03 | where do most edits go when repairing a warning?
p140 | paraphrase | y05 | which bot command reserves a ticket for me?
p141 | paraphrase | y06 | which tag marks stalled contributions left by their authors?
p142 | paraphrase | y08 | which compiler flag dumps the parsed shape of code?
p143 | paraphrase | y13 | which language server option enables tooltips on compiler structs?
p144 | paraphrase | y15 | where do I produce the absent dependency pin for the language server?
p145 | paraphrase | y17 | where do I enumerate visitors so they are merged together?
p146 | paraphrase | y19 | is the central registry file authored by hand?
p147 | paraphrase | y20 | which object carries semantic details to post-typecheck visitors?
p148 | paraphrase | y24 | what are internal toolchain errors and how hard are they?
p149 | paraphrase | y28 | why are missed warnings treated like disguised wishes?
p150 | paraphrase | y30 | which tag marks submissions lacking enough peer feedback?
p151 | paraphrase | y31 | which integration strategy does the linter follow?
p152 | paraphrase | y34 | how thorough should the release notes entry be?
p153 | paraphrase | y36 | what is the release notes format when adding a check?
p154 | paraphrase | q02 | which releases should I mention when filing a defect?
p155 | paraphrase | q03 | how do I record a known defect as an anticipated breakage?
p156 | paraphrase | q07 | which environment manager command renders the manual?
p157 | paraphrase | q10 | what must an extension's package be called on the package index?
p158 | paraphrase | q13 | who gets lead rights in the new groups after an extension moves?
p159 | paraphrase | q16 | where do capability additions go?
p160 | paraphrase | q19 | which categories exist for news fragments?
p161 | paraphrase | q22 | which command starts a line of development for an addition?
p162 | paraphrase | q23 | what kind of numbered drop carries defect repairs?
p163 | paraphrase | q26 | how do I forward extra arguments through the environment manager?
p164 | paraphrase | q28 | which target do I pick for a defect repair when submitting?
p165 | paraphrase | s09 | which online playground should a repro use?
p166 | paraphrase | s10 | where are design proposals for big additions written?
p167 | paraphrase | s14 | which line of development do proposals target?
p168 | paraphrase | s17 | how do I filter specs by name?
p169 | paraphrase | s18 | how do I execute just one collection of specs?
p170 | paraphrase | s20 | which flag rewrites the stored results of the emitted-code collections?
p171 | paraphrase | s21 | how do I estimate how serious an incompatible edit is?
p172 | paraphrase | s22 | which capitalization is used for exported identifiers?
p173 | paraphrase | r01 | which package fetcher pulls the beautifier's libraries?
p174 | paraphrase | r04 | what does naming several grammars in a fixture call verify?
p175 | paraphrase | r06 | what two shapes can the initial parameter of the fixture helper take?
p176 | paraphrase | r09 | how do I anticipate an exception only for certain grammars?
p177 | paraphrase | r13 | how do I reproduce a problem using the playground site instead of a runtime?
p178 | paraphrase | r15 | which two tools keep the beautifier's own sources tidy?
p179 | paraphrase | r16 | where is the form that proposals must obey?
p180 | paraphrase | r18 | which functional-programming article underlies the beautifier's design?
p181 | paraphrase | r21 | which npm library provides the rigorous timing mode?
p182 | paraphrase | r22 | which environment variable sets the iteration count for a flame graph?
p183 | paraphrase | r25 | is the fast bundle recompiled every time I time it?
p184 | paraphrase | r27 | how do I see which functions V8 optimizes and bails out of?
p185 | paraphrase | r30 | how can I check my change against many real-world codebases?
p186 | paraphrase | r32 | what carriage-return variants does the robust mode try?
p187 | paraphrase | y01 | which behaviour rules apply to participants?
p188 | paraphrase | y04 | where are the current maintainers enumerated?
p189 | paraphrase | y07 | which tickets need semantic analysis?
p190 | paraphrase | y09 | which newer language feature flattens deep conditionals?
p191 | paraphrase | y10 | should I tackle an intermediate ticket before a beginner one?
p192 | paraphrase | y11 | which compiler namespace helps with semantic checks?
p193 | paraphrase | y12 | which IDE version onwards works out of the box?
p194 | paraphrase | y14 | which config key lists additional workspaces for the language server?
p195 | paraphrase | y16 | where are all checks wired into the central registry?
p196 | paraphrase | y18 | what shape does each registration line have?
p197 | paraphrase | y21 | does the missing-final-branch check need semantic analysis?
p198 | paraphrase | y22 | who sorts the incoming tickets?
p199 | paraphrase | y25 | which kind of problem is worse: quietly altered behaviour or a build break?
p200 | paraphrase | y26 | what common mistake in autofixes leads to build failures?
p201 | paraphrase | y27 | how do I fix a warning that triggers when it shouldn't?
p202 | paraphrase | y29 | who merges submissions?
p203 | paraphrase | y32 | how do I make hunting regressions and undoing breakage easy?
p204 | paraphrase | y33 | how are differences since the previous feedback round shown?
p205 | paraphrase | y35 | who compiles the version history and how?
p206 | paraphrase | y37 | what entry do refactors invisible to users get?
p207 | paraphrase | y39 | whose AI rules does the linter adopt?
p208 | paraphrase | q01 | how wide should a proposed idea be?
p209 | paraphrase | q04 | besides the core project, where else can I look for defects?
p210 | paraphrase | q05 | are inline API comments welcome?
p211 | paraphrase | q09 | which email group handles adoption requests?
p212 | paraphrase | q11 | which introductory text file must an adopted extension have?
p213 | paraphrase | q12 | what if someone firmly opposes an adoption?
p214 | paraphrase | q14 | how many maintainers should have publishing rights for each extension?
p215 | paraphrase | q15 | when could the organisation take over my extension?
p216 | paraphrase | q17 | which environment repairs formatting violations?
p217 | paraphrase | q18 | which interpreters are usually enough on my laptop?
p218 | paraphrase | q20 | who can skip adding themselves to the contributor list?
p219 | paraphrase | q24 | how do I get the environment manager onto my machine?
p220 | paraphrase | q25 | which interpreter versions must be on my machine?
p221 | paraphrase | q27 | how do I limit execution to a lone file of checks?
p222 | paraphrase | q29 | who can gain push rights?
p223 | paraphrase | q30 | can people with push rights land peers' accepted proposals?
p224 | paraphrase | s03 | which tag marks beginner-friendly tickets?
p225 | paraphrase | s05 | where is the messaging server for contributors?
p226 | paraphrase | s06 | how can I help by sorting tickets as a non-programmer?
p227 | paraphrase | s07 | should I look for duplicates before filing?
p228 | paraphrase | s11 | which command launches a live preview for local hacking?
p229 | paraphrase | s12 | why open a ticket for a repair I'm already submitting?
p230 | paraphrase | s13 | what should I do if my proposal mixes unrelated edits?
p231 | paraphrase | s15 | what visual material should accompany interface-affecting proposals?
p232 | paraphrase | s16 | where are fixtures stored in the repository?
p233 | paraphrase | s19 | will automation notice a focused fixture?
k001 | keyword | r02 | jest -u update snapshots git diff
k002 | keyword | r11 | sync-flow-tests flow-repo clone
k003 | keyword | r21 | debug-benchmark tinybench
k004 | keyword | r28 | compare.sh hyperfine branches
k005 | keyword | r33 | BOM preserved input
k006 | keyword | y06 | abandoned PRs S-inactive-closed
k007 | keyword | y08 | unpretty ast-tree rustc
k008 | keyword | y19 | cargo dev update_lints autogenerated
k009 | keyword | y31 | git rebase workflow merge commit squash
k010 | keyword | y33 | range-diff review comment
k011 | keyword | q07 | tox docs build documentation
k012 | keyword | q12 | transfer objects two agree
k013 | keyword | q26 | tox pdb on failure
k014 | keyword | s18 | solo test folder rename
k015 | keyword | s20 | expected files update flag
k016 | keyword | s22 | snake_case internal camelCase public
i001 | identifier | r10 | tests/config/format-test/
i002 | identifier | r16 | .github/PULL_REQUEST_TEMPLATE.md
i003 | identifier | r17 | changelog_unreleased/TEMPLATE.md
i004 | identifier | r26 | NODE_ENV=production
i005 | identifier | r29 | PRETTIER_PERF_FILENAME
i006 | identifier | r31 | FULL_TEST=1
i007 | identifier | y14 | rust-analyzer.linkedProjects
i008 | identifier | y17 | CombinedLateLintPass
i009 | identifier | y21 | else_if_without_else
i010 | identifier | y23 | #15086
i011 | identifier | y30 | S-waiting-on-community-reviews
i012 | identifier | q13 | pytest-xyz-developers
i013 | identifier | q19 | changelog/2574.bugfix
i014 | identifier | q27 | testing/test_config.py
i015 | identifier | s10 | sveltejs/rfcs
i016 | identifier | s18 | test/js/samples/action.solo
x001 | distractor | r22 | which yarn perf script runs the naive repeat loop?
x002 | distractor | r24 | which yarn perf script runs the benchmark measurements?
x003 | distractor | r23 | which yarn perf script waits for the inspector?
x004 | distractor | r07 | which parsers does listing typescript add to runFormatTest?
x005 | distractor | r08 | which parsers does listing babel add to runFormatTest?
x006 | distractor | y07 | are T-AST issues easier than T-middle issues?
x007 | distractor | y25 | what is an I-suggestion-causes-bug issue in Clippy?
x008 | distractor | y26 | what is an I-suggestion-causes-error issue in Clippy?
x009 | distractor | y36 | what changelog line does a new Clippy lint get?
x010 | distractor | y37 | what changelog line does an internal Clippy change get?
x011 | distractor | q16 | which pytest branch do bug fixes target?
x012 | distractor | q22 | how do I create a pytest bugfix branch off master?
x013 | distractor | q10 | what must setup.py contain for a pytest-dev plugin?
x014 | distractor | s17 | how do I run only the Svelte tests of one feature?
x015 | distractor | s14 | which npm run commands must pass before a Svelte PR?
h001 | zh | z01 | 测试用例里的代码片段可以指定文件名吗？
h002 | zh | z02 | 做性能分析时什么时候停掉 CPU Profiler？
h003 | zh | z03 | 生成 changelog 的脚本怎么用？
h004 | zh | z04 | 用 AI 写代码也要遵守 issue 模板吗？
h005 | zh | z05 | 怎么在本地构建网站？
h006 | zh | z06 | BOM 和换行符检查需要本地跑吗？
h007 | zh | z07 | 不确定自己的改动对不对，可以直接提交吗？
h008 | zh | z08 | Clippy 的贡献指南改编自哪个项目？
h009 | zh | z09 | Clippy 用什么许可证？
h010 | zh | z10 | 修复误报的 changelog 怎么写？
h011 | zh | z11 | 哪个文件是深层嵌套的例子？
h012 | zh | z12 | 社区成员为什么要帮忙审查 PR？
h013 | zh | z13 | 整理提交历史会让审查变难吗？
h014 | zh | z14 | 升级 nightly 之后 Cargo.lock 要重新生成吗？
h015 | zh | z15 | 可以在博客上分享 pytest 的使用体验吗？
h016 | zh | z16 | pytest-dev 组织为什么要集中管理插件？
h017 | zh | z17 | 推送代码用什么 git 命令？
h018 | zh | z18 | 修 bug 之前应该先和谁沟通？
h019 | zh | z19 | 文档构建目录里的 en 是什么意思？
h020 | zh | z20 | 团队忘了给我提交权限怎么办？
h021 | zh | z21 | 不会用 Git 应该看什么入门资料？
h022 | zh | z22 | PR 发出之后还能继续追加提交吗？
h023 | zh | z23 | 推荐哪些关于参与开源的指南？
h024 | zh | z24 | 第一次提 PR 有什么视频课程？
h025 | zh | z25 | 不想自己写 PR 怎么提功能请求？
h026 | zh | z26 | 怎么挑一个想做的功能来实现？
h027 | zh | z27 | issue 没填模板被忽略了怎么办？
h028 | zh | z28 | 改了 API 还需要做什么？
h029 | zh | z29 | 贡献的代码用什么许可证授权？
h030 | zh | z30 | 核心团队会看新的 PR 吗？
h031 | zh | z16 | 插件被遗弃的问题怎么解决？
h032 | zh | z02 | 测量结束后为什么要马上停止分析器？
c001 | cross | r14 | Prettier 接受新增格式化选项的 PR 吗？
c002 | cross | r20 | 怎么让 Prettier 重复格式化 N 次并输出平均耗时？
c003 | cross | y05 | Clippy 怎么认领一个 issue？
c004 | cross | y34 | Clippy 的 PR 描述里必须写什么？
c005 | cross | q19 | pytest 的 changelog 文件怎么命名？
c006 | cross | q20 | 什么时候要把自己加到 AUTHORS 文件？
c007 | cross | s11 | Svelte 怎么启动开发服务器？
c008 | cross | s19 | 忘了改回 .solo 文件夹会怎样？
c009 | cross | z01 | can runFormatTest snippets carry a filename?
c010 | cross | z08 | which project's contributing guide was Clippy's adapted from?
c011 | cross | z09 | which licenses cover Clippy's code?
c012 | cross | z17 | which git commands commit and push a pytest change?
c013 | cross | z21 | what Git quick start guide do pytest contributors get pointed to?
c014 | cross | z24 | is there a free video course for a first Svelte pull request?
c015 | cross | z28 | what else must change when a Svelte API changes?
c016 | cross | z29 | under which license are Svelte contributions licensed?
`;

export type P7Memory = BlindMemory;
export type P7Query = BlindQuery;

export const P7_MEMORIES: P7Memory[] = memoriesOf(MEMORIES);
export const P7_QUERIES: P7Query[] = questionsOf(QUESTIONS);

/** The half of a p7 question: sha256("search-p7:" + id), first byte even = tuning. */
export const p7Half = (q: P7Query): "tuning" | "frozen" => halfOf("search-p7:", q);
