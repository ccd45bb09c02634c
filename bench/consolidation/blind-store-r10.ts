/**
 * The round-ten blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r9
 * has been scored and so is tuning data now.
 *
 * Six projects with vocabulary not used in r3..r9, modelled on public files read through the
 * search tools (rules paraphrased, not copied; none of them used to tune a rule):
 * - ninemen (a Flutter board game with a C++ engine): "run ./format.sh s before staging; only
 *   commit after it finished; every commit needs a body; wrap subject and body at 72 characters;
 *   no new Markdown summaries of changes" — AGENTS.md of calcitem/Sanmill @
 *   28fbad8f9a7e56f3039b2e03827c9fb546b8ebe8;
 * - tariff (a Go bot that posts energy prices): "read git log for the style; subject under 50
 *   characters, body wrapped at 72 (the 50-72 rule); end the subject with a period; no promotional
 *   lines; a Co-authored-by trailer for agents" — AGENTS.md of heyajulia/savvy @
 *   8a23d671f1aa5de5aa2026624c2123d2d00e63db;
 * - shipwright (a release CLI) with real supersessions from a breaking-changes changelog: "removed
 *   Node.js v14; --non-interactive removed, use --ci; scripts replaced by hooks; npm.access removed,
 *   set it in package.json; version from package.json instead of the latest tag" — CHANGELOG.md of
 *   gitworkflows/GitReleaser @ 40e1dd293d9e41283a7e347181e895bfcc26a241;
 * - Chinese: huabu (a C++ 2D rendering library): "branches feature/{username}_模块名 or
 *   bugfix/{username}_模块名, at most two words joined by underscores; PR title in English, the
 *   description in Chinese; confirm before pushing and gh pr create" — .codebuddy/rules/Commit.md
 *   of Tencent/tgfx @ 5b98b85a9d44c624104dc1a024448e6c7b823481;
 * - Chinese: diaodu (an agent scheduling tool): "show changes for review first, commit or push only
 *   when the user confirms; Conventional Commits; main / feature/* / bugfix/* / hotfix/*; never
 *   commit .env or __pycache__; submodules committed layer by layer" — rules/git-flow.md of
 *   sampx/agent-tools @ bbd58d8f09f599405bda4b74439d7a9ea007e3af;
 * - Chinese: suanshu (a maths practice app): "design first, then the skeleton, then the code; run
 *   the unit tests after a change; before committing update README.md, write commit_msg.txt,
 *   git commit -F" — AGENTS.md of zhuangsf/Math_Practice.
 *
 * Labels (written before the code was run on this set), as in blind-store-r9.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim; a group of three lists its three pairs;
 * - `supersede` [newer, older]: the same setting or choice with a changed value (also when the
 *   number is said in other words), an explicit replacement (with or without a cue word), a renamed
 *   tool or flag, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures that
 * share commands but differ in steps or targets, a rule and a further rule added later,
 * near-duplicates that differ in a number, path or identifier (different subjects), a cue word
 * that appears inside an unrelated file name, and families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r10:" + id),
 * even -> tuning, odd -> frozen (`halfOfR10`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r10");

// =============================================================================================
// ninemen: a Flutter board game with a C++ search engine (format.sh, commit bodies, 72 columns)
// =============================================================================================

family(
  "nm-format",
  "ninemen",
  [
    ["fmt", "procedure", 300, "Before staging anything, run ./format.sh s from the repository root and wait for it to finish."],
    ["fmt2", "procedure", 40, "Run ./format.sh s at the top of the repo before git add, and let it complete."],
    ["order", "convention", 280, "Only run git add and git commit once the formatting script has succeeded."],
    ["dart", "procedure", 250, "Format Dart code with dart format lib test."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "nm-body",
  "ninemen",
  [
    ["body", "convention", 290, "Every commit message needs a body paragraph, not just a subject line."],
    ["body2", "convention", 35, "A commit with only a subject line is not accepted: always write a body under it."],
    ["blank", "convention", 270, "Leave one blank line between the commit subject and the body."],
    ["ref", "convention", 200, "Reference the issue number in the commit body as Fixes #N."],
  ],
  { merge: [["body", "body2"]] },
);

family(
  "nm-wrap",
  "ninemen",
  [
    ["wrap", "convention", 300, "Wrap the commit subject and body at 72 characters."],
    ["subj", "convention", 260, "Write the commit subject in the imperative mood."],
    ["wrap2", "convention", 25, "Commit lines may be at most 80 characters now; the 72 column limit was dropped."],
    ["period", "convention", 240, "Do not end the commit subject with a period."],
  ],
  { supersede: [["wrap2", "wrap"]] },
);

family(
  "nm-docs",
  "ninemen",
  [
    ["nosum", "constraint", 280, "After a code change, do not create a new Markdown file just to summarise what changed."],
    ["nosum2", "constraint", 30, "Don't write summary .md documents describing your modifications when you finish."],
    ["l10n", "convention", 220, "User-facing strings live in lib/l10n/intl_en.arb."],
    ["changelog", "convention", 210, "Add a line to fastlane/metadata/android/en-US/changelogs for each release."],
  ],
  { merge: [["nosum", "nosum2"]] },
);

family(
  "nm-engine",
  "ninemen",
  [
    ["depth", "constraint", 260, "The engine's default search depth is 8 plies."],
    ["tt", "constraint", 250, "The transposition table is 16 MB."],
    ["depth2", "constraint", 20, "The engine now searches 12 plies deep by default."],
    ["tt2", "constraint", 240, "The endgame database cache is 64 MB."],
  ],
  { supersede: [["depth2", "depth"]] },
);

family(
  "nm-build-engine",
  "ninemen",
  [
    ["make", "procedure", 250, "Build the engine with make -C src build ARCH=x86-64."],
    ["makearm", "procedure", 240, "Build the engine for phones with make -C src build ARCH=armv8."],
    ["clean", "procedure", 230, "Remove engine build products with make -C src clean."],
    ["make2", "procedure", 30, "To compile the C++ engine for desktop, run make -C src build ARCH=x86-64."],
  ],
  { merge: [["make", "make2"]] },
);

family(
  "nm-flutter",
  "ninemen",
  [
    ["ver", "constraint", 280, "The app is built with Flutter 3.16."],
    ["analyze", "procedure", 260, "Run flutter analyze before every commit."],
    ["ver2", "constraint", 25, "We moved the app to Flutter 3.24."],
    ["pub", "procedure", 220, "Run flutter pub get after pulling changes to pubspec.yaml."],
  ],
  { supersede: [["ver2", "ver"]] },
);

family("nm-rules", "ninemen", [
  ["mill", "fact", 200, "Forming a mill lets the player remove one of the opponent's pieces."],
  ["fly", "fact", 190, "A player with three pieces left may fly to any empty point."],
  ["draw", "fact", 180, "The game is drawn after 100 moves without a capture."],
  ["draw2", "fact", 170, "Threefold repetition of a position is a draw."],
]);

family(
  "nm-tests",
  "ninemen",
  [
    ["unit", "procedure", 240, "Run the Dart unit tests with flutter test."],
    ["integ", "procedure", 230, "Run the integration tests on a device with flutter test integration_test."],
    ["perft", "procedure", 220, "Check the move generator with the engine's perft test: ./sanmill perft 5."],
    ["unit2", "procedure", 20, "flutter test runs the Dart unit tests; run it before pushing."],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "nm-ci",
  "ninemen",
  [
    ["ubuntu", "fact", 230, "CI builds the Android app on ubuntu-22.04 runners."],
    ["macos", "fact", 220, "CI builds the iOS app on macos-13 runners."],
    ["ubuntu2", "fact", 20, "The Android CI job runs on ubuntu-24.04 instead of ubuntu-22.04."],
    ["cache", "fact", 200, "CI caches the pub cache between runs."],
  ],
  { supersede: [["ubuntu2", "ubuntu"]] },
);

family(
  "nm-ai",
  "ninemen",
  [
    ["mcts", "decision", 240, "The hard AI level uses alpha-beta search."],
    ["mcts2", "decision", 25, "The hard AI level switched from alpha-beta to MCTS."],
    ["easy", "decision", 230, "The easy AI level picks a random legal move half of the time."],
    ["think", "constraint", 200, "The AI thinks for at most 2 seconds per move."],
  ],
  { supersede: [["mcts2", "mcts"]] },
);

family(
  "nm-stale",
  "ninemen",
  [
    ["old", "fact", 300, "The old board painter is lib/painters/board_painter_legacy.dart."],
    ["keep", "fact", 90, "The board is drawn by lib/painters/board_painter.dart."],
  ],
  { stale: ["old"], deleted: ["lib/painters/board_painter_legacy.dart"] },
);

family("nm-release", "ninemen", [
  ["bump", "procedure", 230, "Bump the version in pubspec.yaml before tagging a release."],
  ["tag", "procedure", 220, "Tag a release as v<major>.<minor>.<patch>+<build>."],
  ["store", "procedure", 210, "Upload the Android bundle to the Play Console internal track first."],
  ["store2", "procedure", 200, "Upload the iOS build to TestFlight before the App Store."],
]);

family(
  "nm-prefs",
  "ninemen",
  [
    ["hive", "decision", 250, "Settings are stored with Hive boxes."],
    ["hive2", "decision", 30, "Settings storage moved to shared_preferences; Hive boxes are no longer used for settings."],
    ["db", "decision", 240, "Saved games are stored as PGN-like text files in the app documents directory."],
    ["hive3", "decision", 230, "Hive is still used for the move history."],
  ],
  { supersede: [["hive2", "hive"]] },
);

family(
  "nm-lint",
  "ninemen",
  [
    ["lints", "convention", 240, "The analysis options extend package:lints/recommended.yaml."],
    ["lints2", "convention", 25, "analysis_options.yaml now includes package:flutter_lints/flutter.yaml instead of package:lints."],
    ["clangf", "convention", 230, "C++ code follows the .clang-format file at the repository root."],
    ["clangt", "convention", 220, "Run clang-tidy on changed C++ files."],
  ],
  { supersede: [["lints2", "lints"]] },
);

family(
  "nm-pr",
  "ninemen",
  [
    ["small", "convention", 220, "Keep pull requests small: one topic per pull request."],
    ["small2", "convention", 30, "A pull request should cover a single topic and stay small."],
    ["screens", "convention", 210, "UI changes need a screenshot in the pull request description."],
    ["screens2", "convention", 20, "UI changes also need a short screen recording in the pull request."],
  ],
  { merge: [["small", "small2"]] },
);

family(
  "nm-sound",
  "ninemen",
  [
    ["sfx", "fact", 200, "Sound effects are in assets/audio/ as .mp3 files."],
    ["sfx2", "fact", 20, "Sound effects are stored as .ogg files in assets/audio/ now."],
    ["music", "fact", 190, "Background music is off by default."],
    ["vibe", "fact", 180, "Vibration on a capture is on by default."],
  ],
  { supersede: [["sfx2", "sfx"]] },
);

// =============================================================================================
// tariff: a Go bot that posts tomorrow's energy prices (50/72 rule, trailers, git log style)
// =============================================================================================

family(
  "tf-subject",
  "tariff",
  [
    ["len", "convention", 300, "Keep the commit subject under 50 characters."],
    ["len2", "convention", 25, "A commit subject may be up to sixty characters long."],
    ["wrap", "convention", 290, "Wrap the commit body at 72 characters."],
    ["cap", "convention", 260, "Start the commit subject with a capital letter."],
  ],
  { supersede: [["len2", "len"]] },
);

family(
  "tf-period",
  "tariff",
  [
    ["dot", "convention", 280, "End the commit subject line with a period."],
    ["dot2", "convention", 30, "Commit subjects finish with a full stop."],
    ["tense", "convention", 250, "Write commit subjects in the imperative: Add, Fix, Remove."],
    ["emoji", "constraint", 240, "No emoji in commit messages."],
  ],
  { merge: [["dot", "dot2"]] },
);

family(
  "tf-style",
  "tariff",
  [
    ["log", "procedure", 290, "Read the last 15 commits with git log before writing a commit message, to match their style."],
    ["log2", "procedure", 35, "Check recent history (git log -15) for tone and detail before you write a commit message."],
    ["body", "convention", 270, "Read the whole commit message in the log, not just the subject line."],
    ["promo", "constraint", 260, "Never add promotional lines such as Generated with an AI tool to a commit."],
  ],
  { merge: [["log", "log2"]] },
);

family(
  "tf-trailer",
  "tariff",
  [
    ["coauth", "convention", 280, "Agents identify themselves with a Co-authored-by trailer naming the model and version."],
    ["coauth2", "convention", 20, "Agents no longer add a Co-authored-by trailer; the pull request description names the model instead."],
    ["signoff", "convention", 250, "Every commit carries a Signed-off-by line (git commit -s)."],
    ["gpg", "convention", 240, "Commits to main are GPG-signed."],
  ],
  { supersede: [["coauth2", "coauth"]] },
);

family(
  "tf-go",
  "tariff",
  [
    ["go122", "constraint", 300, "The module requires Go 1.22 (go.mod: go 1.22)."],
    ["vet", "procedure", 260, "Run go vet ./... before pushing."],
    ["go123", "constraint", 25, "go.mod says go 1.23 now."],
    ["toolchain", "constraint", 240, "The toolchain directive pins go1.22.5 for reproducible builds."],
  ],
  { supersede: [["go123", "go122"]] },
);

family(
  "tf-schedule",
  "tariff",
  [
    ["cron", "fact", 260, "The bot posts tomorrow's prices every day at 15:00 Europe/Amsterdam."],
    ["cron2", "fact", 20, "The daily price post goes out at 14:15 Amsterdam time since the exchange publishes earlier."],
    ["retry", "fact", 240, "If the prices are not published yet, the bot retries every 10 minutes."],
    ["retry2", "fact", 230, "After 6 failed retries the bot gives up and logs an error."],
  ],
  { supersede: [["cron2", "cron"]] },
);

family(
  "tf-source",
  "tariff",
  [
    ["entsoe", "decision", 270, "Prices come from the ENTSO-E transparency API."],
    ["energyzero", "decision", 25, "Prices are fetched from the EnergyZero API; the ENTSO-E client was removed."],
    ["vat", "fact", 240, "Posted prices include 21% VAT."],
    ["unit", "fact", 230, "Prices are shown in euro cents per kWh."],
  ],
  { supersede: [["energyzero", "entsoe"]] },
);

family(
  "tf-post",
  "tariff",
  [
    ["mast", "procedure", 250, "Post to Mastodon with go run ./cmd/post -target mastodon."],
    ["bsky", "procedure", 240, "Post to Bluesky with go run ./cmd/post -target bluesky."],
    ["dry", "procedure", 230, "Preview a post without sending it: go run ./cmd/post -dry-run."],
    ["mast2", "procedure", 30, "To publish the prices on Mastodon, run go run ./cmd/post -target mastodon."],
  ],
  { merge: [["mast", "mast2"]] },
);

family(
  "tf-chart",
  "tariff",
  [
    ["png", "fact", 230, "The price chart is rendered as a 1200x675 PNG."],
    ["png2", "fact", 20, "Price charts are rendered at 1600x900 now."],
    ["color", "convention", 220, "Hours above the daily average are drawn in orange."],
    ["alt", "convention", 210, "Every chart post carries alt text listing the cheapest and dearest hour."],
  ],
  { supersede: [["png2", "png"]] },
);

family("tf-config", "tariff", [
  ["env", "convention", 240, "Configuration comes from environment variables prefixed TARIFF_."],
  ["token", "constraint", 230, "The Mastodon access token is read from TARIFF_MASTODON_TOKEN."],
  ["token2", "constraint", 220, "The Bluesky app password is read from TARIFF_BLUESKY_PASSWORD."],
  ["tz", "fact", 210, "TARIFF_TZ sets the time zone used for the hour labels."],
]);

family(
  "tf-tests",
  "tariff",
  [
    ["test", "procedure", 250, "Run go test ./... before every commit."],
    ["race", "procedure", 240, "Run go test -race ./internal/... when you touch the scheduler."],
    ["test2", "procedure", 30, "go test ./... must pass before you commit anything."],
    ["golden", "procedure", 220, "Regenerate the chart golden files with go test ./internal/chart -update."],
  ],
  { merge: [["test", "test2"]] },
);

family(
  "tf-lint",
  "tariff",
  [
    ["gci", "procedure", 250, "Lint with golangci-lint run before pushing."],
    ["gci2", "procedure", 25, "Run golangci-lint run ahead of every push."],
    ["cfg", "convention", 240, "The linter settings live in .golangci.yml."],
    ["errcheck", "convention", 230, "errcheck is enabled: handle or explicitly ignore every error."],
  ],
  { merge: [["gci", "gci2"]] },
);

family(
  "tf-deploy",
  "tariff",
  [
    ["fly", "decision", 260, "The bot runs on Fly.io as a scheduled machine."],
    ["fly2", "decision", 20, "The bot moved off Fly.io to a systemd timer on the home server."],
    ["image", "fact", 240, "The container image is built from the distroless static base."],
    ["region", "fact", 230, "The machine runs in the ams region."],
  ],
  { supersede: [["fly2", "fly"]] },
);

family(
  "tf-stale",
  "tariff",
  [
    ["old", "fact", 300, "The ENTSO-E XML parser is in internal/entsoe/parse.go."],
    ["keep", "fact", 90, "Price fetching is in internal/prices/fetch.go."],
  ],
  { stale: ["old"], deleted: ["internal/entsoe/parse.go"] },
);

family(
  "tf-errors",
  "tariff",
  [
    ["wrap", "convention", 230, "Wrap errors with fmt.Errorf and %w, adding what was being done."],
    ["wrap2", "convention", 25, 'When returning an error, wrap it with fmt.Errorf("fetch prices: %w", err) so the cause is kept.'],
    ["panic", "constraint", 220, "Never panic outside main."],
    ["sentinel", "convention", 210, "Sentinel errors are declared in errors.go of each package."],
  ],
  { merge: [["wrap", "wrap2"]] },
);

family(
  "tf-deps",
  "tariff",
  [
    ["few", "constraint", 240, "Prefer the standard library; add a dependency only with a reason in the pull request."],
    ["few2", "constraint", 230, "Also run go mod tidy after adding a dependency and commit go.sum."],
    ["chart", "decision", 220, "Charts are drawn with gonum/plot."],
    ["chart2", "decision", 20, "Charts are drawn with go-echarts now instead of gonum/plot."],
  ],
  { supersede: [["chart2", "chart"]] },
);

family(
  "tf-holiday",
  "tariff",
  [
    ["skip", "fact", 200, "No post is made on days the exchange does not publish."],
    ["skip2", "fact", 25, "On days without published prices, the bot skips the post."],
    ["neg", "fact", 190, "Negative prices are shown in green with a minus sign."],
    ["cheap", "fact", 180, "The post highlights the three cheapest hours."],
  ],
  { merge: [["skip", "skip2"]] },
);

// =============================================================================================
// shipwright: a release CLI (a breaking-changes changelog: flags, hooks, Node versions)
// =============================================================================================

family(
  "sw-node",
  "shipwright",
  [
    ["node14", "constraint", 300, "shipwright supports Node.js 14 and later."],
    ["node16", "constraint", 25, "Node.js 14 support was removed: shipwright needs Node.js 16 or newer."],
    ["esm", "constraint", 260, "Plugins are loaded as ES modules only."],
    ["npm7", "constraint", 250, "The npm plugin needs npm 7 or newer."],
  ],
  { supersede: [["node16", "node14"]] },
);

family(
  "sw-ci",
  "shipwright",
  [
    ["nonint", "procedure", 290, "In CI, run shipwright --non-interactive so it never prompts."],
    ["ci", "procedure", 30, "Use shipwright --ci in pipelines; the -n flag is gone."],
    ["dry", "procedure", 270, "Preview a release with shipwright --dry-run."],
    ["verbose", "procedure", 250, "Add -VV to print every command shipwright runs."],
  ],
  { supersede: [["ci", "nonint"]] },
);

family(
  "sw-hooks",
  "shipwright",
  [
    ["scripts", "convention", 290, "Run custom commands around a release through the scripts section of .shipwright.json."],
    ["hooks", "convention", 30, "Custom commands run as hooks (before:init, after:release); the old scripts section was removed."],
    ["vars", "convention", 260, "Hook commands can use the version and latestTag placeholders."],
    ["order", "fact", 240, "Hooks run in the order init, bump, release."],
  ],
  { supersede: [["hooks", "scripts"]] },
);

family(
  "sw-access",
  "shipwright",
  [
    ["access", "convention", 280, "Set npm.access to public in .shipwright.json for scoped packages."],
    ["access2", "convention", 25, "Scoped packages declare publishConfig.access in package.json; the npm.access option no longer exists."],
    ["otp", "convention", 250, "Pass --npm.otp when the registry asks for a one-time password."],
    ["tag", "convention", 240, "Pre-releases are published with the next dist-tag."],
  ],
  { supersede: [["access2", "access"]] },
);

family(
  "sw-version",
  "shipwright",
  [
    ["fromtag", "fact", 280, "The current version is read from the latest git tag."],
    ["frompkg", "fact", 30, "When there is a package.json, its version field is used as the current version instead of the latest tag."],
    ["inc", "fact", 250, "Without an argument shipwright bumps the patch version."],
    ["pre", "fact", 240, "shipwright major --preRelease=beta makes 2.0.0-beta.0."],
  ],
  { supersede: [["frompkg", "fromtag"]] },
);

family(
  "sw-push",
  "shipwright",
  [
    ["follow", "fact", 260, "git push is called with --follow-tags by default."],
    ["follow2", "fact", 25, "By default shipwright pushes with --follow-tags."],
    ["remote", "fact", 240, "The push goes to the upstream of the current branch."],
    ["clean", "constraint", 230, "A release refuses to start on a dirty working tree."],
  ],
  { merge: [["follow", "follow2"]] },
);

family(
  "sw-changelog",
  "shipwright",
  [
    ["conv", "decision", 270, "Release notes are generated by the conventional-changelog plugin."],
    ["conv2", "decision", 25, "The conventional-changelog plugin writes the release notes."],
    ["keep", "convention", 240, "CHANGELOG.md follows Keep a Changelog."],
    ["unrel", "convention", 230, "Add your change under the Unreleased heading of CHANGELOG.md."],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "sw-gitlab",
  "shipwright",
  [
    ["gl12", "constraint", 260, "GitLab releases need GitLab 12.4 or later."],
    ["gl13", "constraint", 20, "GitLab releases need GitLab 13 or later; 12.x is not supported any more."],
    ["token", "constraint", 240, "The GitLab token is read from GITLAB_TOKEN."],
    ["ghtoken", "constraint", 230, "The GitHub token is read from GITHUB_TOKEN."],
  ],
  { supersede: [["gl13", "gl12"]] },
);

family("sw-metrics", "shipwright", [
  ["anon", "fact", 250, "Anonymous usage metrics can be turned off with --disable-metrics."],
  ["bugs", "fact", 220, "Bug reports go to the issue tracker with the output of shipwright --debug."],
  ["docs", "fact", 210, "Configuration options are documented in docs/configuration.md."],
  ["plugins", "fact", 200, "Plugins are documented in docs/plugins.md."],
]);

family(
  "sw-tests",
  "shipwright",
  [
    ["ava", "decision", 260, "Tests are written with ava."],
    ["mocha", "decision", 25, "The test runner is mocha now; ava was dropped."],
    ["mock", "convention", 240, "Tests mock the git and npm commands through the shell stub in test/stub."],
    ["cov", "convention", 230, "Coverage is reported with c8."],
  ],
  { supersede: [["mocha", "ava"]] },
);

family(
  "sw-run",
  "shipwright",
  [
    ["test", "procedure", 250, "Run the tests with npm test."],
    ["lint", "procedure", 240, "Run the linter with npm run lint."],
    ["test2", "procedure", 30, "npm test runs the whole test suite."],
    ["e2e", "procedure", 220, "Run the end-to-end tests with npm run test:e2e; they need a local git server."],
  ],
  { merge: [["test", "test2"]] },
);

family(
  "sw-prettier",
  "shipwright",
  [
    ["width", "convention", 250, "Prettier's print width is 120."],
    ["quote", "convention", 240, "Use single quotes in JavaScript."],
    ["width2", "convention", 25, "Lines are wrapped at one hundred and forty columns by Prettier."],
    ["semi", "convention", 230, "Statements end with semicolons."],
  ],
  { supersede: [["width2", "width"]] },
);

family(
  "sw-stale",
  "shipwright",
  [
    ["old", "fact", 300, "The legacy scripts runner is lib/plugin/scripts/index.js."],
    ["keep", "fact", 90, "Hooks are run by lib/hooks.js."],
  ],
  { stale: ["old"], deleted: ["lib/plugin/scripts/index.js"] },
);

family(
  "sw-release-self",
  "shipwright",
  [
    ["self", "procedure", 240, "shipwright releases itself: run npm run release on main."],
    ["self2", "procedure", 30, "To cut a shipwright release, run npm run release from the main branch."],
    ["beta", "procedure", 230, "Cut a beta with npm run release -- --preRelease=beta."],
    ["notes", "procedure", 220, "Edit the generated release notes on the releases page after publishing."],
  ],
  { merge: [["self", "self2"]] },
);

family(
  "sw-plugins",
  "shipwright",
  [
    ["api", "convention", 240, "A plugin extends the Plugin class and implements init, bump and release."],
    ["global", "convention", 230, "Plugins read shared options through this.global."],
    ["global2", "convention", 25, "Plugins read options with this.config[key]; the global property was removed."],
    ["name", "convention", 220, "Plugin packages are named shipwright-plugin-<name>."],
  ],
  { supersede: [["global2", "global"]] },
);

family(
  "sw-commits",
  "shipwright",
  [
    ["conv", "convention", 240, "Commit messages follow Conventional Commits."],
    ["conv2", "convention", 30, "Write commits as type(scope): summary, the Conventional Commits format."],
    ["breaking", "convention", 230, "Mark breaking changes with ! after the type."],
    ["breaking2", "convention", 220, "Breaking changes also need a BREAKING CHANGE: footer explaining the migration."],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "sw-config",
  "shipwright",
  [
    ["json", "fact", 230, "Configuration is read from .shipwright.json in the project root."],
    ["yaml", "fact", 220, "A .shipwright.yaml file is read if there is no .shipwright.json."],
    ["pkgkey", "fact", 210, "Configuration can also live under the shipwright key of package.json."],
    ["json2", "fact", 25, "shipwright takes its configuration from .shipwright.json at the repository root."],
  ],
  { merge: [["json", "json2"]] },
);

// =============================================================================================
// huabu: a Chinese C++ 2D rendering library (branch names, English PR titles, gh pr create)
// =============================================================================================

family(
  "hb-branch",
  "huabu",
  [
    ["fmt", "convention", 300, "分支命名格式：feature/{用户名}_模块名 或 bugfix/{用户名}_模块名。"],
    ["fmt2", "convention", 35, "新建分支时按 feature/用户名_模块名 的格式命名，修复问题用 bugfix/用户名_模块名。"],
    ["words", "convention", 280, "分支中的模块名最多两个单词，用下划线连接，例如 feature/lihua_layer_mask。"],
    ["main", "constraint", 260, "禁止直接向 main 分支推送。"],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "hb-pr-title",
  "huabu",
  [
    ["title", "convention", 290, "PR 标题使用英文，格式与 commit 信息相同。"],
    ["desc", "convention", 280, "PR 描述用中文详细说明改动内容和原因。"],
    ["desc2", "convention", 25, "PR 描述改为英文书写，方便海外贡献者阅读。"],
    ["tmpl", "convention", 240, "PR 描述需填写 .github/pull_request_template.md 中的各项。"],
  ],
  { supersede: [["desc2", "desc"]] },
);

family(
  "hb-confirm",
  "huabu",
  [
    ["ask", "constraint", 290, "提交信息准备好后需先经我确认，再推送并执行 gh pr create。"],
    ["ask2", "constraint", 30, "在推送和创建 PR（gh pr create）之前，先把提交信息给我确认。"],
    ["local", "procedure", 270, "发起 PR 前先创建新分支并提交到本地仓库。"],
    ["draft", "procedure", 200, "改动较大时先以 Draft PR 形式创建。"],
  ],
  { merge: [["ask", "ask2"]] },
);

family(
  "hb-cmake",
  "huabu",
  [
    ["ver", "constraint", 280, "CMake 最低版本要求为 3.13。"],
    ["ver2", "constraint", 25, "CMake 最低版本调整为 3.20。"],
    ["ninja", "procedure", 260, "本地构建使用 Ninja 生成器：cmake -G Ninja -B build。"],
    ["out", "convention", 250, "构建目录统一放在 build/ 下，不要提交到仓库。"],
  ],
  { supersede: [["ver2", "ver"]] },
);

family(
  "hb-std",
  "huabu",
  [
    ["cpp17", "constraint", 270, "项目使用 C++17 编译。"],
    ["cpp20", "constraint", 20, "编译标准升级到 C++20。"],
    ["noexc", "constraint", 250, "库代码禁用异常（-fno-exceptions）。"],
    ["rtti", "constraint", 240, "库代码禁用 RTTI。"],
  ],
  { supersede: [["cpp20", "cpp17"]] },
);

family(
  "hb-format",
  "huabu",
  [
    ["clang", "procedure", 260, "提交前运行 ./codeformat.sh 格式化所有 C++ 代码。"],
    ["clang2", "procedure", 30, "每次提交之前都要执行 ./codeformat.sh，统一代码格式。"],
    ["hdr", "convention", 240, "头文件使用 #pragma once。"],
    ["cfg", "convention", 230, "格式规则写在仓库根目录的 .clang-format 中。"],
  ],
  { merge: [["clang", "clang2"]] },
);

family(
  "hb-clangver",
  "huabu",
  [
    ["v14", "constraint", 250, "clang-format 版本固定为 14。"],
    ["v18", "constraint", 20, "clang-format 统一使用 18 版本，14 已不再使用。"],
    ["tidy", "procedure", 230, "新增文件需通过 clang-tidy 检查。"],
    ["ci", "fact", 220, "CI 中的格式检查失败会阻止合并。"],
  ],
  { supersede: [["v18", "v14"]] },
);

family(
  "hb-backend",
  "huabu",
  [
    ["gl", "decision", 270, "默认渲染后端是 OpenGL ES 3.0。"],
    ["metal", "decision", 260, "iOS 和 macOS 上使用 Metal 后端。"],
    ["vk", "decision", 25, "Android 上的默认渲染后端改用 Vulkan，不再默认使用 OpenGL ES。"],
    ["web", "decision", 240, "Web 端通过 WebGL 2 渲染。"],
  ],
  { supersede: [["vk", "gl"]] },
);

family("hb-layer", "huabu", [
  ["shape", "fact", 230, "ShapeLayer 负责绘制矢量路径。"],
  ["text", "fact", 220, "TextLayer 负责排版和绘制文字。"],
  ["image", "fact", 210, "ImageLayer 负责绘制位图。"],
  ["solid", "fact", 200, "SolidLayer 负责绘制纯色矩形。"],
]);

family(
  "hb-tests",
  "huabu",
  [
    ["gtest", "procedure", 250, "单元测试使用 GoogleTest，运行 ./build/TGFXFullTest。"],
    ["base", "procedure", 240, "渲染测试会与 test/baseline 中的基准图比对。"],
    ["update", "procedure", 230, "基准图需要更新时，运行 ./update_baseline.sh 并在 PR 中说明原因。"],
    ["gtest2", "procedure", 30, "跑单元测试：执行 ./build/TGFXFullTest（基于 GoogleTest）。"],
  ],
  { merge: [["gtest", "gtest2"]] },
);

family(
  "hb-naming",
  "huabu",
  [
    ["cls", "convention", 250, "类名使用大驼峰，例如 RenderContext。"],
    ["fn", "convention", 240, "函数名使用小驼峰，例如 drawPath。"],
    ["member", "convention", 230, "成员变量以下划线结尾，例如 width_。"],
    ["member2", "convention", 20, "成员变量不再以下划线结尾，统一改为 m 前缀，例如 mWidth。"],
  ],
  { supersede: [["member2", "member"]] },
);

family(
  "hb-stale",
  "huabu",
  [
    ["old", "fact", 300, "旧的字体缓存实现在 src/core/GlyphCacheOld.cpp。"],
    ["keep", "fact", 90, "字体缓存实现在 src/core/GlyphCache.cpp。"],
  ],
  { stale: ["old"], deleted: ["src/core/GlyphCacheOld.cpp"] },
);

family(
  "hb-deps",
  "huabu",
  [
    ["depsync", "procedure", 250, "第三方依赖通过 depsync 同步，首次构建前运行 npm install -g depsync 然后执行 depsync。"],
    ["depsync2", "procedure", 30, "构建前先装 depsync（npm install -g depsync），再运行 depsync 拉取第三方库。"],
    ["vendor", "constraint", 240, "不要直接修改 third_party 目录中的代码。"],
    ["skia", "constraint", 230, "不再引入 Skia 作为依赖；vendor/skia_patch.txt 仅作历史参考。"],
  ],
  { merge: [["depsync", "depsync2"]] },
);

family("hb-freetype", "huabu", [
  ["ft", "decision", 240, "Linux 上的字体光栅化使用 FreeType。"],
  ["ft2", "decision", 230, "FreeType 的版本由 DEPS 文件固定。"],
  ["hb", "decision", 220, "文字整形使用 HarfBuzz。"],
  ["ftconf", "fact", 210, "ft_config.h 中的选项不要随意修改。"],
]);

family(
  "hb-commit",
  "huabu",
  [
    ["en", "convention", 260, "commit 信息使用英文，首字母大写，结尾不加句号。"],
    ["en2", "convention", 30, "commit 信息要用英文写，句首大写，不以句号结束。"],
    ["revert", "convention", 240, "回滚提交使用 git revert，不要强制推送。"],
    ["issue", "convention", 230, "修复类提交需在信息末尾附上 issue 链接。"],
  ],
  { merge: [["en", "en2"]] },
);

family(
  "hb-len",
  "huabu",
  [
    ["len", "convention", 240, "commit 标题长度限制为 72 个字符以内。"],
    ["len2", "convention", 20, "commit 标题最多写五十个字符。"],
    ["scope", "convention", 230, "commit 标题前可以加模块名，例如 Layer: Fix mask bounds。"],
    ["body", "convention", 220, "commit 正文说明改动的原因。"],
  ],
  { supersede: [["len2", "len"]] },
);

family(
  "hb-perf",
  "huabu",
  [
    ["bench", "procedure", 230, "涉及渲染性能的改动需要运行 ./build/PerfTest 并贴出前后对比。"],
    ["bench2", "procedure", 25, "改了渲染性能相关代码，要跑 ./build/PerfTest，把改动前后的数据贴到 PR 里。"],
    ["frame", "constraint", 220, "动画单帧渲染时间不能超过 16 毫秒。"],
    ["mem", "constraint", 210, "纹理缓存上限为 64 MB。"],
  ],
  { merge: [["bench", "bench2"]] },
);

// =============================================================================================
// diaodu: a Chinese agent scheduling tool (review before commit, git flow, submodules)
// =============================================================================================

family(
  "dd-review",
  "diaodu",
  [
    ["show", "constraint", 300, "必须先把代码或文件变更交给用户在编辑器里评审，用户明确确认后才能 git commit 或 git push。"],
    ["show2", "constraint", 35, "没有用户的明确同意，严禁私自提交或推送；先让用户审阅改动。"],
    ["lang", "convention", 280, "commit message 使用项目规定的语言，通常在 AGENTS.md 中写明。"],
    ["amend", "constraint", 250, "不要修改已经推送的提交。"],
  ],
  { merge: [["show", "show2"]] },
);

family(
  "dd-types",
  "diaodu",
  [
    ["conv", "convention", 290, "提交信息遵循 Conventional Commits：feat、fix、refactor、docs、test、chore。"],
    ["conv2", "convention", 30, "commit 前缀按 Conventional Commits 写，如 feat: 新功能，fix: 修复 bug。"],
    ["perf", "convention", 200, "性能优化使用 perf: 前缀。"],
    ["scope", "convention", 190, "可以在类型后加括号注明模块，例如 feat(scheduler): 支持 cron。"],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "dd-branches",
  "diaodu",
  [
    ["main", "convention", 280, "main 是主分支，只保存稳定版本。"],
    ["feat", "convention", 270, "功能开发在 feature/* 分支上进行。"],
    ["bug", "convention", 260, "bug 修复在 bugfix/* 分支上进行。"],
    ["bug2", "convention", 25, "修 bug 的分支前缀改为 fix/*，不再使用 bugfix/*。"],
  ],
  { supersede: [["bug2", "bug"]] },
);

family(
  "dd-hotfix",
  "diaodu",
  [
    ["hot", "convention", 250, "紧急修复使用 hotfix/* 分支，从 main 拉出。"],
    ["hot2", "convention", 30, "线上紧急问题从 main 切 hotfix/* 分支修复。"],
    ["back", "convention", 240, "hotfix 合并后还要同步回 develop 分支。"],
    ["tag", "convention", 230, "每次 hotfix 发布都要打补丁版本标签。"],
  ],
  { merge: [["hot", "hot2"]] },
);

family(
  "dd-flow",
  "diaodu",
  [
    ["steps", "procedure", 270, "开发流程：从 main 创建功能分支，开发并提交，推送到远程，创建 Pull Request，Code Review 后合并到 main。"],
    ["steps2", "procedure", 30, "从 main 拉功能分支 → 提交 → 推送 → 开 PR → 评审通过后合入 main。"],
    ["rebase", "procedure", 240, "合并前先 rebase 到最新的 main。"],
    ["squash", "convention", 230, "PR 使用 squash 方式合并。"],
  ],
  { merge: [["steps", "steps2"]] },
);

family(
  "dd-ignore",
  "diaodu",
  [
    ["env", "constraint", 270, "不要提交 .env 文件。"],
    ["build", "constraint", 260, "不要提交 __pycache__/、node_modules/ 等构建产物。"],
    ["env2", "constraint", 25, "绝不能把 .env 提交到仓库，敏感配置只放在本地。"],
    ["gitignore", "convention", 240, "用 .gitignore 排除敏感文件。"],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "dd-submodule",
  "diaodu",
  [
    ["layer", "procedure", 260, "修改子模块后要逐层提交：先提交子模块，再提交主仓库。"],
    ["layer2", "procedure", 30, "子模块有改动时，先在子模块里提交，然后再在主仓库提交指针更新。"],
    ["detached", "procedure", 250, "开发子模块前必须先切换分支，避免 detached HEAD。"],
    ["pointer", "convention", 240, "主仓库只记录子模块的里程碑版本指针。"],
  ],
  { merge: [["layer", "layer2"]] },
);

family(
  "dd-atomic",
  "diaodu",
  [
    ["atomic", "convention", 250, "保持提交原子性：每次提交只包含一个逻辑改动。"],
    ["test", "procedure", 240, "提交前运行测试。"],
    ["atomic2", "convention", 25, "一个 commit 只做一件事。"],
    ["msg", "convention", 230, "提交信息要写清楚改了什么。"],
  ],
  { merge: [["atomic", "atomic2"]] },
);

family(
  "dd-python",
  "diaodu",
  [
    ["py", "constraint", 270, "后端使用 Python 3.10。"],
    ["py2", "constraint", 20, "后端 Python 版本调整为 3.12。"],
    ["poetry", "decision", 250, "依赖用 Poetry 管理。"],
    ["uv", "decision", 25, "依赖管理从 Poetry 迁移到 uv，pyproject.toml 中已删除 [tool.poetry] 配置。"],
  ],
  {
    supersede: [
      ["py2", "py"],
      ["uv", "poetry"],
    ],
  },
);

family(
  "dd-cron",
  "diaodu",
  [
    ["apsched", "decision", 260, "定时任务使用 APScheduler 调度。"],
    ["celery", "decision", 25, "定时任务改由 Celery Beat 调度，APScheduler 已移除。"],
    ["tz", "fact", 240, "调度器的时区为 Asia/Shanghai。"],
    ["max", "constraint", 230, "同一任务最多并发 3 个实例。"],
  ],
  { supersede: [["celery", "apsched"]] },
);

family(
  "dd-browser",
  "diaodu",
  [
    ["pw", "decision", 250, "浏览器任务用 Playwright 执行。"],
    ["headless", "constraint", 240, "浏览器默认以无头模式运行。"],
    ["timeout", "constraint", 230, "单个浏览器任务的超时时间为 30 秒。"],
    ["timeout2", "constraint", 20, "单个浏览器任务最长运行两分钟，超时即终止。"],
  ],
  { supersede: [["timeout2", "timeout"]] },
);

family(
  "dd-stale",
  "diaodu",
  [
    ["old", "fact", 300, "旧的调度入口在 scheduler/legacy_runner.py。"],
    ["keep", "fact", 90, "调度入口在 scheduler/runner.py。"],
  ],
  { stale: ["old"], deleted: ["scheduler/legacy_runner.py"] },
);

family("dd-logs", "diaodu", [
  ["dir", "fact", 230, "任务日志写在 logs/tasks/ 目录下，每个任务一个文件。"],
  ["rot", "fact", 220, "日志按天切分，保留 14 天。"],
  ["err", "fact", 210, "失败任务的堆栈写入 logs/errors.log。"],
  ["json", "convention", 200, "日志使用 JSON 格式输出。"],
]);

family(
  "dd-api",
  "diaodu",
  [
    ["port", "fact", 240, "管理 API 监听 8080 端口。"],
    ["port2", "fact", 20, "管理 API 的端口改成了 9090。"],
    ["auth", "constraint", 230, "管理 API 需要在请求头中携带 X-Api-Key。"],
    ["metrics", "fact", 220, "Prometheus 指标暴露在 9100 端口的 /metrics。"],
  ],
  { supersede: [["port2", "port"]] },
);

family(
  "dd-notify",
  "diaodu",
  [
    ["feishu", "decision", 240, "任务失败时通过飞书机器人通知。"],
    ["dingtalk", "decision", 25, "失败通知改用钉钉机器人发送，飞书机器人已停用。"],
    ["retry", "constraint", 230, "失败任务自动重试 3 次。"],
    ["quiet", "constraint", 220, "夜间 0 点到 7 点不发送通知。"],
  ],
  { supersede: [["dingtalk", "feishu"]] },
);

family(
  "dd-skill",
  "diaodu",
  [
    ["skill", "procedure", 220, "子模块操作的详细指南见 /git-submodule 技能。"],
    ["skill2", "procedure", 210, "发布流程的详细指南见 /release 技能。"],
    ["skill3", "procedure", 200, "排查调度问题的步骤见 /debug-scheduler 技能。"],
    ["skill4", "procedure", 25, "遇到子模块相关操作，参考 /git-submodule 技能里的详细说明。"],
  ],
  { merge: [["skill", "skill4"]] },
);

// =============================================================================================
// suanshu: a Chinese maths practice app (design first, unit tests, commit_msg.txt)
// =============================================================================================

family(
  "ss-design",
  "suanshu",
  [
    ["order", "convention", 300, "先做好设计，再搭建代码框架，最后开始开发。"],
    ["order2", "convention", 30, "开发顺序：设计 → 框架 → 编码，不要一上来就写代码。"],
    ["decouple", "convention", 270, "代码要做好解耦，必要时重构。"],
    ["comments", "convention", 260, "复杂逻辑要添加必要的注释和日志。"],
  ],
  { merge: [["order", "order2"]] },
);

family(
  "ss-unit",
  "suanshu",
  [
    ["unit", "procedure", 290, "代码修改完成后要执行单元测试，确保逻辑正确。"],
    ["unit2", "procedure", 35, "每次改完代码都跑一遍单元测试，保证代码可靠。"],
    ["new", "procedure", 250, "新增功能时还要补充对应的测试用例。"],
    ["cov", "constraint", 240, "核心题目生成模块的测试覆盖率不低于 80%。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "ss-commit",
  "suanshu",
  [
    ["readme", "procedure", 280, "要求提交代码时，先更新代码结构说明和 README.md，再提交。"],
    ["msgfile", "procedure", 270, "提交时把提交信息写到 commit_msg.txt，然后执行 git commit -F commit_msg.txt。"],
    ["msgfile2", "procedure", 25, "提交信息先写进 commit_msg.txt，再用 git commit -F commit_msg.txt 提交。"],
    ["doc", "procedure", 260, "新增模块时在 docs/ 下补一页说明。"],
  ],
  { merge: [["msgfile", "msgfile2"]] },
);

family(
  "ss-push",
  "suanshu",
  [
    ["main", "procedure", 250, "提交后直接推送到 main：git push origin main。"],
    ["pr", "procedure", 20, "不再直接推送 main，改为推送到个人分支后发起 PR。"],
    ["status", "procedure", 240, "提交前用 git status --short 检查改动。"],
    ["add", "procedure", 230, "用 git add . 暂存所有改动。"],
  ],
  { supersede: [["pr", "main"]] },
);

family(
  "ss-range",
  "suanshu",
  [
    ["add", "fact", 260, "加法练习的数字范围是 0 到 20。"],
    ["add2", "fact", 25, "加法题的数字范围扩大到 100 以内。"],
    ["mul", "fact", 240, "乘法练习只出九九乘法表内的题。"],
    ["sub", "fact", 230, "减法练习不会出现负数结果。"],
  ],
  { supersede: [["add2", "add"]] },
);

family(
  "ss-count",
  "suanshu",
  [
    ["n", "fact", 220, "每次练习的题目数量是 20 道。"],
    ["n2", "fact", 20, "每次练习改为出三十道题。"],
    ["time", "fact", 210, "每道题的作答时限为 15 秒。"],
    ["wrong", "fact", 200, "答错的题目会加入错题本。"],
  ],
  { supersede: [["n2", "n"]] },
);

family(
  "ss-ui",
  "suanshu",
  [
    ["tk", "decision", 260, "界面使用 Tkinter 实现。"],
    ["qt", "decision", 25, "界面从 Tkinter 换成了 PySide6。"],
    ["font", "convention", 240, "题目字号不小于 28。"],
    ["theme", "convention", 230, "默认使用浅色主题。"],
  ],
  { supersede: [["qt", "tk"]] },
);

family(
  "ss-store",
  "suanshu",
  [
    ["json", "decision", 250, "练习记录保存在 data/records.json。"],
    ["sqlite", "decision", 25, "练习记录改为存入 SQLite 数据库 data/records.db，不再写 JSON 文件。"],
    ["backup", "procedure", 230, "每周把练习记录备份到 backup/ 目录。"],
    ["export", "procedure", 220, "家长可以把成绩导出为 CSV。"],
  ],
  { supersede: [["sqlite", "json"]] },
);

family(
  "ss-stale",
  "suanshu",
  [
    ["old", "fact", 300, "旧的出题逻辑在 app/generator_v1.py。"],
    ["keep", "fact", 90, "出题逻辑在 app/generator.py。"],
  ],
  { stale: ["old"], deleted: ["app/generator_v1.py"] },
);

family(
  "ss-run",
  "suanshu",
  [
    ["run", "procedure", 240, "启动应用：python -m app。"],
    ["test", "procedure", 230, "运行测试：python -m pytest tests/。"],
    ["run2", "procedure", 30, "用 python -m app 启动程序。"],
    ["pkg", "procedure", 220, "打包 Windows 版：pyinstaller suanshu.spec。"],
  ],
  { merge: [["run", "run2"]] },
);

family("ss-grade", "suanshu", [
  ["g1", "fact", 220, "一年级题库只包含 20 以内的加减法。"],
  ["g2", "fact", 210, "二年级题库包含 100 以内的加减法和乘法口诀。"],
  ["g3", "fact", 200, "三年级题库包含两位数乘一位数。"],
  ["g4", "fact", 190, "四年级题库包含三位数除以两位数。"],
]);

family(
  "ss-log",
  "suanshu",
  [
    ["log", "convention", 230, "使用 logging 模块记录日志，不要用 print。"],
    ["log2", "convention", 25, "输出调试信息一律走 logging，禁止 print。"],
    ["level", "convention", 220, "发布版本的日志级别为 WARNING。"],
    ["file", "fact", 210, "日志文件写在 logs/app.log。"],
  ],
  { merge: [["log", "log2"]] },
);

family(
  "ss-python",
  "suanshu",
  [
    ["py39", "constraint", 250, "需要 Python 3.9 及以上版本。"],
    ["py311", "constraint", 20, "最低 Python 版本提高到 3.11。"],
    ["venv", "procedure", 240, "在 .venv 虚拟环境中开发。"],
    ["req", "procedure", 230, "依赖写在 requirements.txt 中。"],
  ],
  { supersede: [["py311", "py39"]] },
);

family(
  "ss-voice",
  "suanshu",
  [
    ["tts", "decision", 220, "题目朗读使用 pyttsx3。"],
    ["tts2", "decision", 20, "题目朗读改用 edge-tts 生成语音。"],
    ["mute", "fact", 210, "朗读默认关闭。"],
    ["speed", "fact", 200, "朗读语速为每分钟 150 字。"],
  ],
  { supersede: [["tts2", "tts"]] },
);

family(
  "ss-style",
  "suanshu",
  [
    ["black", "convention", 240, "代码用 black 格式化，行宽 88。"],
    ["black2", "convention", 25, "Python 代码统一用 black 排版（默认 88 列）。"],
    ["isort", "convention", 230, "import 顺序由 isort 整理。"],
    ["type", "convention", 220, "公共函数要写类型注解。"],
  ],
  { merge: [["black", "black2"]] },
);

family(
  "ss-reward",
  "suanshu",
  [
    ["star", "fact", 220, "全部答对奖励 3 颗星。"],
    ["star2", "fact", 210, "答对 80% 以上奖励 2 颗星。"],
    ["star3", "fact", 200, "答对 60% 以上奖励 1 颗星。"],
    ["star4", "fact", 25, "全对现在奖励 5 颗星。"],
  ],
  { supersede: [["star4", "star"]] },
);

export const BLIND_FAMILIES_R10 = families;

export const halfOfR10 = halfOf;
