/**
 * The round-twelve blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r11
 * has been scored and so is tuning data now.
 *
 * Seven projects with vocabulary not used in r3..r11, modelled on public files read through the
 * search tools (rules paraphrased, not copied; none of them used to tune a rule):
 * - sprout (an Elixir/Phoenix app driven by a task runner): "task lint runs format, credo and
 *   dialyzer; run one test with task test:single -- file:line; @spec on public functions; HEEx via
 *   ~H; with for complex logic; conventional commits, imperative mood" — AGENTS.md of
 *   anadubas/growth @ 6d97d71beebfc427568a69778001f115a4040253;
 * - gatehouse (a reverse proxy's configuration) with real supersessions from a migration guide:
 *   "IPWhiteList renamed IPAllowList; pilot option removed; gRPC metrics report Grpc-Status; the
 *   Consul namespace option removed; sslRedirect removed from the headers middleware" —
 *   docs/content/migration/v2-to-v3.md of traefik/traefik @ 41248dff3ab63b51fea4d6395da3dbb30bd21079;
 * - shellrun (a Java process-driving library): "production code Java 25; tests in Kotlin with JUnit
 *   5; Gradle Kotlin DSL; Spotless and SpotBugs; docs, comments and commits in English; add an
 *   AGENTS.md to a module that needs more guidance" — ai/AGENTS.md of Ulviar/iCLI @
 *   637ee76132a15c9ea83dbe50d51376969a8424a6;
 * - tabulate (a JSON-to-CSV library) with renamed option keys: "uppercase option keys no longer
 *   supported: EMPTY_FIELD_VALUE -> emptyFieldValue, DELIMITER.FIELD -> delimiter.field, KEYS ->
 *   keys, SORT_HEADER -> sortHeader" — upgrade_guides/UPGRADE_2_to_3.md of mrodrig/json-2-csv @
 *   4dcddeda8380695f07a8075eba9bc02ebdbadf5f;
 * - Chinese: gongju (a Python MCP server): "uv sync --all-extras --group dev; uv run pre-commit
 *   install; Ruff enforces the style; tests for new features; update the docs; signing commits is
 *   optional but advised" — docs/contributing/index.zh.md of possible055/relace-mcp @
 *   73fbcdc923b5f20d5d4450faa6ecd401799269fc;
 * - Chinese: guaji (a game automation bot): "all communication in Chinese, commit summaries and
 *   comments included; PEP 8; Google-style docstrings; ruff lint without errors; summarise and
 *   commit automatically" — .trae/rules/project_rules.md of jasoft/miniwowbot @
 *   cdd9432244db9aac42c6d850e362ce2f4730dbc3;
 * - Chinese: baobiao (a Python BI report library with a front end): "uv is the package manager;
 *   uv sync --group dev --group lint --group git; install pre-commit" — CONTRIBUTING.zh-CN.md of
 *   wwz2017/pybi-next @ 164c6bcf85e988d9bec30762a605150339618818.
 *
 * The same mix as r11: paraphrased duplicates that share few words (merge recall), numbers
 * restated in words (one hundred and twenty, fourteen, twenty-five, 一百二十, 六十, 五千), renamed
 * options and matchers with no cue word (IPWhiteList -> IPAllowList, Headers -> Header,
 * DELIMITER.FIELD -> delimiter.field, KEYS -> keys), reversed rules and replacements.
 *
 * Labels (written before the code was run on this set), as in blind-store-r11.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value (also when the
 *   number is said in other words), an explicit replacement (with or without a cue word), a renamed
 *   option or matcher, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures that
 * share commands but differ in steps or targets, a rule and a further rule added later,
 * near-duplicates that differ in a number, path, entry point or identifier (different subjects),
 * and families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r12:" + id),
 * even -> tuning, odd -> frozen (`halfOfR12`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r12");

// =============================================================================================
// sprout: an Elixir/Phoenix app (task runner, credo, dialyzer, HEEx, conventional commits)
// =============================================================================================

family(
  "sp-lint",
  "sprout",
  [
    ["lint", "procedure", 300, "Run task lint before pushing; it runs the formatter, credo and dialyzer."],
    ["lint2", "procedure", 35, "Ahead of any push, the lint target has to pass: formatting, Credo and Dialyzer in one go."],
    ["credo", "procedure", 280, "task check:credo runs only Credo."],
    ["ci", "procedure", 270, "task ci builds the PLT, lints and runs the tests."],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "sp-single",
  "sprout",
  [
    ["single", "procedure", 290, "Run a single test with task test:single -- path/to/file_test.exs:42."],
    ["single2", "procedure", 30, "To execute just one test case, give its file and line number to the test:single task after a double dash."],
    ["all", "procedure", 270, "task test runs the whole suite."],
    ["slow", "procedure", 260, "Tag slow tests with @tag :slow and skip them locally with mix test --exclude slow."],
  ],
  { merge: [["single", "single2"]] },
);

family(
  "sp-spec",
  "sprout",
  [
    ["spec", "convention", 280, "Every public function gets an @spec."],
    ["spec2", "convention", 40, "Functions exported from a module must carry a type specification."],
    ["doc", "convention", 260, "Public functions also get a @doc."],
    ["defp", "convention", 250, "Private functions use defp and sit next to their caller."],
    ["x240", "convention", 240, "Modules start with a @moduledoc."],
  ],
  { merge: [["spec", "spec2"]] },
);

family(
  "sp-server",
  "sprout",
  [
    ["task", "procedure", 300, "Start the dev server with task server."],
    ["bin", "procedure", 25, "Start the dev server with ./bin/dev; task server was removed."],
    ["assets", "procedure", 280, "Assets are built with task build:assets."],
    ["x270", "procedure", 270, "Open an IEx shell on the running app with iex -S mix phx.server."],
  ],
  { supersede: [["bin", "task"]] },
);

family(
  "sp-port",
  "sprout",
  [
    ["port", "fact", 290, "The Phoenix dev server listens on port 4000."],
    ["port2", "fact", 30, "Local Phoenix now listens on port four thousand and eighty."],
    ["test", "fact", 270, "The test endpoint listens on port 4002."],
    ["x260", "fact", 260, "LiveReload watches lib/sprout_web for changes."],
  ],
  { supersede: [["port2", "port"]] },
);

family("sp-aliases", "sprout", [
  ["sort", "convention", 280, "Aliases are sorted alphabetically."],
  ["group", "convention", 270, "Group aliases by their top-level namespace."],
  ["blank", "convention", 260, "Leave a blank line between the alias block and the require block."],
  ["x250", "convention", 250, "Use the full module name in @moduledoc examples."],
]);

family(
  "sp-import",
  "sprout",
  [
    ["import", "convention", 290, "Prefer import over alias in controllers."],
    ["alias", "convention", 35, "In controllers use alias, not import."],
    ["helpers", "convention", 270, "Import Phoenix helpers only inside the web module."],
    ["x260", "convention", 260, "Controllers stay thin and call a context."],
  ],
  { supersede: [["alias", "import"]] },
);

family(
  "sp-commit",
  "sprout",
  [
    ["conv", "convention", 280, "Commit messages follow Conventional Commits."],
    ["conv2", "convention", 40, "Write commit subjects in the type(scope): summary shape from conventionalcommits.org."],
    ["mood", "convention", 270, "Commit subjects are in the present tense and the imperative mood."],
    ["x260", "convention", 260, "Squash fixup commits before merging."],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "sp-heex",
  "sprout",
  [
    ["heex", "convention", 270, "Templates use the ~H sigil (HEEx)."],
    ["heex2", "convention", 30, "Markup is written as HEEx through the ~H sigil, never in .eex files."],
    ["dir", "fact", 260, "Function components live in lib/sprout_web/components."],
    ["x250", "convention", 250, "Function components take assigns and return rendered markup."],
  ],
  { merge: [["heex", "heex2"]] },
);

family(
  "sp-impl",
  "sprout",
  [
    ["true", "convention", 280, "Mark callbacks with @impl true."],
    ["named", "convention", 30, "Mark callbacks with the behaviour name, e.g. @impl Phoenix.LiveView, instead of @impl true."],
    ["state", "convention", 260, "GenServer state is a map, not a keyword list."],
    ["x250", "convention", 250, "Supervisors use the one_for_one strategy."],
  ],
  { supersede: [["named", "true"]] },
);

family(
  "sp-with",
  "sprout",
  [
    ["with", "convention", 270, "Use with for multi-step logic that can fail."],
    ["with2", "convention", 35, "When several steps may each return an error, chain them in a with block."],
    ["tuple", "convention", 260, "Context functions return {:ok, value} or {:error, reason}."],
    ["raise", "convention", 250, "Do not raise for expected errors."],
  ],
  { merge: [["with", "with2"]] },
);

family(
  "sp-format",
  "sprout",
  [
    ["fmt", "convention", 300, "Format with mix format: two spaces, LF line endings, UTF-8."],
    ["fmt2", "convention", 40, "The stock Elixir formatter settles layout — indentation of 2 and Unix line endings."],
    ["check", "procedure", 280, "CI runs task check:format and fails on unformatted files."],
    ["len", "convention", 270, "Lines are wrapped at 98 characters."],
    ["len2", "convention", 25, "Lines are now wrapped at one hundred and twenty characters."],
  ],
  { merge: [["fmt", "fmt2"]], supersede: [["len2", "len"]] },
);

family(
  "sp-versions",
  "sprout",
  [
    ["elixir", "constraint", 300, "Elixir 1.17 with OTP 27 is required."],
    ["elixir2", "constraint", 30, "The project needs Elixir 1.18 and OTP 27."],
    ["pg", "constraint", 280, "PostgreSQL 16 or newer is required."],
    ["node", "constraint", 270, "Node.js 20 is needed only to build assets."],
  ],
  { supersede: [["elixir2", "elixir"]] },
);

family(
  "sp-stale",
  "sprout",
  [
    ["old", "fact", 280, "Growth chart percentiles are computed in lib/sprout/charts/percentile.ex."],
    ["keep", "fact", 70, "The accounts context is in lib/sprout/accounts.ex."],
    ["x65", "fact", 65, "Seed data is in priv/repo/seeds.exs."],
  ],
  { stale: ["old"], deleted: ["lib/sprout/charts/percentile.ex"] },
);

family("sp-ecto", "sprout", [
  ["gen", "procedure", 260, "Generate a migration with mix ecto.gen.migration add_child_profiles."],
  ["migrate", "procedure", 250, "Run migrations with mix ecto.migrate."],
  ["rollback", "procedure", 240, "Undo the last migration with mix ecto.rollback."],
  ["merged", "convention", 230, "Never edit a migration that is already on main."],
]);

family(
  "sp-plt",
  "sprout",
  [
    ["priv", "fact", 270, "Dialyzer PLTs are cached in priv/plts."],
    ["build", "fact", 30, "PLT files go to _build/plts now; priv/plts is no longer used."],
    ["first", "fact", 260, "The first Dialyzer run takes several minutes to build the PLT."],
    ["x250", "fact", 250, "Dialyzer warnings are ignored only through .dialyzer_ignore.exs."],
  ],
  { supersede: [["build", "priv"]] },
);

// =============================================================================================
// gatehouse: a reverse proxy's configuration (v2 -> v3 migration: renamed and removed options)
// =============================================================================================

family(
  "gh-allow",
  "gatehouse",
  [
    ["white", "convention", 300, "Restrict the admin routes with the IPWhiteList middleware."],
    ["allow", "convention", 25, "Restrict the admin routes with the IPAllowList middleware."],
    ["rate", "convention", 280, "Rate-limit the public API with the RateLimit middleware at 100 requests per second."],
    ["auth", "convention", 270, "Admin routes also need basic auth."],
  ],
  { supersede: [["allow", "white"]] },
);

family(
  "gh-pilot",
  "gatehouse",
  [
    ["pilot", "fact", 290, "The pilot token is set in the static configuration."],
    ["pilot2", "fact", 30, "The pilot option is gone from the static configuration; delete its token."],
    ["static", "fact", 280, "The static configuration lives in gatehouse.yml."],
    ["dynamic", "fact", 270, "The dynamic configuration is in conf.d/."],
  ],
  { supersede: [["pilot2", "pilot"]] },
);

family(
  "gh-grpc",
  "gatehouse",
  [
    ["http", "fact", 280, "gRPC request metrics report the HTTP status code."],
    ["status", "fact", 35, "For gRPC requests the metrics carry the Grpc-Status header value rather than the HTTP status."],
    ["prom", "fact", 270, "Metrics are exposed to Prometheus on port 8082."],
    ["otel", "fact", 260, "Tracing uses OpenTelemetry."],
  ],
  { supersede: [["status", "http"]] },
);

family(
  "gh-ssl",
  "gatehouse",
  [
    ["ssl", "convention", 290, "Force HTTPS with sslRedirect: true in the headers middleware."],
    ["entry", "convention", 30, "Force HTTPS with a redirection on the web entry point to websecure; sslRedirect no longer exists."],
    ["h3", "fact", 270, "HTTP/3 is enabled on the websecure entry point."],
    ["acme", "fact", 260, "Certificates come from Let's Encrypt through the TLS challenge."],
  ],
  { supersede: [["entry", "ssl"]] },
);

family(
  "gh-hsts",
  "gatehouse",
  [
    ["sts", "convention", 280, "Set stsSeconds to 31536000 for HSTS."],
    ["sts2", "convention", 40, "The HSTS lifetime is one year (31,536,000 seconds)."],
    ["sub", "convention", 270, "HSTS also covers subdomains (stsIncludeSubdomains)."],
    ["x260", "convention", 260, "Add the X-Content-Type-Options: nosniff header to every response."],
  ],
  { merge: [["sts", "sts2"]] },
);

family(
  "gh-docker",
  "gatehouse",
  [
    ["optin", "convention", 280, "Only containers labelled gatehouse.enable=true are exposed."],
    ["optin2", "convention", 35, "exposedByDefault is false, so a container has to opt in with the enable label."],
    ["sock", "fact", 270, "The Docker provider watches /var/run/docker.sock."],
    ["net", "convention", 260, "Containers must join the proxy network."],
  ],
  { merge: [["optin", "optin2"]] },
);

family(
  "gh-swarm",
  "gatehouse",
  [
    ["mode", "fact", 290, "Swarm services are read by the docker provider with swarmMode: true."],
    ["provider", "fact", 30, "Swarm services need the separate swarm provider; swarmMode was removed from the docker provider."],
    ["refresh", "fact", 270, "The swarm refresh interval is 15 seconds."],
    ["x260", "fact", 260, "Swarm labels go under deploy.labels, not labels."],
  ],
  { supersede: [["provider", "mode"]] },
);

family(
  "gh-hostregexp",
  "gatehouse",
  [
    ["named", "convention", 280, "HostRegexp takes named placeholders like {subdomain:[a-z]+}.example.com."],
    ["plain", "convention", 30, "HostRegexp takes a plain Go regular expression such as ^[a-z]+\\.example\\.com$."],
    ["prefix", "convention", 270, "Route the API with PathPrefix(`/api`)."],
    ["x260", "fact", 260, "Router priority defaults to the length of the rule."],
  ],
  { supersede: [["plain", "named"]] },
);

family(
  "gh-header",
  "gatehouse",
  [
    ["headers", "convention", 270, "Match a request header with Headers(`X-Tenant`, `acme`)."],
    ["header", "convention", 25, "Match a request header with Header(`X-Tenant`, `acme`)."],
    ["query", "convention", 260, "Match a query parameter with Query(`lang`, `en`)."],
    ["x250", "convention", 250, "Match a client IP range with ClientIP(`10.0.0.0/8`)."],
  ],
  { supersede: [["header", "headers"]] },
);

family(
  "gh-consul",
  "gatehouse",
  [
    ["ns", "fact", 280, "The Consul provider reads services from namespace team-a."],
    ["ns2", "fact", 30, "The Consul provider takes a namespaces list now; the namespace option was removed."],
    ["poll", "fact", 270, "The Consul catalog is polled every 15 seconds."],
    ["x260", "fact", 260, "Nomad is not used as a provider."],
  ],
  { supersede: [["ns2", "ns"]] },
);

family(
  "gh-logs",
  "gatehouse",
  [
    ["json", "convention", 280, "Access logs are written in JSON."],
    ["json2", "convention", 40, "The access log format is json."],
    ["keep", "convention", 270, "Access logs are kept for 14 days."],
    ["keep2", "convention", 35, "Access logs keep fourteen days of history."],
    ["err", "convention", 260, "Error logs are kept for 30 days."],
  ],
  {
    merge: [
      ["json", "json2"],
      ["keep", "keep2"],
    ],
  },
);

family(
  "gh-timeout",
  "gatehouse",
  [
    ["read", "fact", 290, "The read timeout of the websecure entry point is 60 seconds."],
    ["read2", "fact", 30, "The websecure read timeout was raised to ninety seconds."],
    ["idle", "fact", 270, "The idle timeout of websecure is 180 seconds."],
    ["web", "fact", 260, "The read timeout of the web entry point is 60 seconds."],
  ],
  { supersede: [["read2", "read"]] },
);

family(
  "gh-tls",
  "gatehouse",
  [
    ["min", "constraint", 280, "The minimum TLS version is 1.2."],
    ["min2", "constraint", 40, "Clients must negotiate TLS 1.2 or newer."],
    ["cipher", "constraint", 270, "Cipher suites follow the Mozilla intermediate profile."],
    ["mtls", "constraint", 260, "The admin entry point requires mutual TLS."],
  ],
  { merge: [["min", "min2"]] },
);

family("gh-release", "gatehouse", [
  ["release", "procedure", 250, "To release: bump VERSION, run make test, tag vX.Y.Z and push the tag."],
  ["hotfix", "procedure", 240, "To hotfix: branch from the latest tag, fix, run make test, tag vX.Y.Z+1 and push the tag."],
  ["notes", "procedure", 230, "Release notes go in CHANGELOG.md under Unreleased."],
  ["x220", "procedure", 220, "Run make test before every tag."],
]);

family(
  "gh-stale",
  "gatehouse",
  [
    ["old", "fact", 270, "The v2 static configuration sample is examples/gatehouse-v2.yml."],
    ["keep", "fact", 60, "The v3 static configuration sample is examples/gatehouse.yml."],
    ["x55", "fact", 55, "The dynamic configuration samples are in examples/conf.d/."],
  ],
  { stale: ["old"], deleted: ["examples/gatehouse-v2.yml"] },
);

// =============================================================================================
// shellrun: a Java library that drives command-line processes (Kotlin tests, Gradle, Spotless)
// =============================================================================================

family(
  "sr-java",
  "shellrun",
  [
    ["java", "constraint", 300, "Production code is Java 25."],
    ["java2", "constraint", 35, "Main sources target Java twenty-five, the LTS release."],
    ["kotlin", "constraint", 280, "Tests are written in Kotlin."],
    ["x270", "constraint", 270, "The library has no runtime dependencies besides pty4j."],
  ],
  { merge: [["java", "java2"]] },
);

family(
  "sr-junit",
  "shellrun",
  [
    ["junit", "convention", 290, "Tests are written in Kotlin with JUnit 5."],
    ["junit2", "convention", 30, "Test classes are Kotlin and run on the JUnit Jupiter platform."],
    ["fixtures", "fact", 270, "Shared test fixtures live in src/testFixtures."],
    ["x260", "convention", 260, "Every bug fix comes with a regression test."],
  ],
  { merge: [["junit", "junit2"]] },
);

family(
  "sr-kotlin",
  "shellrun",
  [
    ["ver", "constraint", 280, "Kotlin is pinned at 2.2.20."],
    ["ver2", "constraint", 30, "Kotlin was bumped to 2.3.0."],
    ["jvm", "constraint", 270, "The Kotlin JVM target matches Java 25."],
    ["x260", "constraint", 260, "The kotlin-test library is used only in tests."],
  ],
  { supersede: [["ver2", "ver"]] },
);

family(
  "sr-spotless",
  "shellrun",
  [
    ["apply", "procedure", 290, "Format with ./gradlew spotlessApply before committing."],
    ["apply2", "procedure", 35, "Run the Spotless apply task prior to each commit so the formatting is fixed."],
    ["check", "procedure", 280, "CI runs ./gradlew spotlessCheck."],
    ["x270", "procedure", 270, "Spotless also trims trailing whitespace in Markdown files."],
  ],
  { merge: [["apply", "apply2"]] },
);

family(
  "sr-style",
  "shellrun",
  [
    ["google", "convention", 300, "Java sources follow Google Java Format."],
    ["palantir", "convention", 25, "Java sources follow Palantir Java Format, not Google Java Format."],
    ["kt", "convention", 280, "Kotlin sources follow the official Kotlin coding conventions."],
    ["x270", "convention", 270, "Imports are never wildcards."],
  ],
  { supersede: [["palantir", "google"]] },
);

family(
  "sr-spotbugs",
  "shellrun",
  [
    ["main", "procedure", 280, "Run ./gradlew spotbugsMain before opening a pull request."],
    ["main2", "procedure", 40, "Static analysis with SpotBugs on the main source set must pass before a PR is opened."],
    ["exclude", "fact", 270, "SpotBugs exclusions go in config/spotbugs/exclude.xml."],
    ["test", "procedure", 260, "Run ./gradlew spotbugsTest on test code only when a reviewer asks."],
  ],
  { merge: [["main", "main2"]] },
);

family(
  "sr-english",
  "shellrun",
  [
    ["en", "convention", 290, "Documentation, comments and commit messages are written in English."],
    ["en2", "convention", 30, "Use English for every code comment, document and commit message."],
    ["cap", "convention", 270, "Commit subjects start with a capital letter."],
    ["x260", "convention", 260, "Javadoc is required on every public class."],
  ],
  { merge: [["en", "en2"]] },
);

family(
  "sr-gradle",
  "shellrun",
  [
    ["wrap", "constraint", 280, "The Gradle wrapper is version 9.1.0."],
    ["wrap2", "constraint", 30, "The Gradle wrapper was updated to 9.2.1."],
    ["catalog", "fact", 270, "Dependency versions live in gradle/libs.versions.toml."],
    ["system", "convention", 260, "Never call a system-wide gradle; always use ./gradlew."],
  ],
  { supersede: [["wrap2", "wrap"]] },
);

family(
  "sr-dsl",
  "shellrun",
  [
    ["groovy", "fact", 300, "Build scripts are Groovy build.gradle files."],
    ["kts", "fact", 30, "Build scripts were converted to the Kotlin DSL; the build.gradle files are gone."],
    ["settings", "fact", 280, "Modules are listed in settings.gradle.kts."],
    ["x270", "fact", 270, "Convention plugins live in build-logic/."],
  ],
  { supersede: [["kts", "groovy"]] },
);

family(
  "sr-agents",
  "shellrun",
  [
    ["module", "convention", 270, "Add an AGENTS.md to a new module when it needs extra guidance."],
    ["module2", "convention", 35, "A module that needs its own instructions gets its own AGENTS.md file."],
    ["root", "fact", 260, "The root instructions are in ai/AGENTS.md."],
    ["x250", "convention", 250, "A nested AGENTS.md overrides the root one for its directory."],
  ],
  { merge: [["module", "module2"]] },
);

family(
  "sr-timeout",
  "shellrun",
  [
    ["proc", "fact", 280, "The default process timeout is 30 seconds."],
    ["proc2", "fact", 30, "The default process timeout is now sixty seconds."],
    ["idle", "fact", 270, "An interactive session's default idle timeout is 5 minutes."],
    ["expect", "fact", 260, "A single expect() call times out after 10 seconds."],
  ],
  { supersede: [["proc2", "proc"]] },
);

family(
  "sr-pty",
  "shellrun",
  [
    ["pty", "decision", 280, "Interactive sessions use a PTY through pty4j."],
    ["pty2", "decision", 35, "Pseudo-terminals for interactive runs come from the pty4j library."],
    ["conpty", "decision", 270, "On Windows, sessions use ConPTY."],
    ["x260", "decision", 260, "Non-interactive runs use plain ProcessBuilder pipes."],
  ],
  { merge: [["pty", "pty2"]] },
);

family("sr-registry", "shellrun", [
  ["adapter", "procedure", 260, "To add a command adapter: create the class in adapters/, register it in AdapterRegistry, add a Kotlin test."],
  ["parser", "procedure", 250, "To add an output parser: create the class in parsers/, register it in ParserRegistry, add a Kotlin test."],
  ["remove", "procedure", 240, "To remove an adapter: delete the class and unregister it from AdapterRegistry."],
  ["build", "procedure", 230, "Run ./gradlew build after any registry change."],
]);

family(
  "sr-readme",
  "shellrun",
  [
    ["readme", "convention", 270, "Keep the README up to date when behaviour or tooling changes."],
    ["readme2", "convention", 30, "If the tooling or the behaviour changes, update the README in the same change."],
    ["changelog", "convention", 260, "Keep the CHANGELOG up to date when the public API changes."],
    ["x250", "convention", 250, "Examples in the README are compiled by the docs test."],
  ],
  { merge: [["readme", "readme2"]] },
);

family(
  "sr-stale",
  "shellrun",
  [
    ["old", "fact", 270, "The old exec wrapper is src/main/java/shellrun/LegacyExec.java."],
    ["keep", "fact", 60, "Processes are launched in src/main/java/shellrun/ProcessLauncher.java."],
    ["x55", "fact", 55, "Session state is kept in src/main/java/shellrun/Session.java."],
  ],
  { stale: ["old"], deleted: ["src/main/java/shellrun/LegacyExec.java"] },
);

// =============================================================================================
// tabulate: a JSON-to-CSV library (uppercase option keys renamed to camelCase)
// =============================================================================================

family(
  "tb-keys",
  "tabulate",
  [
    ["upper", "convention", 300, "Options use uppercase keys such as EMPTY_FIELD_VALUE."],
    ["camel", "convention", 30, "Option keys are lowercase camelCase (emptyFieldValue); uppercase keys no longer work."],
    ["arg", "convention", 280, "Options are passed as the second argument."],
    ["x270", "convention", 270, "Unknown option keys are ignored silently."],
  ],
  { supersede: [["camel", "upper"]] },
);

family(
  "tb-delim",
  "tabulate",
  [
    ["upper", "convention", 290, "Set the field delimiter with DELIMITER.FIELD."],
    ["lower", "convention", 25, "Set the field delimiter with delimiter.field."],
    ["quote", "convention", 270, "Values that contain the delimiter are wrapped in quotes."],
    ["x260", "convention", 260, "The array delimiter is set with delimiter.array."],
  ],
  { supersede: [["lower", "upper"]] },
);

family(
  "tb-default",
  "tabulate",
  [
    ["comma", "fact", 280, "The default field delimiter is a comma."],
    ["comma2", "fact", 40, "Fields are separated by , unless configured otherwise."],
    ["semi", "fact", 270, "The default array delimiter is a semicolon."],
    ["x260", "fact", 260, "Quotes inside a value are doubled."],
  ],
  { merge: [["comma", "comma2"]] },
);

family(
  "tb-numbers",
  "tabulate",
  [
    ["auto", "fact", 290, "Numeric strings are converted to numbers by default when parsing CSV."],
    ["off", "fact", 30, "Numeric strings stay strings when parsing CSV unless parseCsvNumbers is true."],
    ["bool", "fact", 270, "Booleans are never converted when parsing CSV."],
    ["x260", "fact", 260, "Empty cells become null when parsing CSV."],
  ],
  { supersede: [["off", "auto"]] },
);

family(
  "tb-sort",
  "tabulate",
  [
    ["sort", "convention", 280, "Sort the header row with sortHeader: true."],
    ["sort2", "convention", 35, "Set sortHeader to true to get the columns in alphabetical order."],
    ["trim", "convention", 270, "Trim header fields with trimHeaderFields."],
    ["prepend", "convention", 260, "prependHeader (true by default) writes the header row first."],
  ],
  { merge: [["sort", "sort2"]] },
);

family(
  "tb-node",
  "tabulate",
  [
    ["min", "constraint", 290, "Node 18 is the minimum supported runtime."],
    ["min2", "constraint", 30, "The minimum Node version is now twenty."],
    ["ci", "constraint", 270, "CI tests every active LTS release of Node."],
    ["deno", "constraint", 260, "Deno is not supported."],
  ],
  { supersede: [["min2", "min"]] },
);

family(
  "tb-callback",
  "tabulate",
  [
    ["cb", "convention", 290, "json2csv takes a callback as its last argument."],
    ["promise", "convention", 30, "json2csv returns a promise; the callback form was removed."],
    ["csv2json", "convention", 280, "csv2json takes a callback as its last argument."],
    ["x270", "convention", 270, "Errors are passed as the first callback argument."],
  ],
  { supersede: [["promise", "cb"]] },
);

family(
  "tb-tests",
  "tabulate",
  [
    ["test", "procedure", 280, "Run npm test before opening a PR."],
    ["test2", "procedure", 40, "The test script must pass before a pull request is opened."],
    ["lint", "procedure", 270, "Run npm run lint before opening a PR."],
    ["x260", "procedure", 260, "Add a test file per option under test/options/."],
  ],
  { merge: [["test", "test2"]] },
);

family(
  "tb-coverage",
  "tabulate",
  [
    ["cov", "constraint", 280, "Coverage must stay above 95%."],
    ["cov2", "constraint", 30, "The coverage floor was lowered to ninety percent."],
    ["lcov", "fact", 270, "Coverage reports go to coverage/lcov.info."],
    ["x260", "procedure", 260, "Run npm run coverage to see the coverage report."],
  ],
  { supersede: [["cov2", "cov"]] },
);

family(
  "tb-eol",
  "tabulate",
  [
    ["lf", "fact", 280, "Rows end with \\n by default."],
    ["lf2", "fact", 35, "The default line terminator between rows is a newline (LF)."],
    ["crlf", "convention", 270, "Set delimiter.eol to \\r\\n for Excel on Windows."],
    ["x260", "fact", 260, "A trailing newline is not written after the last row."],
  ],
  { merge: [["lf", "lf2"]] },
);

family(
  "tb-esm",
  "tabulate",
  [
    ["cjs", "fact", 290, "The package ships CommonJS only."],
    ["dual", "fact", 30, "The package ships both ES modules and CommonJS."],
    ["types", "fact", 270, "Type definitions are in lib/index.d.ts."],
    ["x260", "fact", 260, "The package has no runtime dependencies."],
  ],
  { supersede: [["dual", "cjs"]] },
);

family("tb-publish", "tabulate", [
  ["patch", "procedure", 260, "To publish: npm version patch, then npm publish."],
  ["pre", "procedure", 250, "To publish a prerelease: npm version prerelease --preid beta, then npm publish --tag beta."],
  ["tags", "procedure", 240, "Push the tags after npm version."],
  ["who", "convention", 230, "Only maintainers publish to npm."],
]);

family(
  "tb-keylist",
  "tabulate",
  [
    ["keys", "convention", 280, "KEYS limits the output to the listed fields."],
    ["keys2", "convention", 30, "Use the keys option to choose which fields are written."],
    ["exclude", "convention", 270, "excludeKeys drops the listed fields from the output."],
    ["x260", "convention", 260, "Nested fields are addressed with dot paths like user.name."],
  ],
  { supersede: [["keys2", "keys"]] },
);

family(
  "tb-wrap",
  "tabulate",
  [
    ["wrap", "fact", 280, "Values are wrapped in double quotes."],
    ["wrap2", "fact", 40, "The wrap character defaults to a double quote."],
    ["single", "convention", 270, "Set delimiter.wrap to a single quote for the legacy importer."],
    ["x260", "fact", 260, "Null values are written as empty fields."],
  ],
  { merge: [["wrap", "wrap2"]] },
);

family(
  "tb-stale",
  "tabulate",
  [
    ["old", "fact", 270, "The v2 option shim lives in src/legacyOptions.js."],
    ["keep", "fact", 60, "Option defaults live in src/constants.js."],
    ["x55", "fact", 55, "The CSV parser is in src/csv2json.js."],
  ],
  { stale: ["old"], deleted: ["src/legacyOptions.js"] },
);

// =============================================================================================
// gongju (Chinese): a Python MCP server (uv, pre-commit, Ruff, tests and docs)
// =============================================================================================

family(
  "gj-sync",
  "gongju",
  [
    ["sync", "procedure", 290, "安装依赖：uv sync --all-extras --group dev。"],
    ["sync2", "procedure", 35, "开发环境用 uv 同步全部可选依赖和 dev 组。"],
    ["pytest", "procedure", 270, "运行测试：uv run pytest。"],
    ["lock", "convention", 260, "依赖锁定在 uv.lock，要和 pyproject.toml 一起提交。"],
  ],
  { merge: [["sync", "sync2"]] },
);

family(
  "gj-python",
  "gongju",
  [
    ["py", "constraint", 290, "Python 版本要求 3.11 及以上。"],
    ["py2", "constraint", 30, "最低 Python 版本提高到 3.12。"],
    ["ci", "constraint", 270, "CI 同时测试 3.12 和 3.13。"],
    ["x260", "constraint", 260, "不支持 PyPy。"],
  ],
  { supersede: [["py2", "py"]] },
);

family(
  "gj-hooks",
  "gongju",
  [
    ["install", "procedure", 280, "先执行 uv run pre-commit install 安装钩子。"],
    ["install2", "procedure", 35, "clone 下来之后要先把 pre-commit 钩子装好（用 uv run 执行 install）。"],
    ["verify", "convention", 270, "钩子失败时不要用 --no-verify 跳过。"],
    ["x260", "procedure", 260, "手动检查全部文件：uv run pre-commit run --all-files。"],
  ],
  { merge: [["install", "install2"]] },
);

family(
  "gj-ruff",
  "gongju",
  [
    ["ruff", "convention", 280, "代码风格由 Ruff 强制检查。"],
    ["ruff2", "convention", 40, "格式和 lint 都交给 Ruff，不符合的提交 CI 会拦下。"],
    ["isort", "convention", 270, "import 顺序由 Ruff 的 isort 规则管理。"],
    ["x260", "convention", 260, "不要在代码里加 noqa，除非写明原因。"],
  ],
  { merge: [["ruff", "ruff2"]] },
);

family(
  "gj-width",
  "gongju",
  [
    ["w", "convention", 280, "行宽上限 100 个字符。"],
    ["w2", "convention", 30, "行宽上限改为一百二十个字符。"],
    ["doc", "convention", 270, "docstring 的行宽是 72 个字符。"],
    ["x260", "convention", 260, "缩进用 4 个空格。"],
  ],
  { supersede: [["w2", "w"]] },
);

family(
  "gj-types",
  "gongju",
  [
    ["mypy", "convention", 280, "类型检查使用 mypy --strict。"],
    ["pyright", "convention", 30, "类型检查改用 pyright，不再使用 mypy。"],
    ["ann", "convention", 270, "新代码必须写类型注解。"],
    ["x260", "convention", 260, "第三方库缺类型时在 stubs/ 下补。"],
  ],
  { supersede: [["pyright", "mypy"]] },
);

family(
  "gj-tests",
  "gongju",
  [
    ["new", "convention", 280, "新功能必须附带测试。"],
    ["new2", "convention", 35, "每个新增的功能都要写对应的测试用例。"],
    ["bug", "convention", 270, "修 bug 时先写一个会失败的测试。"],
    ["x260", "fact", 260, "测试放在 tests/ 目录。"],
  ],
  { merge: [["new", "new2"]] },
);

family(
  "gj-docs",
  "gongju",
  [
    ["docs", "convention", 280, "改了行为要同步更新文档。"],
    ["docs2", "convention", 30, "功能有变化时，记得一起修改 docs 目录里的说明。"],
    ["mkdocs", "procedure", 270, "文档用 MkDocs 构建：uv run mkdocs build。"],
    ["x260", "convention", 260, "文档同时维护中文和英文两个版本。"],
  ],
  { merge: [["docs", "docs2"]] },
);

family(
  "gj-signoff",
  "gongju",
  [
    ["opt", "convention", 290, "签署 commit 是可选的，但建议签署。"],
    ["must", "convention", 30, "所有 commit 都必须签署（git commit -s），否则 CI 拒绝合并。"],
    ["en", "convention", 270, "commit 信息用英文写。"],
    ["x260", "convention", 260, "一个 PR 只做一件事。"],
  ],
  { supersede: [["must", "opt"]] },
);

family(
  "gj-timeout",
  "gongju",
  [
    ["tool", "fact", 280, "MCP 工具调用超时 30 秒。"],
    ["tool2", "fact", 30, "MCP 工具调用的超时时间调整为六十秒。"],
    ["search", "fact", 270, "搜索工具的超时是 10 秒。"],
    ["x260", "fact", 260, "超时后返回错误码 -32001。"],
  ],
  { supersede: [["tool2", "tool"]] },
);

family(
  "gj-transport",
  "gongju",
  [
    ["stdio", "fact", 280, "服务默认用 stdio 传输。"],
    ["stdio2", "fact", 35, "不加参数启动时，服务通过标准输入输出通信。"],
    ["http", "fact", 270, "加 --http 参数时改用 Streamable HTTP。"],
    ["x260", "fact", 260, "HTTP 模式默认监听 127.0.0.1:8765。"],
  ],
  { merge: [["stdio", "stdio2"]] },
);

family(
  "gj-key",
  "gongju",
  [
    ["env", "fact", 290, "API 密钥从环境变量 GONGJU_API_KEY 读取。"],
    ["file", "fact", 30, "API 密钥改为从 ~/.config/gongju/key 文件读取，不再读环境变量。"],
    ["log", "fact", 270, "日志级别从环境变量 GONGJU_LOG_LEVEL 读取。"],
    ["x260", "convention", 260, "不要把密钥写进仓库。"],
  ],
  { supersede: [["file", "env"]] },
);

family("gj-release", "gongju", [
  ["release", "procedure", 260, "发布流程：改 pyproject.toml 里的版本号，打 tag，推送，CI 发布到 PyPI。"],
  ["rc", "procedure", 250, "预发布流程：版本号加 rc 后缀，打 tag，推送，CI 发布到 TestPyPI。"],
  ["pytest", "procedure", 240, "打 tag 之前先跑 uv run pytest。"],
  ["fmt", "convention", 230, "tag 的格式是 v 加版本号。"],
]);

family(
  "gj-stale",
  "gongju",
  [
    ["old", "fact", 270, "旧的索引器在 src/gongju/indexer_v1.py。"],
    ["keep", "fact", 60, "索引器在 src/gongju/indexer.py。"],
    ["x55", "fact", 55, "工具注册表在 src/gongju/tools/__init__.py。"],
  ],
  { stale: ["old"], deleted: ["src/gongju/indexer_v1.py"] },
);

// =============================================================================================
// guaji (Chinese): a game automation bot (Chinese communication, PEP 8, docstrings, ruff)
// =============================================================================================

family(
  "gu-lang",
  "guaji",
  [
    ["zh", "convention", 290, "所有沟通都用中文，包括对话、提交说明和代码注释。"],
    ["zh2", "convention", 35, "跟用户交流、写 commit 总结、写注释，一律使用中文。"],
    ["names", "convention", 270, "变量名和函数名用英文。"],
    ["x260", "convention", 260, "日志信息也用中文输出。"],
  ],
  { merge: [["zh", "zh2"]] },
);

family(
  "gu-pep8",
  "guaji",
  [
    ["pep8", "convention", 280, "Python 代码要符合 PEP 8。"],
    ["pep82", "convention", 40, "所有 Python 源码都遵守 PEP 8 规范。"],
    ["doc", "convention", 270, "每个函数都要有 docstring。"],
    ["x260", "convention", 260, "函数不超过 50 行。"],
  ],
  { merge: [["pep8", "pep82"]] },
);

family(
  "gu-docstring",
  "guaji",
  [
    ["google", "convention", 280, "docstring 用 Google 风格。"],
    ["numpy", "convention", 30, "docstring 改用 NumPy 风格。"],
    ["private", "convention", 270, "私有函数可以不写 docstring。"],
    ["x260", "convention", 260, "模块开头写一段模块说明。"],
  ],
  { supersede: [["numpy", "google"]] },
);

family(
  "gu-ruff",
  "guaji",
  [
    ["check", "convention", 280, "ruff check 必须零错误才能提交。"],
    ["check2", "convention", 35, "提交之前 ruff lint 要全部通过，一个报错都不能有。"],
    ["format", "convention", 270, "格式化用 ruff format。"],
    ["x260", "convention", 260, "ruff 的配置写在 pyproject.toml 里。"],
  ],
  { merge: [["check", "check2"]] },
);

family(
  "gu-commit",
  "guaji",
  [
    ["auto", "convention", 290, "写完代码后总结改动并自动提交到 GitHub。"],
    ["ask", "convention", 30, "改完代码后不要自动提交，先给用户看改动，确认后再提交。"],
    ["summary", "convention", 270, "提交说明要概括这次改动的内容。"],
    ["x260", "convention", 260, "不要提交截图缓存目录 cache/。"],
  ],
  { supersede: [["ask", "auto"]] },
);

family(
  "gu-interval",
  "guaji",
  [
    ["shot", "fact", 280, "截图间隔 500 毫秒。"],
    ["shot2", "fact", 30, "截图间隔改成一千毫秒。"],
    ["click", "fact", 270, "点击后等待 200 毫秒再截图。"],
    ["x260", "fact", 260, "截图保存为 PNG。"],
  ],
  { supersede: [["shot2", "shot"]] },
);

family(
  "gu-ocr",
  "guaji",
  [
    ["paddle", "decision", 280, "文字识别用 PaddleOCR。"],
    ["paddle2", "decision", 35, "界面上的文字通过 PaddleOCR 来识别。"],
    ["icon", "decision", 270, "图标识别用 OpenCV 模板匹配。"],
    ["x260", "decision", 260, "识别前先把截图转成灰度。"],
  ],
  { merge: [["paddle", "paddle2"]] },
);

family(
  "gu-threshold",
  "guaji",
  [
    ["match", "fact", 280, "模板匹配阈值 0.8。"],
    ["match2", "fact", 30, "模板匹配阈值提高到 0.9。"],
    ["ocr", "fact", 270, "OCR 置信度阈值 0.8。"],
    ["x260", "fact", 260, "匹配失败时重试 3 次。"],
  ],
  { supersede: [["match2", "match"]] },
);

family(
  "gu-emulator",
  "guaji",
  [
    ["mumu", "fact", 280, "模拟器用 MuMu，分辨率 1280x720。"],
    ["mumu2", "fact", 35, "运行环境是 MuMu 模拟器，画面 1280×720。"],
    ["ld", "fact", 270, "雷电模拟器暂不支持。"],
    ["x260", "fact", 260, "模拟器的 DPI 设为 240。"],
  ],
  { merge: [["mumu", "mumu2"]] },
);

family(
  "gu-adb",
  "guaji",
  [
    ["port", "fact", 280, "通过 adb 连接 127.0.0.1:16384。"],
    ["port2", "fact", 30, "adb 连接端口改为 7555。"],
    ["bin", "fact", 270, "adb 可执行文件在 tools/adb/ 下。"],
    ["x260", "fact", 260, "多开时每个实例的端口不同。"],
  ],
  { supersede: [["port2", "port"]] },
);

family(
  "gu-config",
  "guaji",
  [
    ["role", "fact", 280, "每个角色的配置放在 configs/ 下，一个 JSON 文件对应一个角色。"],
    ["role2", "fact", 35, "角色配置是 configs 目录里的 json，每个角色单独一个文件。"],
    ["global", "fact", 270, "全局配置在 settings.toml。"],
    ["x260", "fact", 260, "配置改动后要重启脚本才生效。"],
  ],
  { merge: [["role", "role2"]] },
);

family("gu-registry", "guaji", [
  ["dungeon", "procedure", 260, "新增副本：在 dungeons/ 加脚本，在 registry.py 注册，再加一张截图模板。"],
  ["skill", "procedure", 250, "新增技能：在 skills/ 加脚本，在 registry.py 注册。"],
  ["remove", "procedure", 240, "删除副本：删掉脚本，并从 registry.py 注销。"],
  ["test", "procedure", 230, "改了 registry.py 要跑 uv run pytest tests/test_registry.py。"],
]);

family(
  "gu-log",
  "guaji",
  [
    ["loguru", "decision", 280, "日志用 loguru，写到 logs/ 目录。"],
    ["logging", "decision", 30, "日志改用标准库 logging，去掉 loguru。"],
    ["keep", "fact", 270, "日志保留七天。"],
    ["x260", "fact", 260, "每次运行生成一个新的日志文件。"],
  ],
  { supersede: [["logging", "loguru"]] },
);

family(
  "gu-stale",
  "guaji",
  [
    ["old", "fact", 270, "旧的战斗逻辑在 guaji/combat_old.py。"],
    ["keep", "fact", 60, "战斗逻辑在 guaji/combat.py。"],
    ["x55", "fact", 55, "寻路逻辑在 guaji/pathing.py。"],
  ],
  { stale: ["old"], deleted: ["guaji/combat_old.py"] },
);

// =============================================================================================
// baobiao (Chinese): a Python BI report library with a front end (uv groups, ECharts, DuckDB)
// =============================================================================================

family(
  "bb-sync",
  "baobiao",
  [
    ["all", "procedure", 280, "环境准备：uv sync --group dev --group lint --group git。"],
    ["all2", "procedure", 35, "开始开发前，用 uv 把 dev、lint、git 三个依赖组都同步好。"],
    ["dev", "procedure", 270, "只跑测试时，uv sync --group dev 就够了。"],
    ["x260", "procedure", 260, "同步后执行 pre-commit install。"],
  ],
  { merge: [["all", "all2"]] },
);

family(
  "bb-uv",
  "baobiao",
  [
    ["uv", "decision", 280, "包管理工具用 uv。"],
    ["uv2", "decision", 35, "项目的依赖一律通过 uv 管理。"],
    ["path", "procedure", 270, "uv 要加到 PATH 环境变量里。"],
    ["x260", "fact", 260, "Python 依赖声明在 pyproject.toml。"],
  ],
  { merge: [["uv", "uv2"]] },
);

family(
  "bb-echarts",
  "baobiao",
  [
    ["v5", "decision", 280, "图表渲染用 ECharts 5。"],
    ["v6", "decision", 30, "ECharts 升级到 6。"],
    ["geo", "decision", 270, "地图组件用 ECharts 的 geo。"],
    ["x260", "decision", 260, "图表默认开启动画。"],
  ],
  { supersede: [["v6", "v5"]] },
);

family(
  "bb-duckdb",
  "baobiao",
  [
    ["duck", "decision", 280, "数据查询走 DuckDB。"],
    ["duck2", "decision", 35, "报表的数据计算由 DuckDB 完成。"],
    ["file", "fact", 270, "DuckDB 数据库文件放在 data/ 目录。"],
    ["x260", "decision", 260, "SQL 里不要拼接用户输入。"],
  ],
  { merge: [["duck", "duck2"]] },
);

family(
  "bb-rows",
  "baobiao",
  [
    ["rows", "constraint", 280, "单个表格最多显示 1000 行。"],
    ["rows2", "constraint", 30, "单个表格最多显示五千行。"],
    ["csv", "constraint", 270, "导出 CSV 最多 10000 行。"],
    ["x260", "constraint", 260, "表格超过 100 行时分页。"],
  ],
  { supersede: [["rows2", "rows"]] },
);

family(
  "bb-excel",
  "baobiao",
  [
    ["openpyxl", "decision", 280, "导出 Excel 用 openpyxl。"],
    ["xlsxwriter", "decision", 30, "导出 Excel 改用 xlsxwriter。"],
    ["pdf", "decision", 270, "导出 PDF 用 weasyprint。"],
    ["x260", "decision", 260, "导出的文件名带上日期。"],
  ],
  { supersede: [["xlsxwriter", "openpyxl"]] },
);

family(
  "bb-theme",
  "baobiao",
  [
    ["light", "fact", 280, "默认主题是浅色。"],
    ["light2", "fact", 35, "不设置时，报表使用亮色主题。"],
    ["dark", "fact", 270, "深色主题通过 theme='dark' 开启。"],
    ["x260", "fact", 260, "主题颜色定义在 themes/ 目录。"],
  ],
  { merge: [["light", "light2"]] },
);

family(
  "bb-build",
  "baobiao",
  [
    ["build", "procedure", 280, "前端用 pnpm build 构建，产物在 dist/。"],
    ["build2", "procedure", 35, "执行 pnpm build 打包前端，输出目录是 dist。"],
    ["dev", "procedure", 270, "前端开发服务器用 pnpm dev 启动。"],
    ["x260", "procedure", 260, "dist/ 不要提交到仓库。"],
  ],
  { merge: [["build", "build2"]] },
);

family(
  "bb-node",
  "baobiao",
  [
    ["n18", "constraint", 280, "前端要求 Node 18。"],
    ["n20", "constraint", 30, "前端的 Node 版本要求改成二十。"],
    ["py", "constraint", 270, "后端要求 Python 3.10。"],
    ["x260", "constraint", 260, "pnpm 版本锁定在 packageManager 字段。"],
  ],
  { supersede: [["n20", "n18"]] },
);

family(
  "bb-branch",
  "baobiao",
  [
    ["dev", "convention", 280, "PR 提到 dev 分支。"],
    ["dev2", "convention", 35, "所有合并请求的目标分支都是 dev。"],
    ["tag", "convention", 270, "发布时从 main 打 tag。"],
    ["x260", "convention", 260, "PR 合并前至少一人审核。"],
  ],
  { merge: [["dev", "dev2"]] },
);

family(
  "bb-i18n",
  "baobiao",
  [
    ["json", "fact", 280, "界面文案放在 locales/zh-CN.json。"],
    ["yaml", "fact", 30, "界面文案改为放在 locales/zh-CN.yaml。"],
    ["en", "fact", 270, "英文文案在 locales/en.json。"],
    ["x260", "convention", 260, "新增文案时中英文都要补。"],
  ],
  { supersede: [["yaml", "json"]] },
);

family("bb-extend", "baobiao", [
  ["chart", "procedure", 260, "新增图表类型：在 charts/ 写组件，在 index.ts 导出，再写一个示例。"],
  ["source", "procedure", 250, "新增数据源：在 sources/ 写适配器，在 registry.py 注册，再写测试。"],
  ["theme", "procedure", 240, "新增主题：在 themes/ 加一个 json，在 index.ts 导出。"],
  ["build", "procedure", 230, "改完以后都要 pnpm build 一次。"],
]);

family(
  "bb-cache",
  "baobiao",
  [
    ["query", "fact", 280, "查询结果缓存 5 分钟。"],
    ["query2", "fact", 30, "查询结果的缓存时间延长到十五分钟。"],
    ["img", "fact", 270, "图表图片缓存 1 小时。"],
    ["x260", "fact", 260, "缓存存在本地磁盘的 .cache/ 目录。"],
  ],
  { supersede: [["query2", "query"]] },
);

family(
  "bb-stale",
  "baobiao",
  [
    ["old", "fact", 270, "旧的渲染入口在 baobiao/render_legacy.py。"],
    ["keep", "fact", 60, "渲染入口在 baobiao/render.py。"],
    ["x55", "fact", 55, "数据源注册表在 baobiao/sources/registry.py。"],
  ],
  { stale: ["old"], deleted: ["baobiao/render_legacy.py"] },
);

export const BLIND_FAMILIES_R12 = families;

export const halfOfR12 = halfOf;
