import type { UnseenQuery } from "./unseen-set";

/**
 * The third issue-42 paraphrase set ("agents", round three session eight), written before any rule
 * of that session was changed and committed alone before anything was run on it (see git history).
 * 104 memories: facts from three public contributor guides, each rewritten as a coding agent would
 * store it (often two or three claims in one memory), pinned by commit:
 *   openai/codex AGENTS.md @ 020f0e2fb8423836dec396b626ef6738be14e1e3 (a001-a040)
 *   astral-sh/uv CONTRIBUTING.md @ 009b85941f47f624be2ee9878913b3eae9c74c22 (a041-a066)
 *   biomejs/biome CONTRIBUTING.md @ 01e87a8adc70ba8069a3392c5fc2c10029307af2 (a067-a104)
 * and paraphrase questions written by hand as a user would ask them, the label (the memory's key)
 * first, each without a content word in common with its answer (checked by `checkAgentsSet` with
 * lib's tokenizer; bench/search/unseen-split.ts). The store they are asked over also holds the 333
 * fresh-set memories (style rules) as realistic neighbours. bench/search/unseen-split.ts's hash
 * splits the questions into a tuning half and a frozen half; the frozen half is the headline.
 *
 * Lines of MEMORIES: `key | memory`; lines of QUESTIONS: `key | paraphrase question`.
 */
