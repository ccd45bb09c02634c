/**
 * The round-five blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule of this pass was changed (see the git history: this file was committed,
 * labels included, before the first rule change), because the r3 and r4 frozen halves have now
 * been scored several times.
 *
 * Four projects with vocabulary not used in the earlier sets: a Go command-line file signer
 * (signet), a Flutter fitness app (fitlog), a repository of Helm charts kept with architecture
 * decision records (chartyard), and a Chinese Spring Boot inventory service (kucun). Their rules
 * are modelled on what public repositories write (read through the search tools, not copied):
 * - "go fmt ./...; go vet ./...; golangci-lint run; staticcheck" — .github/CONTRIBUTING.md of
 *   bodrovis-learning/brave_signer @ f61f27d6813940ea0a858616a97866282360cb6e;
 * - "atomic commits, one feature per commit; standard Go tests, examples and benchmarks" —
 *   .github/CONTRIBUTING.md of bitcoin-sv/spv-wallet @ 08a10600dd26508c5280329f3a2d525879d23f0d;
 * - "Keep a Changelog; Go module with Go 1.24; golangci-lint; Taskfile" — CHANGELOG.md of
 *   vmyroslav/go-template @ d2bf75b4405a035ac24c81e43b61f99b745d144e, and "set minimum go version
 *   as 1.22 / 1.18" — sync/CHANGELOG.md of lif0/pkg @ 953599aaf386025fd0e7bc1a651e8ebb6413bebd;
 * - "dart format . before committing; flutter analyze; flutter test; conventional commits" —
 *   AGENTS.md of PedemonteGiacomo/ISYFIT @ 3f3fe4c8ed9247332eada9511e5d8f688449091f; "flutter pub
 *   get only when packages change; build_runner for *.g.dart; never commit the secrets file; doc
 *   comments on new functions" — AGENTS.md of BernardinD/PhotoWordFind @
 *   21088f077986f97507bd3453f9cc6332f73aa540;
 * - "ADRs: Proposed | Accepted | Deprecated | Superseded; charts branch for artifacts; semantic
 *   versioning with release-please" — docs/src/adr/index.md of aRustyDev/helm-charts @
 *   1a9682aaa63a15acc0ad231bf1c9ef024c5b61df;
 * - Chinese branch model (main, feature/xxx, fix/xxx, release/vx.y.z), "<类型>: <描述>" commit
 *   messages, 4-space indent, Javadoc, unit tests for every feature, coverage must not drop —
 *   CONTRIBUTING.md of helian-labs/maven-template-bom @ 072f67b6f26d7f071fe9621b508419a6c0086071.
 * None of those sources was used to tune a rule.
 *
 * Labels (written before the code was run on this set), as in blind-store-r4.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair: the hard negatives (procedures with different steps, a
 * memory adding a rule, the same topic with a different claim) are deliberately unlabelled.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r5:" + id),
 * even -> tuning, odd -> frozen (`halfOfR5`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r5");

// =============================================================================================
// signet: a Go command-line tool that signs and verifies files (English)
// =============================================================================================

family(
  "signet-fmt",
  "signet",
  [
    ["fmt", "procedure", 170, "Run go fmt ./... and go vet ./... before every commit."],
    ["fmt2", "procedure", 40, "Before committing, format the tree with go fmt ./... and check it with go vet ./..."],
    ["lint", "procedure", 150, "Run golangci-lint run ./... before pushing and fix what it reports."],
    ["static", "procedure", 90, "Run staticcheck ./... before pushing and fix what it reports."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "signet-lint-config",
  "signet",
  [
    ["cfg", "fact", 160, "The linter settings live in .golangci.yml at the repository root."],
    ["cfg2", "fact", 30, "golangci-lint reads its configuration from .golangci.yml in the root of the repo."],
    ["timeout", "fact", 120, "golangci-lint runs with a 5m timeout in CI."],
    ["timeout-new", "fact", 20, "golangci-lint runs with a 10m timeout in CI."],
  ],
  { merge: [["cfg", "cfg2"]], supersede: [["timeout-new", "timeout"]] },
);

family(
  "signet-goversion",
  "signet",
  [
    ["min", "constraint", 200, "The minimum Go version is 1.22; go.mod says go 1.22."],
    ["min-new", "constraint", 25, "The minimum Go version is 1.24; go.mod says go 1.24."],
    ["toolchain", "fact", 150, "CI tests on the two latest Go releases."],
  ],
  { supersede: [["min-new", "min"]] },
);

family(
  "signet-commits",
  "signet",
  [
    ["atomic", "convention", 180, "Keep commits atomic: one feature or fix per commit."],
    ["atomic2", "convention", 35, "Each commit should hold exactly one feature or one fix, nothing else."],
    ["conventional", "convention", 140, "Commit messages use conventional prefixes such as feat:, fix: and docs:."],
    [
      "signoff",
      "convention",
      60,
      "Commit messages use conventional prefixes such as feat:, fix: and docs:, and every commit is signed off with git commit -s.",
    ],
  ],
  { merge: [["atomic", "atomic2"]] },
);

family(
  "signet-keys",
  "signet",
  [
    ["rsa", "decision", 210, "Signatures use RSA-PSS with 4096-bit keys."],
    ["ed", "decision", 45, "Signatures use Ed25519 keys now; RSA-PSS was dropped to keep key files small."],
    ["store", "fact", 160, "Private keys are stored PEM-encoded in ~/.signet/keys."],
    ["perm", "constraint", 100, "Private key files must have mode 0600; signet refuses to load a key readable by others."],
  ],
  { supersede: [["ed", "rsa"]] },
);

family(
  "signet-cli",
  "signet",
  [
    ["cobra", "decision", 190, "The command line is built with spf13/cobra."],
    ["flags", "convention", 150, "Flags use kebab-case names, like --public-key and --output-dir."],
    ["flags2", "convention", 30, "Every flag name is kebab-case (for example --output-dir, --public-key)."],
    ["viper", "decision", 120, "Configuration is read with spf13/viper from signet.yaml, environment variables and flags."],
  ],
  { merge: [["flags", "flags2"]] },
);

family(
  "signet-tests",
  "signet",
  [
    ["table", "convention", 170, "Write table-driven tests with t.Run for each case."],
    ["table2", "convention", 50, "Tests are table driven: a slice of cases, each run as a subtest with t.Run."],
    ["race", "procedure", 130, "Run the tests with go test -race ./... before a release."],
    ["golden", "convention", 90, "Command output is checked against golden files in testdata/, updated with go test ./... -update."],
    ["parallel", "convention", 70, "Table-driven tests call t.Parallel() in every subtest, and never share a temp directory between cases."],
  ],
  { merge: [["table", "table2"]] },
);

family(
  "signet-coverage",
  "signet",
  [
    ["cov", "constraint", 160, "Test coverage must stay above 80 percent."],
    ["cov2", "constraint", 20, "Test coverage must stay above 85 percent."],
    ["report", "procedure", 110, "To see coverage: go test -coverprofile=cover.out ./... then go tool cover -html=cover.out."],
  ],
  { supersede: [["cov2", "cov"]] },
);

family(
  "signet-tasks",
  "signet",
  [
    ["make", "decision", 220, "Build and lint targets are in the Makefile: make build, make lint, make test."],
    ["task", "decision", 40, "We moved the build targets from the Makefile to Taskfile.yml: task build, task lint, task test."],
    ["dist", "procedure", 100, "Binaries for every platform are built by goreleaser from .goreleaser.yaml."],
  ],
  { supersede: [["task", "make"]] },
);

family(
  "signet-changelog",
  "signet",
  [
    ["kac", "convention", 180, "CHANGELOG.md follows Keep a Changelog: Added, Changed, Deprecated, Removed, Fixed and Security sections."],
    ["kac2", "convention", 60, "The changelog uses the Keep a Changelog format, with Added / Changed / Deprecated / Removed / Fixed / Security headings."],
    ["unreleased", "convention", 120, "New entries go under the Unreleased heading of CHANGELOG.md."],
    ["semver", "convention", 150, "Releases follow semantic versioning; a breaking flag change needs a new major version."],
  ],
  { merge: [["kac", "kac2"]] },
);

family("signet-procs", "signet", [
  [
    "add-cmd",
    "procedure",
    110,
    "To add a subcommand: create cmd/<name>.go, register it with rootCmd.AddCommand in init(), and add a golden test in testdata/.",
  ],
  [
    "add-algo",
    "procedure",
    100,
    "To add a signature algorithm: implement the Signer interface in internal/sign/, register it in internal/sign/registry.go, and add a test vector in testdata/vectors/.",
  ],
  [
    "add-format",
    "procedure",
    95,
    "To add an output format: implement the Encoder interface in internal/output/, register it in internal/output/registry.go, and add a golden file in testdata/.",
  ],
]);

family(
  "signet-errors",
  "signet",
  [
    ["wrap", "convention", 150, "Wrap errors with fmt.Errorf and %w so callers can use errors.Is."],
    ["wrap2", "convention", 45, 'Errors are wrapped with fmt.Errorf("...: %w", err) so that errors.Is and errors.As still work.'],
    ["panic", "constraint", 130, "Never panic in library code; return an error instead."],
    ["exit", "convention", 80, "Only main.go calls os.Exit; commands return errors to it."],
  ],
  { merge: [["wrap", "wrap2"]] },
);

family(
  "signet-logging",
  "signet",
  [
    ["logrus", "decision", 200, "Logging uses sirupsen/logrus with the text formatter."],
    ["slog", "decision", 35, "Logging uses log/slog from the standard library with the text handler."],
    ["quiet", "convention", 100, "The --quiet flag silences everything but errors."],
  ],
  { supersede: [["slog", "logrus"]] },
);

family(
  "signet-docs",
  "signet",
  [
    ["godoc", "convention", 160, "Every exported function needs a doc comment starting with its name."],
    ["godoc2", "convention", 40, "Doc comments are required on all exported identifiers and begin with the identifier's name."],
    ["pkgdoc", "convention", 150, "Each package has a package comment in a doc.go file."],
    ["examples", "convention", 90, "Public functions of the verify package get a runnable Example test."],
  ],
  { merge: [["godoc", "godoc2"]] },
);

family(
  "signet-hash",
  "signet",
  [
    ["sha", "decision", 170, "Files are hashed with SHA-256 before signing."],
    ["blake", "decision", 30, "Files are hashed with BLAKE3 before signing."],
    ["stream", "convention", 110, "Large files are hashed as a stream with a 1 MiB buffer, never read whole into memory."],
  ],
  { supersede: [["blake", "sha"]] },
);

family("signet-release", "signet", [
  ["tag", "procedure", 140, "To release: update CHANGELOG.md, tag vX.Y.Z on main and push the tag; goreleaser publishes the binaries."],
  ["hotfix", "procedure", 80, "To ship a hotfix: branch from the last tag, cherry-pick the fix, tag vX.Y.Z+1 and push the tag."],
  ["verify", "procedure", 70, "After a release, download one binary from the GitHub release and run signet verify on its checksums file."],
]);

family(
  "signet-deps",
  "signet",
  [
    ["tidy", "procedure", 150, "Run go mod tidy after changing imports and commit go.mod and go.sum together."],
    ["tidy2", "procedure", 25, "After adding or removing an import, run go mod tidy and commit both go.mod and go.sum."],
    ["vendor", "decision", 190, "Dependencies are vendored in vendor/ and CI builds with -mod=vendor."],
    ["novendor", "decision", 20, "We no longer vendor dependencies; CI downloads modules through the module proxy."],
    ["dependabot", "fact", 60, "Dependabot opens weekly pull requests for Go module updates."],
  ],
  { merge: [["tidy", "tidy2"]], supersede: [["novendor", "vendor"]] },
);

// =============================================================================================
// fitlog: a Flutter fitness-tracking app (English)
// =============================================================================================

family(
  "fitlog-format",
  "fitlog",
  [
    ["fmt", "procedure", 160, "Run dart format . before committing."],
    ["fmt2", "procedure", 30, "Format all Dart code with dart format . before you commit."],
    ["analyze", "procedure", 150, "Run flutter analyze and fix every warning before opening a pull request."],
    ["test", "procedure", 140, "Run flutter test before opening a pull request and paste the result in the PR description."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "fitlog-pubget",
  "fitlog",
  [
    ["pubget", "convention", 170, "Run flutter pub get only when a package is added, removed or upgraded."],
    ["pubget2", "convention", 50, "Only run flutter pub get after changing dependencies in pubspec.yaml."],
    ["lock", "convention", 120, "Commit pubspec.lock; the app pins exact resolved versions."],
  ],
  { merge: [["pubget", "pubget2"]] },
);

family(
  "fitlog-codegen",
  "fitlog",
  [
    ["gen", "procedure", 150, "Regenerate *.g.dart files with flutter pub run build_runner build --delete-conflicting-outputs."],
    ["gen-new", "procedure", 30, "Regenerate *.g.dart files with dart run build_runner build --delete-conflicting-outputs."],
    ["nogen", "constraint", 110, "Never edit a generated *.g.dart or *.freezed.dart file by hand."],
  ],
  { supersede: [["gen-new", "gen"]] },
);

family(
  "fitlog-secrets",
  "fitlog",
  [
    ["keys", "constraint", 180, "Never commit lib/secrets.dart; it holds the API keys and is in .gitignore."],
    ["keys2", "constraint", 40, "lib/secrets.dart contains the API keys and must never be committed (it is git-ignored)."],
    ["example", "fact", 130, "lib/secrets.example.dart shows which keys lib/secrets.dart must define."],
    ["ci-keys", "fact", 90, "CI writes lib/secrets.dart from the repository secrets before building."],
  ],
  { merge: [["keys", "keys2"]] },
);

family(
  "fitlog-state",
  "fitlog",
  [
    ["provider", "decision", 220, "State management uses the provider package with ChangeNotifier classes."],
    ["riverpod", "decision", 50, "State management moved from provider to Riverpod; new screens use AsyncNotifier classes."],
    ["scope", "convention", 120, "Providers are declared next to the feature that uses them, never in one global file."],
  ],
  { supersede: [["riverpod", "provider"]] },
);

family(
  "fitlog-routing",
  "fitlog",
  [
    ["nav", "decision", 200, "Navigation uses Navigator 1.0 with named routes declared in lib/routes.dart."],
    ["gorouter", "decision", 40, "Navigation uses go_router; the routes are declared in lib/router.dart."],
    ["deeplink", "fact", 100, "Deep links of the form fitlog://workout/<id> open the workout screen."],
  ],
  { supersede: [["gorouter", "nav"]] },
);

family(
  "fitlog-commits",
  "fitlog",
  [
    ["cc", "convention", 170, "Commit messages follow conventional commits (feat:, fix:, docs:)."],
    ["cc2", "convention", 30, "Use conventional commit style for commit messages, e.g. feat: add rest timer or fix: crash on empty log."],
    ["scope", "convention", 90, "Conventional commit messages name the feature as scope, e.g. feat(workout): ..., and never end with a period."],
  ],
  { merge: [["cc", "cc2"]] },
);

family(
  "fitlog-docs",
  "fitlog",
  [
    ["doc", "convention", 160, "Every new function gets a /// documentation comment saying what it does and why."],
    ["doc2", "convention", 45, "Add a /// doc comment to each new function describing its action and purpose."],
    ["readme", "convention", 100, "Each feature folder has a short README.md describing its screens."],
  ],
  { merge: [["doc", "doc2"]] },
);

family(
  "fitlog-sdk",
  "fitlog",
  [
    ["minsdk", "constraint", 190, "The Android minSdkVersion is 21."],
    ["minsdk-new", "constraint", 20, "The Android minSdkVersion is 24."],
    ["ios", "constraint", 150, "The iOS deployment target is 13.0."],
    ["flutter", "fact", 120, "The app is built with Flutter 3.19 on the stable channel."],
    ["flutter-new", "fact", 15, "The app is built with Flutter 3.24 on the stable channel."],
  ],
  {
    supersede: [
      ["minsdk-new", "minsdk"],
      ["flutter-new", "flutter"],
    ],
  },
);

family(
  "fitlog-storage",
  "fitlog",
  [
    ["hive", "decision", 210, "Workouts are stored locally in Hive boxes."],
    ["drift", "decision", 35, "Workouts are stored locally in a SQLite database through drift; the Hive boxes were removed."],
    ["sync", "fact", 140, "Local workouts sync to Firestore when the phone is online."],
    ["sync2", "fact", 60, "When the device is online, workouts saved locally are synced to Firestore."],
  ],
  { supersede: [["drift", "hive"]], merge: [["sync", "sync2"]] },
);

family("fitlog-procs", "fitlog", [
  [
    "add-screen",
    "procedure",
    120,
    "To add a screen: create lib/features/<name>/presentation/<name>_screen.dart, add its route to lib/router.dart and add a widget test.",
  ],
  [
    "add-exercise",
    "procedure",
    110,
    "To add an exercise type: add it to the ExerciseKind enum in lib/features/workout/domain/exercise.dart, give it an icon in assets/icons/ and add a translation in lib/l10n/app_en.arb.",
  ],
  ["add-locale", "procedure", 105, "To add a language: copy lib/l10n/app_en.arb to app_<code>.arb, translate every string and run flutter gen-l10n."],
]);

family(
  "fitlog-widgets",
  "fitlog",
  [
    ["const", "convention", 150, "Use const constructors for widgets wherever possible."],
    ["const2", "convention", 25, "Prefer const widget constructors whenever the arguments allow it."],
    ["small", "convention", 110, "Split a widget once its build method passes about 80 lines."],
    ["small-new", "convention", 20, "Split a widget once its build method passes about 50 lines."],
  ],
  { merge: [["const", "const2"]], supersede: [["small-new", "small"]] },
);

family(
  "fitlog-timer",
  "fitlog",
  [
    ["rest", "fact", 140, "The default rest timer between sets is 90 seconds."],
    ["rest-new", "fact", 20, "The default rest timer between sets is 120 seconds."],
    ["vibrate", "fact", 100, "The phone vibrates when the rest timer ends."],
    ["sound", "fact", 50, "The phone plays a short sound when the rest timer ends, unless it is in silent mode."],
  ],
  { supersede: [["rest-new", "rest"]] },
);

family(
  "fitlog-tests",
  "fitlog",
  [
    ["widget", "convention", 150, "Every screen has at least one widget test in test/features/."],
    ["golden", "convention", 110, "Charts are checked with golden tests; update them with flutter test --update-goldens."],
    ["integ", "procedure", 90, "Run the integration tests with flutter test integration_test on a running emulator."],
    ["integ2", "procedure", 30, "The integration tests in integration_test/ are run with flutter test integration_test, with an emulator already started."],
  ],
  { merge: [["integ", "integ2"]] },
);

family(
  "fitlog-analytics",
  "fitlog",
  [
    ["firebase", "decision", 180, "Analytics events go to Firebase Analytics."],
    ["optin", "constraint", 120, "Analytics are sent only after the user opts in on the privacy screen."],
    ["optin2", "constraint", 40, "No analytics event is sent until the user has opted in on the privacy screen."],
    ["names", "convention", 80, "Analytics event names are snake_case, like workout_started."],
  ],
  { merge: [["optin", "optin2"]] },
);

// =============================================================================================
// chartyard: a repository of Helm charts with architecture decision records (English)
// =============================================================================================

family(
  "chartyard-adr",
  "chartyard",
  [
    ["status", "convention", 200, "Every ADR has a Status of Proposed, Accepted, Deprecated or Superseded."],
    ["status2", "convention", 50, "An ADR's status is one of Proposed, Accepted, Deprecated, Superseded."],
    ["number", "convention", 160, "ADRs are numbered ADR-NNN in docs/adr/ and listed in docs/adr/index.md."],
    ["immutable", "convention", 120, "An accepted ADR is never edited; a new ADR supersedes it and links back."],
    ["sections", "convention", 90, "Each ADR has Context, Decision and Consequences sections."],
  ],
  { merge: [["status", "status2"]] },
);

family(
  "chartyard-artifacts",
  "chartyard",
  [
    ["ghpages", "decision", 230, "Packaged charts are published to the gh-pages branch."],
    ["charts-branch", "decision", 60, "Packaged charts are published to a dedicated charts branch, not gh-pages (ADR-001)."],
    ["index", "fact", 150, "The chart repository index.yaml is regenerated by chart-releaser on every release."],
  ],
  { supersede: [["charts-branch", "ghpages"]] },
);

family(
  "chartyard-oci",
  "chartyard",
  [
    ["oci", "decision", 100, "Charts are also pushed as OCI artifacts to ghcr.io/chartyard."],
    ["oci2", "decision", 30, "Every chart release is pushed to ghcr.io/chartyard as an OCI artifact as well."],
    ["cosign", "convention", 70, "OCI chart artifacts are signed with cosign keyless signing."],
  ],
  { merge: [["oci", "oci2"]] },
);

family(
  "chartyard-versions",
  "chartyard",
  [
    ["bump", "convention", 190, "Bump the chart version in Chart.yaml for every change to a chart."],
    ["bump2", "convention", 40, "Any change to a chart needs a new version in its Chart.yaml."],
    ["appversion", "convention", 140, "appVersion in Chart.yaml tracks the upstream image tag."],
    ["releaseplease", "decision", 60, "Chart versions are bumped by release-please from conventional commits; do not edit the version in Chart.yaml by hand."],
  ],
  {
    merge: [["bump", "bump2"]],
    supersede: [
      ["releaseplease", "bump"],
      ["releaseplease", "bump2"],
    ],
  },
);

family(
  "chartyard-lint",
  "chartyard",
  [
    ["ct", "procedure", 170, "Run ct lint --config ct.yaml before pushing a chart change."],
    ["ct2", "procedure", 35, "Lint changed charts with ct lint --config ct.yaml before you push."],
    ["helmlint", "procedure", 150, "Run helm lint charts/<name> --strict before pushing a chart change."],
    ["kubeconform", "procedure", 90, "Render the chart with helm template and validate the output with kubeconform -strict."],
  ],
  { merge: [["ct", "ct2"]] },
);

family(
  "chartyard-docs",
  "chartyard",
  [
    ["helmdocs", "procedure", 160, "Regenerate each chart's README.md with helm-docs after changing values.yaml."],
    ["helmdocs2", "procedure", 30, "After editing values.yaml, run helm-docs so the chart README.md is regenerated."],
    ["comments", "convention", 120, "Every key in values.yaml has a # -- comment that helm-docs turns into the table."],
  ],
  { merge: [["helmdocs", "helmdocs2"]] },
);

family(
  "chartyard-k8s",
  "chartyard",
  [
    ["kube", "constraint", 200, "Charts support Kubernetes 1.25 and newer (kubeVersion: >=1.25.0-0)."],
    ["kube-new", "constraint", 30, "Charts support Kubernetes 1.27 and newer (kubeVersion: >=1.27.0-0)."],
    ["ci-kind", "fact", 120, "CI installs every changed chart into a kind cluster with ct install."],
  ],
  { supersede: [["kube-new", "kube"]] },
);

family(
  "chartyard-security",
  "chartyard",
  [
    ["nonroot", "constraint", 180, "Every chart runs its containers as non-root by default."],
    ["nonroot2", "constraint", 40, "Containers in our charts run as a non-root user unless the user overrides it."],
    ["readonly", "constraint", 150, "Every chart runs its containers as non-root by default, and sets readOnlyRootFilesystem: true."],
    ["psp", "decision", 220, "Charts ship a PodSecurityPolicy template."],
    ["pss", "decision", 45, "PodSecurityPolicy templates were removed; charts follow the restricted Pod Security Standard instead."],
  ],
  { merge: [["nonroot", "nonroot2"]], supersede: [["pss", "psp"]] },
);

family(
  "chartyard-images",
  "chartyard",
  [
    ["digest", "convention", 170, "Images are referenced by tag and digest in values.yaml."],
    ["latest", "constraint", 160, "Never use the latest tag for an image in a chart."],
    ["latest2", "constraint", 30, "A chart must never point an image at the latest tag."],
    ["registry", "convention", 100, "The image registry is a separate image.registry value so mirrors can override it."],
  ],
  { merge: [["latest", "latest2"]] },
);

family("chartyard-procs", "chartyard", [
  [
    "new-chart",
    "procedure",
    130,
    "To add a chart: run helm create charts/<name>, delete the example templates, add ci/default-values.yaml and add the chart to the README table.",
  ],
  ["deprecate", "procedure", 110, "To deprecate a chart: set deprecated: true in its Chart.yaml, bump its version and add a notice to its README.md."],
  ["dependency", "procedure", 100, "To update a chart dependency: change its version in Chart.yaml, run helm dependency update and commit Chart.lock."],
]);

family("chartyard-ingress", "chartyard", [
  ["class", "convention", 150, "Ingress templates set ingressClassName from .Values.ingress.className."],
  ["annot", "convention", 120, "Ingress annotations come from .Values.ingress.annotations and are empty by default."],
  ["gateway", "decision", 40, "New charts expose HTTPRoute for the Gateway API alongside the Ingress template."],
]);

family(
  "chartyard-ci",
  "chartyard",
  [
    ["actions", "fact", 180, "CI runs on GitHub Actions in .github/workflows/lint-test.yaml."],
    ["helm", "fact", 140, "CI uses Helm 3.12."],
    ["helm-new", "fact", 25, "CI uses Helm 3.14."],
    ["matrix", "fact", 90, "The install test runs against the three newest Kubernetes minor versions."],
  ],
  { supersede: [["helm-new", "helm"]] },
);

family(
  "chartyard-review",
  "chartyard",
  [
    ["owners", "convention", 160, "Every chart lists its maintainers in Chart.yaml and one of them must approve a change."],
    ["owners2", "convention", 40, "A change to a chart needs the approval of one of the maintainers listed in its Chart.yaml."],
    ["two", "convention", 110, "Changes to the shared library chart need two approvals."],
  ],
  { merge: [["owners", "owners2"]] },
);

family(
  "chartyard-resources",
  "chartyard",
  [
    ["limits", "convention", 170, "Charts set no CPU limits by default, only requests."],
    ["limits2", "convention", 35, "By default our charts set CPU requests but no CPU limits."],
    ["memory", "convention", 120, "Charts set a memory limit equal to the memory request by default."],
  ],
  { merge: [["limits", "limits2"]] },
);

family(
  "chartyard-stale",
  "chartyard",
  [
    ["old-script", "procedure", 140, "To publish by hand, run scripts/publish-charts.sh from the repository root."],
    ["helpers", "fact", 120, "Shared template helpers are in charts/common/templates/_helpers.tpl."],
  ],
  { stale: ["old-script"], deleted: ["scripts/publish-charts.sh"] },
);

// =============================================================================================
// kucun: 一个 Spring Boot 库存服务 (Chinese)
// =============================================================================================

family(
  "kucun-branch",
  "kucun",
  [
    ["model", "convention", 200, "分支模型：main 始终保持可发布，新功能在 feature/xxx 分支开发，修复在 fix/xxx 分支。"],
    ["model2", "convention", 40, "main 分支随时可以发布；开发新功能用 feature/xxx 分支，修 bug 用 fix/xxx 分支。"],
    ["release", "convention", 150, "发布前从 main 拉出 release/vx.y.z 分支，测试通过后合并回 main 并打标签。"],
    ["delete", "convention", 90, "分支合并后立即删除远程分支。"],
  ],
  { merge: [["model", "model2"]] },
);

family(
  "kucun-commit",
  "kucun",
  [
    ["format", "convention", 190, "提交信息格式为 <类型>: <描述>，类型包括 feat、fix、docs、refactor、test、chore。"],
    ["format2", "convention", 35, "提交信息写成“<类型>: <描述>”，类型用 feat、fix、docs、refactor、test 或 chore。"],
    ["issue", "convention", 120, "提交信息格式为 <类型>: <描述>，并且必须在末尾用 #编号 关联对应的 Issue。"],
    ["english", "convention", 100, "提交信息统一使用中文描述。"],
  ],
  { merge: [["format", "format2"]] },
);

family(
  "kucun-style",
  "kucun",
  [
    ["indent", "convention", 180, "Java 代码使用 4 个空格缩进，禁止使用 Tab。"],
    ["indent2", "convention", 30, "Java 代码统一用 4 空格缩进，不允许出现 Tab 字符。"],
    ["javadoc", "convention", 160, "所有公共类和公共方法都要写 Javadoc 注释。"],
    ["p3c", "convention", 120, "代码遵循阿里巴巴 Java 开发手册，提交前用 P3C 插件检查。"],
  ],
  { merge: [["indent", "indent2"]] },
);

family(
  "kucun-tests",
  "kucun",
  [
    ["unit", "constraint", 170, "所有新功能必须包含单元测试。"],
    ["unit2", "constraint", 40, "每个新功能都必须附带单元测试。"],
    ["coverage", "constraint", 150, "测试覆盖率不能低于 70%。"],
    ["coverage-new", "constraint", 25, "测试覆盖率不能低于 80%。"],
    ["mock", "convention", 90, "单元测试用 Mockito 模拟外部依赖，不连接真实数据库。"],
  ],
  { merge: [["unit", "unit2"]], supersede: [["coverage-new", "coverage"]] },
);

family(
  "kucun-jdk",
  "kucun",
  [
    ["jdk", "constraint", 210, "项目使用 JDK 11 编译和运行。"],
    ["jdk-new", "constraint", 30, "项目使用 JDK 17 编译和运行。"],
    ["boot", "fact", 200, "Spring Boot 版本是 2.7.18。"],
    ["boot-new", "fact", 28, "Spring Boot 版本升级到了 3.2.5，javax 包全部换成了 jakarta。"],
  ],
  {
    supersede: [
      ["jdk-new", "jdk"],
      ["boot-new", "boot"],
    ],
  },
);

family(
  "kucun-orm",
  "kucun",
  [
    ["mybatis", "decision", 190, "数据访问层使用 MyBatis，SQL 写在 resources/mapper 下的 XML 文件里。"],
    ["plus", "decision", 45, "数据访问层改用 MyBatis-Plus，简单的增删改查不再手写 XML。"],
    ["nojoin", "constraint", 120, "禁止超过三张表的 join 查询。"],
  ],
  { supersede: [["plus", "mybatis"]] },
);

family(
  "kucun-lombok",
  "kucun",
  [
    ["lombok", "decision", 180, "实体类使用 Lombok 的 @Data 注解生成 getter 和 setter。"],
    ["nolombok", "decision", 30, "不再使用 Lombok，实体类改为手写 getter 和 setter，便于代码审查。"],
    ["record", "convention", 60, "只读的数据传输对象用 Java record 定义。"],
  ],
  { supersede: [["nolombok", "lombok"]] },
);

family(
  "kucun-review",
  "kucun",
  [
    ["one", "convention", 170, "每个 Pull Request 至少需要一名维护者审查通过才能合并。"],
    ["one2", "convention", 45, "PR 合并前必须有至少一位维护者 review 通过。"],
    ["two", "convention", 20, "每个 Pull Request 至少需要两名维护者审查通过才能合并。"],
    ["checklist", "convention", 110, "审查时检查：符合需求、遵循代码规范、包含单元测试、文档已更新。"],
  ],
  {
    merge: [["one", "one2"]],
    supersede: [
      ["two", "one"],
      ["two", "one2"],
    ],
  },
);

family(
  "kucun-config",
  "kucun",
  [
    ["nacos", "decision", 160, "配置统一放在 Nacos 配置中心，按环境区分命名空间。"],
    ["nacos2", "decision", 35, "所有配置都放到 Nacos 配置中心，每个环境一个命名空间。"],
    ["secret", "constraint", 150, "不要在代码或配置文件里提交密钥，使用环境变量或密钥管理服务。"],
    ["local", "fact", 90, "本地开发用 application-local.yml，不提交到仓库。"],
  ],
  { merge: [["nacos", "nacos2"]] },
);

family(
  "kucun-cache",
  "kucun",
  [
    ["ttl", "fact", 140, "库存查询结果在 Redis 里缓存 5 分钟。"],
    ["ttl-new", "fact", 20, "库存查询结果在 Redis 里缓存 1 分钟。"],
    ["key", "convention", 120, "Redis 键名格式为 kucun:业务:主键，例如 kucun:sku:1001。"],
    ["evict", "convention", 80, "修改库存后要立即删除对应的缓存，而不是等它过期。"],
  ],
  { supersede: [["ttl-new", "ttl"]] },
);

family(
  "kucun-lock",
  "kucun",
  [
    ["redisson", "decision", 170, "扣减库存时用 Redisson 分布式锁，锁的等待时间是 3 秒。"],
    ["redisson2", "decision", 40, "库存扣减通过 Redisson 分布式锁保护，最多等待 3 秒拿锁。"],
    ["optimistic", "decision", 100, "下单扣库存使用数据库乐观锁，版本号字段叫 version。"],
  ],
  { merge: [["redisson", "redisson2"]] },
);

family("kucun-procs", "kucun", [
  ["add-api", "procedure", 120, "新增接口：在 controller 包下加方法，在 service 包写业务逻辑，在 docs/api.md 补充接口说明。"],
  ["add-table", "procedure", 110, "新增数据表：在 db/migration 下加 Flyway 脚本，在 entity 包加实体类，在 mapper 包加 Mapper 接口。"],
  ["add-job", "procedure", 100, "新增定时任务：在 job 包下加类并加 @Scheduled 注解，在 Nacos 里配置它的 cron 表达式。"],
]);

family(
  "kucun-mq",
  "kucun",
  [
    ["rabbit", "decision", 200, "库存变更消息通过 RabbitMQ 发送。"],
    ["rocket", "decision", 35, "库存变更消息从 RabbitMQ 迁移到 RocketMQ。"],
    ["idem", "constraint", 130, "消息消费者必须幂等，用消息 ID 去重。"],
    ["idem2", "constraint", 30, "所有消费者都要保证幂等，按消息 ID 去重处理。"],
  ],
  { supersede: [["rocket", "rabbit"]], merge: [["idem", "idem2"]] },
);

family(
  "kucun-api",
  "kucun",
  [
    ["result", "convention", 160, "接口统一返回 Result 对象，包含 code、message 和 data 三个字段。"],
    ["result2", "convention", 30, "所有接口都返回统一的 Result 结构：code、message、data。"],
    ["swagger", "decision", 150, "接口文档用 Swagger 2 生成。"],
    ["knife", "decision", 25, "接口文档改用 springdoc-openapi 生成，Swagger 2 已移除。"],
  ],
  { merge: [["result", "result2"]], supersede: [["knife", "swagger"]] },
);

family(
  "kucun-log",
  "kucun",
  [
    ["slf4j", "convention", 150, "日志统一使用 SLF4J，禁止使用 System.out.println。"],
    ["level", "convention", 110, "生产环境日志级别为 INFO。"],
    ["level-new", "convention", 20, "生产环境日志级别为 WARN。"],
    ["trace", "convention", 80, "每条日志都带上 traceId，方便串联一次请求。"],
  ],
  { supersede: [["level-new", "level"]] },
);

family(
  "kucun-stale",
  "kucun",
  [
    ["old", "procedure", 130, "本地启动前先执行 scripts/init-db.sh 初始化数据库。"],
    ["run", "procedure", 100, "本地启动服务：./mvnw spring-boot:run -Dspring-boot.run.profiles=local。"],
  ],
  { stale: ["old"], deleted: ["scripts/init-db.sh"] },
);

// =============================================================================================
// Background: one frame written for many subjects (never a pair)
// =============================================================================================

["sign", "verify", "keygen", "inspect"].forEach((cmd, i) => {
  family(`bg-signet-${cmd}`, "signet", [
    ["file", "fact", 100 + i, `The ${cmd} subcommand is implemented in cmd/${cmd}.go.`],
    ["owner", "fact", 95 + i, `The ${cmd} subcommand's golden files are in testdata/${cmd}/.`],
  ]);
});

["workout", "history", "profile", "settings"].forEach((feat, i) => {
  family(`bg-fitlog-${feat}`, "fitlog", [
    ["dir", "fact", 100 + i, `The ${feat} feature lives in lib/features/${feat}/.`],
    ["test", "fact", 95 + i, `The ${feat} feature's widget tests are in test/features/${feat}/.`],
  ]);
});

["postgres", "redis", "minio", "grafana"].forEach((chart, i) => {
  family(`bg-chartyard-${chart}`, "chartyard", [
    ["dir", "fact", 100 + i, `The ${chart} chart is in charts/${chart}/ and is maintained by ${["ana", "ben", "chloe", "dev"][i]}.`],
    ["values", "fact", 95 + i, `The ${chart} chart's CI values are in charts/${chart}/ci/default-values.yaml.`],
  ]);
});

["仓库", "商品", "出库", "盘点"].forEach((mod, i) => {
  family(`bg-kucun-${i}`, "kucun", [
    ["pkg", "fact", 100 + i, `${mod}模块的代码在 ${["warehouse", "sku", "outbound", "stocktake"][i]} 包下。`],
    ["owner", "fact", 95 + i, `${mod}模块由${["小赵", "小钱", "小孙", "小周"][i]}负责维护。`],
  ]);
});

export const BLIND_FAMILIES_R5 = families;

export const halfOfR5 = halfOf;