const MEMORIES = `
a001 | In codex-rs every crate name starts with codex-, so the core folder's crate is called codex-core.
a002 | Codex Rust style: when calling format! always inline variables into the braces instead of passing them as trailing arguments.
a003 | Before running the codex repo instructions, install the commands it relies on (just, rg, cargo-insta) if they are missing.
a004 | Never add or modify code touching CODEX_SANDBOX_NETWORK_DISABLED_ENV_VAR or CODEX_SANDBOX_ENV_VAR. The shell tool runs with CODEX_SANDBOX_NETWORK_DISABLED=1, and tests use it to exit early when the network is off.
a005 | Processes spawned under Seatbelt (/usr/bin/sandbox-exec) get CODEX_SANDBOX=seatbelt; integration tests that run Seatbelt themselves cannot run nested, so they check it and exit early.
a006 | Clippy conventions in codex: collapse nested if statements, and use method references instead of closures where possible.
a007 | Make match statements exhaustive and avoid wildcard arms when possible.
a008 | When writing Rust tests, compare whole objects for equality rather than checking fields one by one, and use pretty_assertions::assert_eq for clearer diffs.
a009 | A change that adds or alters an API must update the documentation in the docs/ folder.
a010 | After changing ConfigToml or nested config types, run just write-config-schema to regenerate codex-rs/core/config.schema.json.
a011 | After changing Cargo.toml or Cargo.lock, run just bazel-lock-update from the repo root and commit MODULE.bazel.lock in the same change; then just bazel-lock-check catches lockfile drift before CI.
a012 | Do not create small helper methods that are referenced only once.
a013 | Model-visible prompt context goes through the shared fragment abstractions: each new fragment implements ModelVisibleContextFragment and declares a ModelVisibleContextEnvelope.
a014 | Contextual-user fragments (AGENTS instructions, plugin instructions, environment context, skills, shell markers) must carry stable markers so history parsing treats them as state rather than user intent.
a015 | Never inject raw strings into the initial-context or settings-update builders, and do not call fragment wrapping helpers ad hoc.
a016 | Run just fmt in codex-rs automatically after Rust changes without asking for approval. Do not re-run tests after fmt or fix.
a017 | Testing order in codex-rs: first test the changed crate, e.g. cargo test -p codex-tui; if common, core or protocol changed, run the complete suite, but ask the user before running the complete suite.
a018 | Avoid --all-features for routine local runs: it expands the build matrix and bloats target/ disk usage.
a019 | Before finalizing a large change run just fix -p <project>; scope it with -p to avoid slow workspace-wide Clippy builds.
a020 | TUI styling uses ratatui's Stylize helpers: "text".dim(), .bold(), .cyan() rather than building Style and Span::styled by hand; Span::styled is fine when the style is computed at runtime.
a021 | In the TUI never use .white() for text; leave the default foreground.
a022 | Do not refactor between equivalent forms like Span::styled and set_style or Line::from and .into() without a clear readability gain; follow the file's local conventions.
a023 | Between Line::from(vec![...]) and vec![...].into(), prefer whichever stays on one line after rustfmt; if both wrap, pick the one with fewer wrapped lines.
a024 | Plain strings are wrapped with textwrap::wrap; ratatui Lines are wrapped with word_wrap_lines from tui/src/wrapping.rs.
a025 | To add a prefix to every line of a list (different on the first line), use the prefix_lines helper from line_utils.
a026 | Any change to user-visible TUI output must come with insta snapshot coverage, reviewed and accepted in the PR.
a027 | Snapshot workflow in codex: cargo test -p codex-tui, then cargo insta pending-snapshots -p codex-tui, read the .snap.new files, and only then cargo insta accept -p codex-tui.
a028 | Tests should not mutate the process environment; pass environment-derived flags or dependencies from above instead.
a029 | To spawn first-party binaries in tests use codex_utils_cargo_bin::cargo_bin rather than assert_cmd or escargot, because under Bazel binaries live in runfiles.
a030 | For fixture files under Bazel avoid env!("CARGO_MANIFEST_DIR"); use codex_utils_cargo_bin::find_resource!.
a031 | End-to-end Codex tests use core_test_support::responses: mount_sse helpers return a ResponseMock you keep to assert on the outbound /responses POST bodies.
a032 | Prefer wait_for_event over wait_for_event_with_timeout, and mount_sse_once over mount_sse_once_match or mount_sse_sequence.
a033 | All active app-server API development happens in v2; do not add new surface to v1.
a034 | App-server payload naming: *Params for requests, *Response for responses, *Notification for notifications; RPC methods are <resource>/<method> with a singular resource, e.g. thread/read.
a035 | App-server v2 fields are camelCase on the wire via serde rename_all, except config RPC payloads, which use snake_case to mirror config.toml keys.
a036 | Never use skip_serializing_if = Option::is_none on v2 API payload fields.
a037 | API timestamps are integer Unix seconds (i64) named *_at, like created_at.
a038 | Use plain String IDs at the API boundary and parse UUIDs internally.
a039 | New list methods use cursor pagination: request cursor and limit, response data and next_cursor.
a040 | When API shapes change, regenerate schema fixtures with just write-app-server-schema and validate with cargo test -p codex-app-server-protocol.
a041 | uv labels beginner-friendly issues "good first issue" and bigger community tasks "help wanted"; no permission is needed to start on them, but say you are working on one to avoid duplicate effort.
a042 | uv: issues labelled needs-decision or needs-design are not good candidates; do not open pull requests for them.
a043 | uv closes pull requests for new features opened without prior discussion, because each feature is a long-term maintenance burden.
a044 | All AI use in uv contributions must follow Astral's AI Policy, or the contribution is closed.
a045 | Building uv needs Rust and a C compiler: build-essential on Debian/Ubuntu, gcc via dnf on Fedora.
a046 | On Windows, building uv's TLS backend aws-lc-sys needs NASM (winget install NASM.NASM); without it a prebuilt blob is used, and AWS_LC_SYS_PREBUILT_NASM=0 guarantees it is not.
a047 | uv recommends nextest; the integration tests run against a pre-built uv executable, via ./scripts/run-integration-tests.sh, with -E 'test(name)' for a single test.
a048 | To accept snapshot changes in uv: build with --features uv-publish/test, then UV_TEST_BIN=target/debug/uv cargo insta test --accept --test-runner nextest --package uv-integration.
a049 | uv's tests need several specific Python versions, installed with cargo run python install; UV_PYTHON_INSTALL_DIR sets where, and it must be an absolute path.
a050 | ./scripts/apply-ci-snapshots.sh updates uv snapshots from CI results, including platform-specific ones, without re-running the suite.
a051 | Some uv tests need Git and Git LFS; turn off the git or git-lfs features to disable them.
a052 | Run a development build of uv with cargo run -- <args>, e.g. cargo run -- venv.
a053 | uv formatting: cargo fmt --all for Rust, uvx ruff format . for Python, npx prettier --write . for Markdown and YAML.
a054 | uv linting needs shellcheck and cargo-shear installed separately; Clippy runs with --all-targets --all-features --locked -- -D warnings.
a055 | uv spell checking runs uvx typos; unused Rust dependencies are found with cargo shear; Python types with uvx ty check python/uv.
a056 | To lint uv for Windows from Linux or macOS use cargo-xwin: add the x86_64-pc-windows-msvc target and run cargo xwin clippy.
a057 | Rust forbids circular dependencies between crates; cargo depgraph with graphviz draws the uv crate hierarchy.
a058 | Source distributions can run arbitrary code at build time, even while only resolving requirements, so uv offers a Docker builder image (crates/uv-dev/builder.dockerfile) for untrusted dependency trees.
a059 | uv's resolver benchmarks live in scripts/benchmark and compare uv with other tools such as poetry on workloads like resolve-cold.
a060 | To see where uv is CPU-bound among parallel requests, use tracing-durations-export with TRACING_DURATIONS_FILE and the profiling profile.
a061 | Trace-level logging in uv: set RUST_LOG=trace.
a062 | Preview uv docs locally with uv run --only-group docs mkdocs serve after cargo dev generate-all; they appear at 127.0.0.1:8000/uv/.
a063 | uv documentation deploys automatically on release through the Astral docs repository and Cloudflare Pages; format Markdown with Prettier after editing docs.
a064 | macOS code signing for uv can only be done by Astral team members; a signed binary is approved once for keychain tests instead of on every recompile.
a065 | UV_TEST_CODESIGN_IDENTITY holds the macOS signing identity and is only supported via nextest.
a066 | uv releases: run ./scripts/release.sh, editorialize CHANGELOG.md, open a "Bump version" PR, then run the release workflow with the tag; do not include a leading v.
a067 | Biome requires disclosing any AI assistance in a pull request, with its extent, e.g. that AI wrote the docs or tests.
a068 | Biome questions and proposals go to GitHub discussions; Discord is for ad-hoc help and is moderated under the code of conduct.
a069 | Before reporting a Biome bug, check it on the main branch using the online playground or the CodeSandbox template.
a070 | Biome builds with a stable Rust toolchain from rustup; run the CLI in development mode with cargo biome-cli-dev --help.
a071 | Biome uses just for tasks; install it with an OS package manager rather than cargo, then just install-tools installs cargo-binstall, cargo-insta, taplo-cli, wasm-bindgen-cli and wasm-opt.
a072 | Biome needs pnpm installed and pnpm install at the root to create changesets.
a073 | Biome's Codespace uses the premium image with 64 GB of disk, because a basic 32 GB one can run out of space building or running the full suite.
a074 | cargo t at the Biome root runs every test of the repository; inside a crate folder it runs only that crate's tests.
a075 | just test uses the same test runner as Biome's CI; just test-crate biome_cli tests one crate; just test-doc runs only doctests.
a076 | When a Biome snapshot test fails: cargo insta accept takes all changes, reject drops them, review goes one by one.
a077 | To print while debugging a Rust test use dbg!() and pass --show-output to cargo.
a078 | Biome's dev profile strips debug information; use --profile debugging to keep stack traces, at the cost of recompiling dependencies.
a079 | To triage a Biome reproduction, cargo build --bin biome and copy target/debug/biome into the reproduction, pointing scripts at ./biome; for LSP clients set biome.lsp.bin to its absolute path.
a080 | Biome production builds need BIOME_VERSION set to anything but 0.0.0, which turns off the recommended nursery rules, e.g. BIOME_VERSION=0.0.1 cargo build --release.
a081 | Before opening a Biome PR run just f (format Rust and TOML) and just l (lint); just gen-analyzer after linter work, just gen-bindings after workspace changes.
a082 | just ready runs the codegen of the whole Biome repository and takes a while.
a083 | Create new Biome crates with just new-crate; the --lib option makes a library with src/lib.rs.
a084 | Biome uses workspace dependencies defined in the root Cargo.toml; internal crates use workspace = true, and dev-dependencies use path dependencies to avoid needing published versions.
a085 | Biome's npm package @biomejs/biome supports two backends: wasm-nodejs (WebAssembly) and backend-jsonrpc (a connection to the daemon).
a086 | Biome's JS API tests run against compiled files, so run the build script after changing features or fixing bugs.
a087 | Biome follows conventional commits: build:, chore:, ci:, docs:, feat:, fix:, perf:, refactor:, release:, revert:, test:.
a088 | A workflow lints Biome pull request titles with action-semantic-pull-request; the title becomes the squash-merge commit message.
a089 | Biome PR targets: bug fixes and new nursery rules go to main; promoting a rule from nursery and user-facing features go to next.
a090 | Nursery rules in Biome do not follow semantic versioning.
a091 | Biome changesets are created with just new-changeset, never by hand; it prompts for the packages, the change type and a description, and writes to the .changeset folder.
a092 | Headers inside a Biome changeset must be #### or #####; other levels break the final CHANGELOG and upstream tools.
a093 | Most Biome changesets pick the @biomejs/biome package: patch fixes a bug, minor adds a user feature, major breaks a user API; minor and major PRs target the next branch.
a094 | Biome changesets cover user-facing changes only; an internal refactor needs none. A good changeset is one to three sentences.
a095 | Changeset tense: past tense for what you did ("Fixed edge case"), present tense for Biome behaviour ("Biome now supports"); end every sentence with a full stop.
a096 | A Biome changeset for a bug fix starts with a link to the issue; a referenced rule or assist links to its page on the website.
a097 | A Biome changeset for a formatter change shows the effect in a diff code block; for a new lint rule it shows an invalid example.
a098 | Docs for Biome rules, assists and their options are written as inline rustdoc; other docs such as formatter options go in a PR against the website's next branch, linked from the feature PR.
a099 | Biome versioning follows VS Code's extension scheme: odd minor versions are pre-releases, even minor versions are official releases.
a100 | Biome beta releases: run the beta workflow with the upcoming version, e.g. 2.0.0-beta.1, and a Core Contributor approves the deployment.
a101 | Before a Biome release every version: "next" in rule metadata is replaced by the real version number; scripts/update-next-version.sh does it by hand.
a102 | For a minor or major Biome release, merge next into main with a merge commit, not a squash, so the history is kept.
a103 | After the release workflow compiles the artefacts, a Core Contributor must approve them manually.
a104 | After a Biome release, create new next branches for both the main repository and the website; patch releases only merge the ci: release PR and leave next alone.
`;

const QUESTIONS = `
a001 | how are the Rust packages in that workspace labelled?
a001 | what do they title the package for the central engine directory?
a002 | how should I interpolate values in the string-building macro?
a002 | should placeholders get positional parameters after the template?
a003 | what do I do if tools like ripgrep or the task runner aren't on my machine?
a003 | what should I set up before following the workspace guidance?
a004 | which environment switches about isolation am I forbidden to edit?
a004 | why do some suites bail out right away when offline?
a005 | what marker does a child get when launched inside Apple's jail?
a005 | why can't a suite that itself starts the macOS isolation work inside it?
a006 | how should conditionals inside conditionals be written according to the linter?
a006 | should I pass a lambda or point straight at a function like Foo::bar?
a007 | may I put a catch-all _ branch when destructuring enums?
a007 | how complete should pattern branches be?
a008 | should I verify structs attribute by attribute?
a008 | which crate gives nicer output when a comparison fails?
a009 | what else must I touch when I modify a public interface?
a009 | if I modify the interface, which directory must stay in sync?
a010 | what must be rebuilt when the settings structs are edited?
a010 | which file describes the settings layout, and how is it recreated?
a011 | what extra file has to be refreshed when crate versions are bumped?
a011 | how do I spot stale pins in the monorepo build tool before the pipeline complains?
a012 | should I extract tiny functions that are called from a single place?
a012 | is a one-use wrapper function welcome?
a013 | which trait do fresh pieces of LLM input need?
a013 | how do I add something the LLM sees to its instructions?
a014 | why do injected details about the machine need identifiable tags?
a014 | how does the transcript reader tell injected info apart from what a person typed?
a015 | can I just push a literal into the startup LLM input constructors?
a015 | may fresh code invoke the wrapper utilities for LLM input pieces directly?
a016 | do I need permission before launching the formatter?
a016 | should suites be repeated after the autoformatter or linter autofixes?
a017 | which specs should I execute at the start after editing the terminal interface package?
a017 | when must I check with the person before launching every spec?
a018 | why not enable every cargo flag on each everyday compile?
a018 | what makes the output directory grow huge?
a019 | how do I keep the linter's autofix from compiling the entire monorepo?
a019 | what should happen before a big Rust edit is finalised?
a020 | how do I color a fragment of a line in the terminal interface?
a020 | when is it acceptable to construct a decorated fragment manually?
a021 | which color is banned in the terminal interface?
a021 | should labels pick an explicit color or keep the terminal's own?
a022 | should I convert one interchangeable construction into another during edits?
a022 | what should I do when a module already has its own habit for writing fragments?
a023 | how do I choose between two ways of building a row when only a single variant fits after formatting?
a024 | which crate breaks unstyled prose into multiple rows?
a024 | where are the utilities for breaking terminal rows?
a025 | is there a function to put a marker in front of each row of output?
a026 | what golden verification does an edit to what people see in the terminal app require?
a026 | what must accompany a pull request that adds a screen to the terminal app?
a027 | how do I list and approve outstanding golden outputs for the terminal app?
a027 | where are the freshly rendered outputs stored for inspection?
a028 | may a spec set env vars on the running program?
a028 | how should a spec get configuration that usually comes from env vars?
a029 | how should a spec launch our own executables so it works under the monorepo builder?
a029 | why avoid external crates for starting our executables from a spec?
a030 | how do I locate sample data so paths resolve under runfiles?
a030 | why is the crate-directory macro a problem for sample data?
a031 | what module do full agent specs rely on to fake the model server?
a031 | how can I check what was sent to the model endpoint in a spec?
a032 | which blocking helper is favoured in specs?
a032 | which streaming stub should be the default?
a033 | which protocol revision gets additional endpoints?
a033 | is the old protocol still getting additional endpoints?
a034 | what suffixes should inbound and outbound types carry?
a034 | how are remote call endpoints structured?
a035 | what capitalisation do JSON properties have in the protocol, and when is it different?
a035 | why do the settings calls have underscores in their property identifiers?
a036 | may I omit null properties when encoding messages?
a036 | which serde attribute is forbidden on message properties?
a037 | how should points in time be represented in the protocol?
a037 | what ending do time properties carry?
a038 | what type should identifiers have in the public interface?
a038 | where should UUID conversion happen?
a039 | how should an additional enumeration endpoint page through results?
a039 | what properties does a paged reply hand back?
a040 | what do I execute after the wire types are edited?
a040 | which crate's specs verify the wire format after an edit?
a041 | how do I find easy tickets for newcomers in the Python package manager?
a041 | must I ask before picking up a ticket meant for outsiders?
a042 | which tickets should I avoid sending code for?
a042 | what tags mark tickets still awaiting a verdict?
a043 | what happens to an unsolicited PR adding functionality?
a043 | why are additions turned down when nobody talked about them first?
a044 | what rules govern machine-generated patches to the Python tool?
a044 | what happens to a PR that ignores the machine-learning rules?
a045 | what toolchain must be installed to produce the Python package manager binary?
a045 | which apt package gives me cc and make on Mint or Pop!_OS?
a046 | what assembler is required on Microsoft's OS for the crypto library?
a046 | how can I make sure the precompiled crypto artefact is never picked?
a047 | which runner is advised for checking the Python tool?
a047 | how do I launch just one end-to-end case?
a047 | what does the end-to-end runner exercise?
a048 | how do I refresh golden outputs for the Python installer in bulk?
a048 | which compile flag is required before approving golden files?
a049 | how do I get the interpreter releases the suite requires?
a049 | where are the interpreters stored, and what constraint applies to that location?
a050 | can I refresh golden files from pipeline outcomes instead of rerunning everything locally?
a050 | how do I refresh golden files that differ per OS?
a051 | how can I skip the suites that depend on large-file support in version control?
a051 | which suites require large binary storage for repositories?
a052 | how do I try my locally compiled package manager?
a052 | how do I create a virtual env with my dev binary?
a053 | how are the .py sources made tidy in that repo?
a053 | what tidies docs and config files there?
a053 | how are the .rs sources tidied?
a054 | which extra programs must be set up on their own before checking style?
a054 | which flags does the Rust linter get there?
a055 | how are misspellings caught?
a055 | how do I detect crates declared but never imported?
a056 | how can I do static analysis for Microsoft's platform from Apple hardware?
a056 | which triple must be added for checking the Microsoft side?
a057 | can packages rely on each other in a loop, and how do I visualise the graph?
a057 | why can't two packages reference each other?
a058 | why execute resolution of unknown packages inside a container?
a058 | can merely working out what to install let hostile packages do damage?
a059 | where are the performance comparisons with other installers?
a059 | which scenario measures working out requirements with an empty cache?
a060 | how can I visualise concurrent HTTP calls to find hotspots?
a060 | which cargo build mode is chosen when saving span timings?
a061 | how do I turn on the most verbose output?
a061 | which variable controls verbosity in the Python tool?
a062 | how can I view the website pages on my machine before publishing?
a062 | what address hosts the handbook when viewed on my machine?
a063 | how do handbook updates get published?
a063 | what hosting service serves the handbook?
a064 | who can notarise Apple executables, and why bother?
a064 | why would specs touching stored passwords prompt repeatedly?
a065 | which variable stores the Apple developer certificate name, and which runner accepts it?
a065 | can that certificate setting be read by plain cargo specs?
a066 | what is the procedure to ship a fresh revision of the Python tool?
a066 | should the git label start with a letter?
a066 | what file must be hand-edited for consistent style when shipping?
a067 | must I mention it when a chatbot helped produce my PR?
a067 | what should the statement say about machine help?
a068 | where do I raise queries or suggest ideas for the JS toolchain?
a068 | where can I chat informally with the team, and is it policed?
a069 | how do I confirm a problem still exists on the latest source before filing?
a069 | is there a web page to try whether a defect is already fixed?
a070 | how do I launch the command line tool while hacking on it?
a070 | what compiler channel is required to compile the JS linter?
a071 | how should the recipe runner be set up, and what does its setup recipe fetch?
a071 | which golden-file helper and TOML formatter come with that setup recipe?
a072 | which JS package manager is required, and for what?
a072 | what must execute at the top of the repo before making release notes?
a073 | why does the cloud dev environment pick the bigger machine?
a073 | how much storage does the cheapest cloud dev box have?
a074 | what does the short alias do at the top level versus within a package directory?
a074 | how do I restrict checks to one package?
a075 | how do I execute checks the same way the pipeline does?
a075 | how do I execute only the examples embedded in API comments?
a076 | what are my options when golden output differs?
a076 | how do I go through modified golden files individually?
a077 | how can I dump values while a unit check executes?
a077 | which macro is the equivalent of console.log in that language?
a078 | why are backtraces empty, and how do I get them?
a078 | which mode retains symbols at the price of slower compiles?
a079 | how do I reproduce a user's report with my own binary of the linter?
a079 | how do I direct an editor extension to a custom executable?
a080 | which env var must be given for an optimised compile, and what does it alter?
a080 | what happens to experimental checks if that variable holds a real number?
a081 | what should I execute before submitting a patch to the JS toolchain?
a081 | which generators must be executed after editing the diagnostics engine?
a082 | what recipe regenerates every generated file at once, and is it quick?
a083 | how do I scaffold an additional package in that monorepo?
a083 | what file does a fresh reusable package begin with?
a084 | where are third-party package releases declared?
a084 | how do in-house packages reference packages required only by specs?
a085 | what modes of operation does the JS module offer?
a085 | can the JavaScript interface talk to the long-running server process?
a086 | why must the packages be produced before the Node interface checks?
a086 | after repairing something in the Node interface, what must I do before its checks pass?
a087 | which prefixes are allowed at the start of a change message?
a087 | what prefix marks a speed improvement in git history?
a088 | what checks the format of PR names?
a088 | where does the heading of a PR end up once it lands?
a089 | which line of development should a correction aim at?
a089 | where does a pull request graduating an experimental check land?
a089 | where do additions visible to people land?
a090 | do experimental checks obey semver?
a090 | can an experimental check alter behaviour in a patch?
a091 | how do I make a release note entry?
a091 | where do the release note entries get stored?
a092 | what heading depths are allowed in release note entries?
a092 | why avoid big headings in those entries?
a093 | which npm module should most release note entries select?
a093 | what type of bump should a correction get?
a093 | which line must an incompatible change aim at?
a094 | does a behind-the-scenes cleanup require a release note entry?
a094 | how long should a release note entry be?
a095 | what grammatical form should release note entries take?
a095 | should the entry describe how the tool acts now as something done?
a096 | how should an entry about a correction begin?
a096 | should a mention of a lint check point to its online entry?
a097 | how should a formatting alteration be illustrated in its entry?
a097 | what illustration does an entry for an additional check require?
a098 | where do I put the reference pages for a lint check's settings?
a098 | where do I document additional pretty-printer settings?
a099 | how can I tell whether a numbered drop is a preview?
a099 | which parity does the middle number of stable drops have?
a100 | how do we cut a preview?
a100 | who signs off on shipping a preview?
a101 | what placeholder in check descriptors must be substituted before shipping?
a101 | which shell helper fills in placeholders manually?
a102 | how should the feature line be combined into the stable line?
a102 | why retain the full log when bringing the feature line over?
a103 | who signs off on the finished binaries before publishing?
a103 | do the binaries go out automatically once produced?
a104 | what lines of development do we recreate after shipping?
a104 | what does a bugfix-only version require?
`;

export interface AgentsMemory {
  key: string;
  content: string;
}

const rows = (table: string) =>
  table
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf("|");
      return [l.slice(0, at).trim(), l.slice(at + 1).trim()] as const;
    });

export const AGENTS_MEMORIES: AgentsMemory[] = rows(MEMORIES).map(([key, content]) => ({ key, content }));

export const AGENTS_QUERIES: UnseenQuery[] = rows(QUESTIONS).map(([expect, q]) => ({ q, kind: "paraphrase" as const, expect }));
