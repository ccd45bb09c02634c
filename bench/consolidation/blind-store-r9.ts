/**
 * The round-nine blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r8
 * has been scored and so is tuning data now.
 *
 * Six projects with vocabulary not used in the earlier sets, modelled on public files read through
 * the search tools (rules paraphrased, not copied; none of them used to tune a rule):
 * - droneops (a Python drone companion computer): "do not install packages; no system python or
 *   pip; always uv; uv run; after work ruff check and pytest" — AGENTS.md of
 *   AGH-Drone-Engineering/jemdzem;
 * - kwpolicy (a Rust CLI for admission policies): "bump Cargo.toml; git-chglog; PR because main is
 *   protected; signed annotated tag on the merge commit triggers the release action; edit the
 *   release notes" — crates/kwctl/CONTRIBUTING.md of kubewarden/kubewarden-controller @
 *   65b9f22d5d27a6b0add9d7a2f4e11acfd3ca4bfc, and yoannfleurydev/gitweb's CONTRIBUTING.md;
 * - gostarter (a Go project generator) with real supersessions from a deprecation table:
 *   "empty_config_available -> optional: true; transport string array -> object format; removed
 *   every 2nd minor release; migrate --dry-run; .bak backup; RemovalVersion constants" —
 *   DEPRECATION.md of Educentr/go-project-starter @ 0019084fb699d41e722a16e4506325770dca7f2e;
 * - weather (a Python forecast API): "ruff through scripts/lint and scripts/format; pytest before
 *   submitting" — AGENTS.md of Pirate-Weather/pirate-weather-code @
 *   3a1738dcec033523dd9e8c09c7bd6ae0afa86cea;
 * - Chinese: jianqie (a clipboard manager): "feature/模块名/功能名, fix/..., docs/... branches;
 *   feat/fix/docs/style/refactor/test/chore prefixes" — doc/git工作流规范.md of XiaMi-Long/SClip @
 *   b7cf10d342c467f823078e67a8a73c5b68fa9924; yunwei (a Java operations platform): "fork, feature
 *   branch, commit, push, pull request; follow the code style" — CONTRIBUTING.md of YnReturn/UIA.
 *
 * Labels (written before the code was run on this set), as in blind-store-r8.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim; a group of three lists its three pairs;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures with
 * different steps or targets (deploy to dev / prod / rollback; admin panel actions), a rule and a
 * further rule added later, near-duplicates that differ in a number, path or identifier, and
 * families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r9:" + id),
 * even -> tuning, odd -> frozen (`halfOfR9`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r9");

// =============================================================================================
// droneops: a Python companion computer for a drone (uv, ruff, pytest, ROS 2)
// =============================================================================================

family(
  "drone-uv",
  "droneops",
  [
    ["uv", "convention", 300, "Always use uv for the Python environment; do not call the system python or pip."],
    ["uv2", "convention", 40, "Never run pip or the system interpreter directly: everything goes through uv."],
    ["run", "procedure", 280, "Run scripts with uv run, e.g. uv run python tools/calibrate.py."],
    ["noinst", "constraint", 260, "Do not add packages on your own; ask before changing the dependencies in pyproject.toml."],
  ],
  { merge: [["uv", "uv2"]] },
);

family(
  "drone-after",
  "droneops",
  [
    ["lint", "procedure", 250, "After finishing work, run uv run ruff check ."],
    ["test", "procedure", 240, "After finishing work, run uv run python -m pytest."],
    ["fmt", "procedure", 220, "Format with uv run ruff format . before committing."],
    ["test2", "procedure", 30, "When you are done with a change, run the test suite through uv: uv run python -m pytest."],
  ],
  { merge: [["test", "test2"]] },
);

family(
  "drone-python",
  "droneops",
  [
    ["py311", "constraint", 300, "The project targets Python 3.11; pyproject.toml has requires-python >=3.11."],
    ["types", "convention", 200, "Add type hints to every public function."],
    ["mypy", "convention", 180, "mypy runs in strict mode on the drone/ package."],
    ["py312", "constraint", 20, "The project targets Python 3.12 now; requires-python is >=3.12."],
  ],
  { supersede: [["py312", "py311"]] },
);

family(
  "drone-mavlink",
  "droneops",
  [
    ["port", "fact", 260, "The ground station reaches the flight controller over MAVLink on udp:14550."],
    ["port2", "fact", 250, "The companion computer talks to the flight controller on udp:14540, the offboard port."],
    ["baud", "fact", 240, "The telemetry radio runs at 57600 baud."],
    ["baud2", "fact", 25, "The telemetry radio baud rate is 115200 now; 57600 dropped packets."],
  ],
  { supersede: [["baud2", "baud"]] },
);

family(
  "drone-sim",
  "droneops",
  [
    ["sitl", "procedure", 200, "Start the simulator with uv run python -m drone.sim --world field."],
    ["gazebo", "decision", 190, "The simulator uses Gazebo Harmonic."],
    ["indoor", "procedure", 150, "Start the indoor test world with uv run python -m drone.sim --world hangar."],
    ["sitl2", "procedure", 35, "To run the simulation, use uv run python -m drone.sim --world field (the outdoor world)."],
  ],
  { merge: [["sitl", "sitl2"]] },
);

family(
  "drone-field",
  "droneops",
  [
    ["preflight", "procedure", 210, "Before any outdoor flight, go through the preflight checklist in docs/preflight.md."],
    ["geofence", "constraint", 200, "The geofence radius is 150 m for field tests."],
    ["battery", "constraint", 190, "Land when the battery drops below 25%."],
    ["geofence2", "constraint", 20, "The geofence radius for field tests is 300 m since the new permit."],
  ],
  { supersede: [["geofence2", "geofence"]] },
);

family("drone-camera", "droneops", [
  ["cam", "fact", 180, "The camera node publishes raw frames on /camera/image_raw."],
  ["cam2", "fact", 170, "Rectified camera frames are published on /camera/image_rect."],
  ["fps", "fact", 160, "The camera runs at 30 fps."],
  ["opencv", "convention", 150, "Use OpenCV for image processing, not PIL."],
]);

family(
  "drone-detect",
  "droneops",
  [
    ["yolo", "decision", 220, "Object detection uses YOLOv8n exported to ONNX."],
    ["thresh", "constraint", 210, "Detections below confidence 0.5 are dropped."],
    ["nms", "constraint", 200, "The non-max suppression IoU threshold is 0.45."],
    ["yolo11", "decision", 20, "Object detection now uses YOLO11n instead of YOLOv8n, still exported to ONNX."],
  ],
  { supersede: [["yolo11", "yolo"]] },
);

family(
  "drone-logging",
  "droneops",
  [
    ["log", "convention", 230, "Use the logging module; never print() in drone/ code."],
    ["level", "convention", 200, "The default log level is INFO; DEBUG only with --verbose."],
    ["ulg", "fact", 150, "Flight logs are saved as .ulg files under logs/flights/."],
    ["log2", "convention", 30, "No print statements in the drone package: log through logging.getLogger(__name__)."],
  ],
  { merge: [["log", "log2"]] },
);

family("drone-git", "droneops", [
  ["branch", "convention", 250, "Branch off main and open a pull request; never push to main directly."],
  ["ci", "fact", 240, "CI runs ruff check and pytest on every pull request."],
  ["squash", "convention", 230, "Pull requests are squash-merged."],
  ["review", "convention", 220, "Every pull request needs one approval from the flight-software team."],
]);

family(
  "drone-deploy",
  "droneops",
  [
    ["jetson", "procedure", 200, "Deploy to the Jetson with scripts/deploy.sh jetson after the tests pass."],
    ["ground", "procedure", 190, "Deploy to the Raspberry Pi ground station with scripts/deploy.sh ground."],
    ["rollback", "procedure", 180, "Roll the Jetson back to the previous build with scripts/deploy.sh jetson --rollback."],
    ["jetson2", "procedure", 25, "Once the tests pass, push the build to the Jetson by running scripts/deploy.sh jetson."],
  ],
  { merge: [["jetson", "jetson2"]] },
);

family(
  "drone-deps",
  "droneops",
  [
    ["lock", "procedure", 200, "uv.lock is committed; refresh it with uv lock after changing dependencies."],
    ["sync", "procedure", 190, "Run uv sync at the start of a session."],
    ["numpy", "constraint", 180, "numpy is pinned below 2.0 because the ROS bridge breaks on 2.x."],
    ["sync2", "procedure", 30, "Start every session with uv sync so the environment matches uv.lock."],
  ],
  { merge: [["sync", "sync2"]] },
);

family(
  "drone-ros",
  "droneops",
  [
    ["humble", "constraint", 260, "The ROS 2 distribution is Humble."],
    ["colcon", "procedure", 240, "Build the ROS packages with colcon build --symlink-install."],
    ["source", "procedure", 230, "Source install/setup.bash in every new shell before running ros2 commands."],
    ["jazzy", "constraint", 20, "The ROS 2 distribution is Jazzy; Humble is no longer used."],
  ],
  { supersede: [["jazzy", "humble"]] },
);

family(
  "drone-stale",
  "droneops",
  [
    ["old", "fact", 300, "The old mission planner lives in drone/planner_v1.py."],
    ["keep", "fact", 90, "The mission planner lives in drone/planner.py."],
  ],
  { stale: ["old"], deleted: ["drone/planner_v1.py"] },
);

family(
  "drone-pid",
  "droneops",
  [
    ["kp", "fact", 200, "The altitude PID uses kp = 0.8."],
    ["ki", "fact", 190, "The altitude PID uses ki = 0.05."],
    ["yaw", "fact", 180, "The yaw PID uses kp = 0.8."],
    ["kp2", "fact", 20, "The altitude PID kp was retuned to 1.1 after the new propellers."],
  ],
  { supersede: [["kp2", "kp"]] },
);

family(
  "drone-docs",
  "droneops",
  [
    ["docstr", "convention", 200, "Write Google-style docstrings."],
    ["readme", "convention", 190, "Update README.md when you add a command-line flag."],
    ["adr", "convention", 180, "Record architecture decisions in docs/adr/ as numbered files."],
    ["docstr2", "convention", 30, "Docstrings follow the Google style guide, with Args: and Returns: sections."],
  ],
  { merge: [["docstr", "docstr2"]] },
);

family(
  "drone-failsafe",
  "droneops",
  [
    ["rtl", "constraint", 210, "On loss of the RC link for 5 seconds the drone returns to launch."],
    ["rtl2", "constraint", 200, "On loss of the telemetry link for 30 seconds the drone returns to launch."],
    ["alt", "constraint", 190, "Return-to-launch altitude is 40 m."],
    ["rtl3", "constraint", 30, "If the RC link is lost for five seconds, the failsafe flies the drone back to launch."],
  ],
  { merge: [["rtl", "rtl3"]] },
);

family(
  "drone-hw",
  "droneops",
  [
    ["fc", "fact", 250, "The flight controller is a Pixhawk 6C running PX4."],
    ["companion", "fact", 240, "The companion computer is a Jetson Orin Nano."],
    ["fc2", "fact", 20, "The flight controller is a Pixhawk 6X now; the 6C was replaced after the crash in May."],
    ["gps", "fact", 230, "The GPS module is a u-blox M9N on the GPS1 port."],
  ],
  { supersede: [["fc2", "fc"]] },
);

// =============================================================================================
// kwpolicy: a Rust CLI that builds, signs and runs admission policies
// =============================================================================================

family(
  "kw-release",
  "kwpolicy",
  [
    ["bump", "procedure", 300, "To release, first bump version in Cargo.toml to the new vX.Y.Z."],
    ["chlog", "procedure", 290, "Generate the changelog with git-chglog --next-tag vX.Y.Z --output CHANGELOG.md."],
    ["tag", "procedure", 280, "After the release PR is merged, create a signed annotated tag on its merge commit: git tag -s -a -m vX.Y.Z vX.Y.Z."],
    ["tag2", "procedure", 30, "Once the release PR is in main, tag the merge commit with a signed annotated tag (git tag -s -a)."],
  ],
  { merge: [["tag", "tag2"]] },
);

family(
  "kw-release-ci",
  "kwpolicy",
  [
    ["gha", "procedure", 270, "Pushing the tag triggers the GitHub Actions release workflow; wait for it and check that the release was created."],
    ["notes", "procedure", 260, "Edit the GitHub release description by hand if the generated notes are unclear."],
    ["protected", "constraint", 250, "main is protected: every change, including a version bump, goes through a pull request."],
    ["gha2", "procedure", 40, "A pushed tag starts the release workflow in GitHub Actions; wait until it finishes and confirm the release exists."],
  ],
  { merge: [["gha", "gha2"]] },
);

family(
  "kw-publish",
  "kwpolicy",
  [
    ["cratesio", "procedure", 240, "Publish the crate to crates.io with cargo publish after tagging."],
    ["setver", "procedure", 230, "Bump the crate version with cargo set-version, not by editing by hand."],
    ["owners", "fact", 220, "Only the maintainers team owns the crate on crates.io."],
    ["cratesio2", "decision", 20, "We no longer publish to crates.io; releases are binaries on GitHub only."],
  ],
  { supersede: [["cratesio2", "cratesio"]] },
);

family(
  "kw-msrv",
  "kwpolicy",
  [
    ["msrv", "constraint", 260, "The minimum supported Rust version is 1.74; rust-version in Cargo.toml says so."],
    ["toolchain", "constraint", 240, "rust-toolchain.toml pins the stable channel for development."],
    ["edition", "constraint", 230, "The crate uses edition 2021."],
    ["msrv2", "constraint", 25, "The MSRV was raised to 1.79: rust-version = 1.79 in Cargo.toml."],
  ],
  { supersede: [["msrv2", "msrv"]] },
);

family(
  "kw-lint",
  "kwpolicy",
  [
    ["clippy", "procedure", 250, "Run cargo clippy --all-targets --all-features -- -D warnings before pushing."],
    ["fmt", "procedure", 240, "Run cargo fmt --all before pushing."],
    ["deny", "fact", 220, "cargo deny check runs in CI for licences and advisories."],
    ["clippy2", "procedure", 30, "Before a push, clippy must pass with warnings denied: cargo clippy --all-targets --all-features -- -D warnings."],
  ],
  { merge: [["clippy", "clippy2"]] },
);

family(
  "kw-tests",
  "kwpolicy",
  [
    ["unit", "procedure", 230, "Run the unit tests with cargo test."],
    ["e2e", "procedure", 220, "The end-to-end tests need a kind cluster: make e2e-tests."],
    ["fixtures", "procedure", 210, "Policy fixture tests run with make fixtures-test."],
    ["e2e2", "procedure", 35, "Run make e2e-tests against a local kind cluster for the end-to-end suite."],
  ],
  { merge: [["e2e", "e2e2"]] },
);

family(
  "kw-registry",
  "kwpolicy",
  [
    ["ghcr", "fact", 220, "Policies are pulled from ghcr.io/kubewarden/policies by default."],
    ["insecure", "fact", 200, "Use --sources-path to allow an insecure local registry."],
    ["cache", "fact", 190, "Downloaded policies are cached in ~/.cache/kwpolicy/store."],
    ["ghcr2", "fact", 20, "The default policy registry is registry.kwpolicy.dev, replacing ghcr.io/kubewarden/policies."],
  ],
  { supersede: [["ghcr2", "ghcr"]] },
);

family(
  "kw-sigstore",
  "kwpolicy",
  [
    ["verify", "procedure", 210, "Verify policy signatures with kwpolicy verify --verification-config-path verification.yml."],
    ["keyless", "fact", 200, "Releases are signed keyless with cosign in the release workflow."],
    ["fulcio", "fact", 180, "The Fulcio and Rekor URLs default to the public Sigstore instance."],
    ["verify2", "procedure", 30, "To check a policy's signatures, pass verification.yml to kwpolicy verify via --verification-config-path."],
  ],
  { merge: [["verify", "verify2"]] },
);

family(
  "kw-wasm",
  "kwpolicy",
  [
    ["target", "constraint", 240, "Policies compile to the wasm32-wasi target."],
    ["optimize", "procedure", 220, "Run wasm-opt -O on policy builds before annotating them."],
    ["annotate", "procedure", 210, "Annotate a built policy with kwpolicy annotate -m metadata.yml."],
    ["target2", "constraint", 20, "Policies now compile to the wasm32-wasip1 target; wasm32-wasi was renamed."],
  ],
  { supersede: [["target2", "target"]] },
);

family(
  "kw-commits",
  "kwpolicy",
  [
    ["conv", "convention", 260, "Commit messages follow Conventional Commits."],
    ["signoff", "convention", 250, "Every commit needs a DCO sign-off (git commit -s)."],
    ["gpg", "convention", 30, "Commits must also be signed with a GPG or SSH key, in addition to the DCO sign-off."],
    ["conv2", "convention", 40, "Use Conventional Commit prefixes such as feat:, fix: and chore: in commit subjects."],
  ],
  { merge: [["conv", "conv2"]] },
);

family("kw-commands", "kwpolicy", [
  ["run", "procedure", 200, "Evaluate a policy locally with kwpolicy run --request-path req.json policy.wasm."],
  ["bench", "procedure", 190, "Benchmark a policy with kwpolicy bench --request-path req.json policy.wasm."],
  ["pull", "procedure", 180, "Fetch a policy with kwpolicy pull registry://ghcr.io/org/policy:v1."],
  ["inspect", "procedure", 170, "Show a policy's metadata with kwpolicy inspect registry://ghcr.io/org/policy:v1."],
]);

family(
  "kw-logging",
  "kwpolicy",
  [
    ["tracing", "convention", 220, "Use the tracing crate for logs, not println!."],
    ["json", "fact", 200, "Set KWPOLICY_LOG_FMT=json for JSON logs."],
    ["otlp", "fact", 190, "Traces can be exported with --otlp-endpoint."],
    ["tracing2", "convention", 30, "Log with the tracing macros (info!, debug!) rather than println!."],
  ],
  { merge: [["tracing", "tracing2"]] },
);

family(
  "kw-deps",
  "kwpolicy",
  [
    ["tokio", "decision", 200, "The async runtime is tokio with the multi-thread flavour."],
    ["reqwest", "decision", 190, "HTTP goes through reqwest with rustls, not native-tls."],
    ["anyhow", "convention", 180, "Binaries return anyhow::Result; library code defines errors with thiserror."],
    ["reqwest2", "decision", 30, "HTTP requests use reqwest built with rustls-tls; native-tls is not used."],
  ],
  { merge: [["reqwest", "reqwest2"]] },
);

family(
  "kw-docs",
  "kwpolicy",
  [
    ["clidocs", "procedure", 200, "Regenerate the CLI reference with make cli-docs after changing a flag."],
    ["mdbook", "procedure", 190, "The user docs are an mdBook in docs/; preview them with mdbook serve docs."],
    ["doctest", "convention", 180, "Public functions need a doc example that compiles."],
    ["clidocs2", "procedure", 30, "After adding or renaming a flag, run make cli-docs to refresh the CLI reference."],
  ],
  { merge: [["clidocs", "clidocs2"]] },
);

family(
  "kw-stale",
  "kwpolicy",
  [
    ["old", "fact", 300, "The policy scaffolding template is templates/policy-v0.tpl."],
    ["keep", "fact", 100, "Shell completions are generated into completions/."],
  ],
  { stale: ["old"], deleted: ["templates/policy-v0.tpl"] },
);

family(
  "kw-ci",
  "kwpolicy",
  [
    ["matrix", "fact", 220, "CI tests on ubuntu-latest, macos-latest and windows-latest."],
    ["rustcache", "fact", 200, "CI caches ~/.cargo and target/ with Swatinem/rust-cache."],
    ["timeout", "fact", 190, "CI jobs time out after 30 minutes."],
    ["matrix2", "fact", 20, "CI no longer runs on windows-latest; only ubuntu-latest and macos-latest."],
  ],
  { supersede: [["matrix2", "matrix"]] },
);

family(
  "kw-settings",
  "kwpolicy",
  [
    ["mode", "fact", 210, "Policies default to protect mode; monitor mode only logs."],
    ["timeout", "constraint", 200, "A policy evaluation times out after 2 seconds."],
    ["mem", "constraint", 190, "A policy may use at most 64 MiB of memory."],
    ["timeout2", "constraint", 25, "A policy evaluation times out after 5 seconds; 2 seconds was too short for the big policies."],
    ["mode2", "fact", 30, "New policies start in protect mode by default, while monitor mode only writes logs."],
  ],
  { supersede: [["timeout2", "timeout"]], merge: [["mode", "mode2"]] },
);

family("kw-context", "kwpolicy", [
  ["ctx", "fact", 200, "Context-aware policies may read Namespaces and Services from the cluster."],
  ["ctx2", "fact", 190, "Context-aware policies may read Deployments and Pods from the cluster."],
  ["rbac", "constraint", 180, "Each context-aware resource must be listed under contextAwareResources in metadata.yml."],
  ["replay", "procedure", 170, "Record cluster responses for tests with kwpolicy run --record-host-capabilities-interactions."],
]);

// =============================================================================================
// gostarter: a Go project generator with a versioned config format and deprecations
// =============================================================================================

family(
  "go-config",
  "gostarter",
  [
    ["empty", "fact", 300, "Set empty_config_available: true when an application may run without a config."],
    ["yaml", "fact", 250, "The generator's config is project.yaml at the repository root."],
    ["schema", "constraint", 240, "Unknown keys in project.yaml are rejected."],
    ["optional", "fact", 20, "Use optional: true in the application's transport config instead of empty_config_available."],
  ],
  { supersede: [["optional", "empty"]] },
);

family(
  "go-transport",
  "gostarter",
  [
    ["strarr", "fact", 280, "Transports are listed as a string array in project.yaml."],
    ["grpc", "fact", 230, "The grpc transport listens on port 9090."],
    ["http", "fact", 220, "The http transport listens on port 8080."],
    ["obj", "fact", 25, "Transports are objects now, each with a name: field; the string-array form was removed in 0.12.0."],
  ],
  { supersede: [["obj", "strarr"]] },
);

family(
  "go-migrate",
  "gostarter",
  [
    ["dry", "procedure", 220, "Check what a config migration would change with go-project-starter migrate --dry-run."],
    ["apply", "procedure", 210, "Apply a config migration with go-project-starter migrate."],
    ["bak", "fact", 200, "migrate writes a .bak backup of the config before changing it."],
    ["dry2", "procedure", 30, "Preview config migrations without writing anything: go-project-starter migrate --dry-run."],
  ],
  { merge: [["dry", "dry2"]] },
);

family(
  "go-deprecation",
  "gostarter",
  [
    ["policy", "convention", 260, "Deprecated features are removed every second minor release."],
    ["add", "procedure", 240, "When deprecating a feature, add a RemovalVersion constant in internal/pkg/migrate/migrate.go."],
    ["warn", "procedure", 230, "Collect deprecation warnings in collectDeprecationWarnings() in config/config.go."],
    ["policy2", "convention", 30, "Every 2nd minor release drops the features that were deprecated before it."],
  ],
  { merge: [["policy", "policy2"]] },
);

family(
  "go-release",
  "gostarter",
  [
    ["checklist", "procedure", 240, "Before each release, check migrate.go for RemovalVersion constants that are due."],
    ["remove", "procedure", 230, "When a removal version is reached, delete the compatibility code and its migration logic."],
    ["goreleaser", "fact", 220, "Releases are built with goreleaser when a tag is pushed."],
    ["checklist2", "procedure", 30, "Pre-release step: go through the RemovalVersion constants in internal/pkg/migrate/migrate.go and see which are due."],
  ],
  { merge: [["checklist", "checklist2"]] },
);

family(
  "go-version",
  "gostarter",
  [
    ["go121", "constraint", 260, "The module requires Go 1.21 (the go directive in go.mod)."],
    ["toolchainline", "convention", 240, "Do not add a toolchain line to go.mod."],
    ["vendor", "convention", 230, "Dependencies are not vendored."],
    ["go123", "constraint", 20, "go.mod says go 1.23 now; Go 1.21 is no longer supported."],
  ],
  { supersede: [["go123", "go121"]] },
);

family(
  "go-lint",
  "gostarter",
  [
    ["golangci", "procedure", 240, "Run golangci-lint run ./... before pushing."],
    ["config", "fact", 230, "golangci-lint settings live in .golangci.yml."],
    ["gofumpt", "convention", 220, "Format with gofumpt, not plain gofmt."],
    ["golangci2", "procedure", 35, "Lint everything with golangci-lint run ./... before each push."],
  ],
  { merge: [["golangci", "golangci2"]] },
);

family("go-tests", "gostarter", [
  ["unit", "procedure", 240, "Run the unit tests with go test ./..."],
  ["race", "procedure", 230, "Run go test -race ./internal/... after touching the generator's goroutines."],
  ["golden", "procedure", 220, "Update golden files with go test ./internal/generator -update."],
  ["integ", "procedure", 210, "Integration tests sit behind the integration build tag: go test -tags integration ./test/..."],
]);

family(
  "go-templates",
  "gostarter",
  [
    ["tmpl", "fact", 230, "Generator templates live in internal/templater/templates/."],
    ["embed", "fact", 220, "Templates are embedded into the binary with go:embed."],
    ["funcs", "fact", 210, "Template helper functions are registered in internal/templater/funcs.go."],
    ["tmpl2", "fact", 30, "The generator's text/template files are kept under internal/templater/templates/."],
  ],
  { merge: [["tmpl", "tmpl2"]] },
);

family(
  "go-errors",
  "gostarter",
  [
    ["pkgerrors", "convention", 300, "Use github.com/pkg/errors to wrap errors."],
    ["sentinel", "convention", 220, "Define sentinel errors in an errors.go file in each package."],
    ["panic", "convention", 210, "Never panic in library code."],
    ["wrap", "convention", 30, "Wrap errors with fmt.Errorf and %w; github.com/pkg/errors was removed."],
  ],
  { supersede: [["wrap", "pkgerrors"]] },
);

family(
  "go-logging",
  "gostarter",
  [
    ["zap", "decision", 260, "Generated services log with zap."],
    ["fields", "convention", 200, "Log keys in generated services are snake_case."],
    ["level", "fact", 190, "The default log level of a generated service is info."],
    ["slog", "decision", 20, "Generated services log with log/slog instead of zap."],
  ],
  { supersede: [["slog", "zap"]] },
);

family(
  "go-docker",
  "gostarter",
  [
    ["base", "fact", 250, "Generated Dockerfiles use golang:1.21-alpine as the build image."],
    ["distroless", "fact", 240, "The runtime image is gcr.io/distroless/static."],
    ["user", "constraint", 230, "Containers run as the non-root user 65532."],
    ["base2", "fact", 20, "Generated Dockerfiles build on golang:1.23-alpine."],
  ],
  { supersede: [["base2", "base"]] },
);

family(
  "go-ci",
  "gostarter",
  [
    ["gha", "fact", 230, "CI runs on GitHub Actions with lint, test and build jobs."],
    ["modcache", "fact", 220, "CI caches the Go module cache keyed on go.sum."],
    ["codecov", "fact", 210, "Coverage is uploaded to Codecov from the test job."],
    ["gha2", "fact", 30, "GitHub Actions runs three jobs on every pull request: lint, test and build."],
  ],
  { merge: [["gha", "gha2"]] },
);

family("go-admin", "gostarter", [
  ["token", "procedure", 200, "Rotate the GitHub App token of the template repository with make rotate-token."],
  ["owners", "procedure", 190, "Add a maintainer by editing .github/CODEOWNERS and opening a pull request."],
  ["protect", "fact", 180, "Branch protection on main requires the lint and test checks."],
  ["regtoken", "procedure", 170, "Rotate the container registry push token with make rotate-registry-token."],
]);

family(
  "go-stale",
  "gostarter",
  [
    ["old", "fact", 300, "The v1 generator entry point is cmd/starter-v1/main.go."],
    ["keep", "fact", 100, "The generator entry point is cmd/go-project-starter/main.go."],
  ],
  { stale: ["old"], deleted: ["cmd/starter-v1/main.go"] },
);

family(
  "go-commits",
  "gostarter",
  [
    ["english", "convention", 200, "Write commit messages in English."],
    ["short", "convention", 190, "Keep the commit subject under 72 characters."],
    ["issue", "convention", 180, "Reference the issue number in the pull request description."],
    ["short2", "convention", 20, "Commit subjects must be 50 characters or fewer."],
  ],
  { supersede: [["short2", "short"]] },
);

family(
  "go-layout",
  "gostarter",
  [
    ["internal", "convention", 220, "Code that is not part of the public API goes under internal/."],
    ["pkg", "convention", 210, "Only packages meant for import by other modules go under pkg/."],
    ["cmd", "convention", 200, "Each binary has its own directory under cmd/."],
    ["internal2", "convention", 25, "Anything outside the public API belongs in internal/, so other modules cannot import it."],
  ],
  { merge: [["internal", "internal2"]] },
);

family("go-generate", "gostarter", [
  ["mocks", "procedure", 200, "Regenerate mocks with go generate ./internal/..."],
  ["proto", "procedure", 190, "Regenerate protobuf code with buf generate."],
  ["oapi", "procedure", 180, "Regenerate the OpenAPI server stubs with make gen-openapi."],
  ["check", "constraint", 170, "CI fails if generated files differ from what go generate produces."],
]);

// =============================================================================================
// weather: a Python forecast API (ruff through scripts, pytest, AWS)
// =============================================================================================

family(
  "wx-lint",
  "weather",
  [
    ["lint", "procedure", 250, "Run the lint checks with scripts/lint."],
    ["format", "procedure", 240, "Format the code with scripts/format."],
    ["hooks", "procedure", 220, "Install the pre-commit hooks with pre-commit install."],
    ["lint2", "procedure", 30, "Use scripts/lint to run the ruff lint checks."],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "wx-ruff",
  "weather",
  [
    ["len", "convention", 240, "The ruff line length is 88."],
    ["select", "convention", 230, "Ruff selects the E, F, I and UP rules."],
    ["select2", "convention", 25, "Ruff also enables the B (bugbear) rules."],
    ["len2", "convention", 20, "The ruff line length is 120; 88 wrapped too many URLs."],
  ],
  { supersede: [["len2", "len"]] },
);

family(
  "wx-tests",
  "weather",
  [
    ["pytest", "procedure", 250, "Run the test suite with pytest before submitting changes."],
    ["slow", "procedure", 220, "Tests marked slow run only with pytest -m slow."],
    ["fixtures", "fact", 210, "GRIB test fixtures live in tests/data/."],
    ["pytest2", "procedure", 30, "Do not submit a change until pytest passes."],
  ],
  { merge: [["pytest", "pytest2"]] },
);

family(
  "wx-models",
  "weather",
  [
    ["gfs", "fact", 260, "Forecast data comes from NOAA GFS at 0.25 degree resolution."],
    ["hrrr", "fact", 250, "For the continental US, HRRR at 3 km is used for the first 18 hours."],
    ["gefs", "fact", 240, "Precipitation probability comes from the GEFS ensemble."],
    ["hrrr2", "fact", 20, "HRRR now covers the first 48 hours of the continental US forecast."],
  ],
  { supersede: [["hrrr2", "hrrr"]] },
);

family(
  "wx-ingest",
  "weather",
  [
    ["cron", "fact", 230, "Ingest runs every hour at minute 5."],
    ["zarr", "fact", 220, "Ingested data is written as Zarr to s3://pw-data/forecasts/."],
    ["retry", "fact", 210, "A failed ingest retries three times before paging."],
    ["cron2", "fact", 25, "Ingest runs every 6 hours, at minute 5."],
  ],
  { supersede: [["cron2", "cron"]] },
);

family(
  "wx-api",
  "weather",
  [
    ["units", "fact", 240, "The units query parameter accepts us, si, ca and uk."],
    ["exclude", "fact", 230, "Use exclude= to drop blocks such as minutely or alerts from a response."],
    ["version", "fact", 220, "The API version is returned in the X-Forecast-API-Version header."],
    ["units2", "fact", 30, "Allowed values of the units parameter: us, si, ca, uk."],
  ],
  { merge: [["units", "units2"]] },
);

family(
  "wx-keys",
  "weather",
  [
    ["key", "fact", 240, "The API key is the first path segment: /forecast/{apikey}/{lat},{lon}."],
    ["quota", "constraint", 230, "A free key allows 10000 calls a month."],
    ["header", "fact", 25, "Keys can also be sent in the apikey header."],
    ["quota2", "constraint", 20, "The free tier allows 20000 calls a month."],
  ],
  { supersede: [["quota2", "quota"]] },
);

family(
  "wx-deploy",
  "weather",
  [
    ["prod", "procedure", 220, "Deploy the API to production with scripts/deploy.sh prod after the dev deploy is verified."],
    ["dev", "procedure", 210, "Deploy to the dev stack with scripts/deploy.sh dev."],
    ["ingest", "procedure", 200, "Deploy the ingest workers with scripts/deploy.sh ingest."],
    ["prod2", "procedure", 30, "Production deploys: verify on dev first, then run scripts/deploy.sh prod."],
  ],
  { merge: [["prod", "prod2"]] },
);

family(
  "wx-admin",
  "weather",
  [
    ["revoke", "procedure", 200, "Revoke a user's API key in the admin panel under Keys, then Revoke."],
    ["reset", "procedure", 190, "Reset a user's monthly quota in the admin panel under Keys, then Reset usage."],
    ["block", "procedure", 180, "Block an abusive IP in the Cloudflare WAF, not in the app."],
    ["revoke2", "procedure", 30, "To revoke an API key, open the admin panel, go to Keys and press Revoke."],
  ],
  { merge: [["revoke", "revoke2"]] },
);

family(
  "wx-infra",
  "weather",
  [
    ["lambda", "decision", 260, "The API runs on AWS Lambda behind API Gateway."],
    ["region", "fact", 240, "Everything runs in us-east-1."],
    ["cdn", "fact", 230, "Forecast responses are cached by Cloudflare for 60 seconds."],
    ["ecs", "decision", 25, "The API runs on AWS ECS Fargate; Lambda was replaced because of cold starts."],
  ],
  { supersede: [["ecs", "lambda"]] },
);

family(
  "wx-python",
  "weather",
  [
    ["py310", "constraint", 250, "Use Python 3.10."],
    ["reqs", "fact", 230, "Dependencies are pinned in requirements.txt."],
    ["py312", "constraint", 20, "Python 3.12 is required; 3.10 support was dropped."],
    ["uv", "fact", 22, "Dependencies are managed with uv and pyproject.toml instead of requirements.txt."],
  ],
  {
    supersede: [
      ["py312", "py310"],
      ["uv", "reqs"],
    ],
  },
);

family(
  "wx-docs",
  "weather",
  [
    ["mkdocs", "fact", 220, "The docs site is built with MkDocs Material from docs/."],
    ["changelog", "convention", 210, "Add an entry to docs/changelog.md for every API change."],
    ["examples", "convention", 200, "Keep the curl examples in docs/API.md working."],
    ["changelog2", "convention", 30, "Every API change needs a line in docs/changelog.md."],
  ],
  { merge: [["changelog", "changelog2"]] },
);

family("wx-alerts", "weather", [
  ["nws", "fact", 220, "US alerts come from the NWS API."],
  ["eu", "fact", 210, "European alerts come from MeteoAlarm."],
  ["ttl", "fact", 200, "Alerts are cached for 5 minutes."],
  ["fttl", "fact", 190, "Minutely forecasts are cached for 5 minutes."],
]);

family(
  "wx-stale",
  "weather",
  [
    ["old", "fact", 300, "The legacy ingest script is scripts/ingest_legacy.py."],
    ["keep", "fact", 100, "The ingest entry point is API/ingest.py."],
  ],
  { stale: ["old"], deleted: ["scripts/ingest_legacy.py"] },
);

family(
  "wx-prs",
  "weather",
  [
    ["dev", "convention", 220, "Open pull requests against the dev branch, not main."],
    ["model", "convention", 200, "Name the weather model a change affects in the pull request description."],
    ["small", "convention", 190, "Keep pull requests under 400 changed lines where possible."],
    ["dev2", "convention", 30, "Pull requests target dev; main only receives release merges."],
  ],
  { merge: [["dev", "dev2"]] },
);

family(
  "wx-units",
  "weather",
  [
    ["temp", "fact", 200, "In si units temperature is in Celsius and wind speed in m/s."],
    ["temp2", "fact", 190, "In ca units temperature is in Celsius and wind speed in km/h."],
    ["uk", "fact", 180, "In uk units visibility is in miles and wind speed in mph."],
    ["temp3", "fact", 30, "With units=si, temperatures are Celsius and wind speeds are metres per second."],
  ],
  { merge: [["temp", "temp3"]] },
);

family("wx-backfill", "weather", [
  ["gfs", "procedure", 200, "Backfill missing GFS runs with python -m ingest.backfill --model gfs --since 2024-01-01."],
  ["hrrr", "procedure", 190, "Backfill missing HRRR runs with python -m ingest.backfill --model hrrr --since 2024-01-01."],
  ["verify", "procedure", 180, "After a backfill, check the run list with python -m ingest.list_runs."],
  ["purge", "procedure", 170, "Purge runs older than 30 days with python -m ingest.purge --days 30."],
]);

family(
  "wx-timemachine",
  "weather",
  [
    ["tm", "fact", 210, "Time Machine requests return archived forecasts back to 1940."],
    ["tmsrc", "fact", 200, "Archived data before 2024 comes from ERA5."],
    ["tmlimit", "constraint", 190, "Time Machine requests count as 10 calls against the quota."],
    ["tmlimit2", "constraint", 20, "Time Machine requests count as a single call against the quota now."],
  ],
  { supersede: [["tmlimit2", "tmlimit"]] },
);

// =============================================================================================
// jianqie: 一个桌面剪贴板管理器（中文）
// =============================================================================================

family(
  "jq-branch",
  "jianqie",
  [
    ["feat", "convention", 260, "功能分支命名为 feature/模块名/功能名。"],
    ["fix", "convention", 250, "修复分支命名为 fix/模块名/问题描述。"],
    ["docs", "convention", 240, "文档分支命名为 docs/模块名/文档描述。"],
    ["feat2", "convention", 30, "开发新功能时，分支名用 feature/<模块>/<功能> 的格式。"],
  ],
  { merge: [["feat", "feat2"]] },
);

family(
  "jq-commit",
  "jianqie",
  [
    ["types", "convention", 250, "提交信息以 feat、fix、docs、style、refactor、test、chore 作为前缀。"],
    ["lang", "convention", 240, "提交信息用中文描述。"],
    ["scope", "convention", 25, "提交前缀后面加上模块名，例如 feat(history): 。"],
    ["lang2", "convention", 20, "提交信息改为用英文书写，不再使用中文。"],
  ],
  { supersede: [["lang2", "lang"]] },
);

family(
  "jq-shell",
  "jianqie",
  [
    ["tauri", "decision", 260, "桌面端使用 Tauri 构建。"],
    ["vue", "decision", 240, "前端使用 Vue 3 和 Vite。"],
    ["icon", "fact", 230, "应用图标放在 src-assets/icons/ 目录。"],
    ["electron", "decision", 20, "桌面端改用 Electron，不再使用 Tauri。"],
  ],
  { supersede: [["electron", "tauri"]] },
);

family(
  "jq-history",
  "jianqie",
  [
    ["limit", "constraint", 240, "剪贴板历史最多保存 500 条。"],
    ["image", "constraint", 230, "超过 5 MB 的图片条目不保存。"],
    ["pin", "fact", 220, "置顶的条目不受历史条数上限的限制。"],
    ["limit2", "constraint", 20, "剪贴板历史的上限调整为 1000 条。"],
  ],
  { supersede: [["limit2", "limit"]] },
);

family(
  "jq-shortcut",
  "jianqie",
  [
    ["open", "fact", 230, "默认快捷键 Ctrl+Shift+V 打开历史面板。"],
    ["paste", "fact", 220, "在历史面板中按 Enter 粘贴选中的条目。"],
    ["mac", "fact", 210, "macOS 上打开历史面板的快捷键是 Cmd+Shift+V。"],
    ["open2", "fact", 30, "按 Ctrl+Shift+V 呼出剪贴板历史面板（默认设置）。"],
  ],
  { merge: [["open", "open2"]] },
);

family(
  "jq-tests",
  "jianqie",
  [
    ["unit", "procedure", 230, "提交前运行 pnpm test，确保单元测试通过。"],
    ["e2e", "procedure", 220, "修改界面后运行 pnpm test:e2e。"],
    ["rust", "procedure", 210, "修改 Rust 代码后运行 cargo test。"],
    ["unit2", "procedure", 30, "每次提交之前都要跑 pnpm test，单元测试必须全部通过。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "jq-release",
  "jianqie",
  [
    ["ver", "procedure", 220, "发版前在 package.json 和 tauri.conf.json 中同步版本号。"],
    ["tag", "procedure", 210, "推送以 v 开头的标签会触发 GitHub Actions 发布。"],
    ["sign", "constraint", 200, "Windows 安装包需要代码签名。"],
    ["tag2", "procedure", 30, "推送 v* 标签后，GitHub Actions 会自动构建并发布安装包。"],
  ],
  { merge: [["tag", "tag2"]] },
);

family(
  "jq-storage",
  "jianqie",
  [
    ["sqlite", "fact", 220, "历史记录保存在本地 SQLite 数据库 history.db 中。"],
    ["encrypt", "fact", 210, "history.db 用 SQLCipher 加密。"],
    ["path", "fact", 200, "数据库文件位于系统的应用数据目录下。"],
    ["sqlite2", "fact", 30, "剪贴板历史存储在本地的 SQLite 文件 history.db 里。"],
  ],
  { merge: [["sqlite", "sqlite2"]] },
);

family(
  "jq-style",
  "jianqie",
  [
    ["eslint", "procedure", 220, "前端代码遵循 ESLint 规则，提交前执行 pnpm lint。"],
    ["indent", "convention", 210, "Prettier 的缩进为 2 个空格。"],
    ["rustfmt", "convention", 200, "Rust 代码用 cargo fmt 格式化。"],
    ["indent4", "convention", 20, "Prettier 的缩进改为 4 个空格。"],
  ],
  { supersede: [["indent4", "indent"]] },
);

family(
  "jq-stale",
  "jianqie",
  [
    ["old", "fact", 300, "旧版设置页面是 src/views/SettingsOld.vue。"],
    ["keep", "fact", 100, "设置页面是 src/views/Settings.vue。"],
  ],
  { stale: ["old"], deleted: ["src/views/SettingsOld.vue"] },
);

family(
  "jq-pr",
  "jianqie",
  [
    ["fork", "convention", 220, "外部贡献者先 Fork 仓库，再从特性分支提交 Pull Request。"],
    ["review", "convention", 210, "PR 至少需要一位维护者审核通过才能合并。"],
    ["ci", "convention", 200, "CI 未通过的 PR 不能合并。"],
    ["review2", "convention", 20, "PR 需要两位维护者审核通过才能合并。"],
  ],
  { supersede: [["review2", "review"]] },
);

family(
  "jq-i18n",
  "jianqie",
  [
    ["zh", "fact", 200, "默认语言是简体中文。"],
    ["en", "fact", 190, "英文翻译放在 locales/en.json。"],
    ["ja", "fact", 180, "日文翻译放在 locales/ja.json。"],
    ["zh2", "fact", 30, "应用默认显示简体中文界面。"],
  ],
  { merge: [["zh", "zh2"]] },
);

family("jq-filter", "jianqie", [
  ["pwd", "constraint", 200, "来自密码管理器的复制内容不记录到历史。"],
  ["app", "fact", 190, "可以在设置中按应用排除记录，例如排除终端。"],
  ["dup", "fact", 180, "连续复制相同内容只保存一条。"],
  ["expire", "constraint", 170, "敏感条目 30 秒后自动从历史中删除。"],
]);

family(
  "jq-sync",
  "jianqie",
  [
    ["webdav", "decision", 210, "多设备同步通过 WebDAV 实现。"],
    ["interval", "constraint", 200, "同步间隔为 5 分钟。"],
    ["e2ee", "constraint", 190, "同步前在本地进行端到端加密。"],
    ["interval2", "constraint", 25, "同步间隔改为 1 分钟。"],
    ["webdav2", "decision", 30, "设备之间的同步走 WebDAV 协议。"],
  ],
  { supersede: [["interval2", "interval"]], merge: [["webdav", "webdav2"]] },
);

// =============================================================================================
// yunwei: 一个 Java 运维管理平台（中文）
// =============================================================================================

family(
  "yw-deploy",
  "yunwei",
  [
    ["test", "procedure", 240, "部署到测试环境：执行 ./deploy.sh test。"],
    ["prod", "procedure", 230, "部署到生产环境：执行 ./deploy.sh prod，部署前必须先在测试环境验证。"],
    ["rollback", "procedure", 220, "生产环境回滚：执行 ./deploy.sh prod --rollback。"],
    ["test2", "procedure", 30, "测试环境的部署命令是 ./deploy.sh test。"],
  ],
  { merge: [["test", "test2"]] },
);

family("yw-admin", "yunwei", [
  ["adduser", "procedure", 230, "新增管理员账号：在后台 系统管理 → 用户 中点击新增。"],
  ["resetpw", "procedure", 220, "重置用户密码：在后台 系统管理 → 用户 中点击重置密码。"],
  ["disable", "procedure", 210, "停用离职员工的账号：在后台 系统管理 → 用户 中点击停用。"],
  ["audit", "fact", 200, "所有管理操作都会记录到审计日志。"],
]);

family(
  "yw-db",
  "yunwei",
  [
    ["mysql57", "constraint", 260, "数据库使用 MySQL 5.7。"],
    ["backup", "fact", 240, "每天凌晨 3 点自动备份数据库。"],
    ["keep", "fact", 230, "数据库备份保留 30 天。"],
    ["mysql8", "constraint", 20, "数据库已升级到 MySQL 8.0。"],
  ],
  { supersede: [["mysql8", "mysql57"]] },
);

family(
  "yw-java",
  "yunwei",
  [
    ["jdk8", "constraint", 260, "后端使用 JDK 8 编译。"],
    ["maven", "procedure", 240, "使用 Maven 构建：mvn clean package。"],
    ["skip", "constraint", 230, "打包时不要加 -DskipTests。"],
    ["jdk17", "constraint", 20, "后端改用 JDK 17 编译，JDK 8 不再支持。"],
  ],
  { supersede: [["jdk17", "jdk8"]] },
);

family(
  "yw-code",
  "yunwei",
  [
    ["alibaba", "convention", 240, "Java 代码遵循阿里巴巴 Java 开发手册。"],
    ["lombok", "convention", 220, "实体类可以使用 Lombok。"],
    ["javadoc", "convention", 210, "公共方法必须写 Javadoc 注释。"],
    ["alibaba2", "convention", 30, "后端的编码规范以《阿里巴巴 Java 开发手册》为准。"],
  ],
  { merge: [["alibaba", "alibaba2"]] },
);

family(
  "yw-config",
  "yunwei",
  [
    ["nacos", "convention", 230, "配置放在 Nacos 配置中心，不要写在 application.yml 里。"],
    ["secret", "constraint", 220, "密码等敏感配置不得提交到仓库。"],
    ["profile", "fact", 210, "本地开发使用 dev profile。"],
    ["apollo", "decision", 20, "配置中心已从 Nacos 迁移到 Apollo。"],
  ],
  { supersede: [["apollo", "nacos"]] },
);

family(
  "yw-monitor",
  "yunwei",
  [
    ["prom", "fact", 220, "监控指标由 Prometheus 从 9100 端口采集。"],
    ["grafana", "fact", 210, "告警规则在 Grafana 中配置。"],
    ["jmx", "fact", 200, "JVM 指标通过 JMX exporter 暴露在 9404 端口。"],
    ["prom2", "fact", 30, "Prometheus 抓取 9100 端口上的监控指标。"],
  ],
  { merge: [["prom", "prom2"]] },
);

family(
  "yw-redis",
  "yunwei",
  [
    ["ttl", "constraint", 220, "登录会话在 Redis 中保存 2 小时。"],
    ["key", "convention", 210, "Redis 键名以 ops: 为前缀。"],
    ["cluster", "fact", 200, "生产环境的 Redis 是三主三从集群。"],
    ["ttl2", "constraint", 20, "登录会话的过期时间改为 8 小时。"],
  ],
  { supersede: [["ttl2", "ttl"]] },
);

family(
  "yw-tests",
  "yunwei",
  [
    ["unit", "procedure", 220, "提交前运行 mvn test。"],
    ["api", "procedure", 210, "接口测试用 Postman 集合 tests/api.postman_collection.json，在 CI 中由 newman 运行。"],
    ["load", "procedure", 200, "大版本上线前用 JMeter 压测，脚本在 tests/load/。"],
    ["unit2", "procedure", 30, "每次提交之前都要执行 mvn test。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "yw-stale",
  "yunwei",
  [
    ["old", "fact", 300, "旧的部署脚本是 scripts/deploy_old.sh。"],
    ["keep", "fact", 100, "部署脚本是 deploy.sh。"],
  ],
  { stale: ["old"], deleted: ["scripts/deploy_old.sh"] },
);

family(
  "yw-api",
  "yunwei",
  [
    ["resp", "convention", 220, "接口统一返回 {code, msg, data} 结构。"],
    ["page", "convention", 210, "分页参数为 pageNum 和 pageSize。"],
    ["size", "constraint", 200, "pageSize 最大为 100。"],
    ["resp2", "convention", 30, "所有接口的响应体都是 {code, msg, data} 格式。"],
  ],
  { merge: [["resp", "resp2"]] },
);

family(
  "yw-git",
  "yunwei",
  [
    ["fork", "convention", 230, "贡献代码：Fork 仓库，创建特性分支，提交后推送并发起 Pull Request。"],
    ["style", "convention", 220, "遵循项目既定的代码风格，添加必要的注释。"],
    ["master", "convention", 210, "发布分支是 master。"],
    ["main", "convention", 20, "发布分支从 master 改名为 main。"],
    ["fork2", "convention", 30, "先 Fork，再在特性分支上开发，推送后提交 Pull Request。"],
  ],
  { supersede: [["main", "master"]], merge: [["fork", "fork2"]] },
);

family(
  "yw-alert",
  "yunwei",
  [
    ["cpu", "constraint", 210, "CPU 使用率持续 5 分钟超过 80% 时告警。"],
    ["mem", "constraint", 200, "内存使用率持续 5 分钟超过 80% 时告警。"],
    ["disk", "constraint", 190, "磁盘使用率超过 90% 时告警。"],
    ["cpu2", "constraint", 25, "CPU 告警阈值调整为持续 5 分钟超过 90%。"],
  ],
  { supersede: [["cpu2", "cpu"]] },
);

family("yw-oncall", "yunwei", [
  ["p1", "procedure", 200, "P1 故障 15 分钟内响应，并在值班群通报。"],
  ["p2", "procedure", 190, "P2 故障 1 小时内响应。"],
  ["post", "procedure", 180, "P1 故障恢复后 3 个工作日内提交复盘报告。"],
  ["rotate", "fact", 170, "值班每周一上午 10 点轮换。"],
]);

// =============================================================================================
// more of the same projects: a group of three paraphrases, settings per environment
// =============================================================================================

family(
  "drone-secrets",
  "droneops",
  [
    ["env", "constraint", 220, "Keep API tokens in .env; never commit them."],
    ["env2", "constraint", 120, "Secrets such as API tokens belong in .env, which is never committed."],
    ["env3", "constraint", 25, "Do not commit tokens: they go in the untracked .env file."],
    ["vault", "fact", 200, "Field laptops read secrets from 1Password with op run."],
  ],
  {
    merge: [
      ["env", "env2"],
      ["env", "env3"],
      ["env2", "env3"],
    ],
  },
);

family("wx-envs", "weather", [
  ["devtimeout", "constraint", 200, "The dev stack's request timeout is 30 seconds."],
  ["prodtimeout", "constraint", 190, "The prod stack's request timeout is 10 seconds."],
  ["devmem", "constraint", 180, "Dev tasks get 1 GB of memory."],
  ["prodmem", "constraint", 170, "Prod tasks get 4 GB of memory."],
]);

family(
  "go-flags",
  "gostarter",
  [
    ["out", "fact", 210, "The generator writes into the directory given by --target."],
    ["force", "fact", 200, "--force overwrites files that were edited by hand."],
    ["dryrun", "fact", 190, "--dry-run prints the files that would be written without writing them."],
    ["out2", "fact", 25, "The output directory is set with --out; --target was renamed."],
  ],
  { supersede: [["out2", "out"]] },
);

family(
  "kw-scaffold",
  "kwpolicy",
  [
    ["rust", "procedure", 200, "Start a Rust policy from the template with kwpolicy scaffold rust my-policy."],
    ["go", "procedure", 190, "Start a Go policy from the template with kwpolicy scaffold go my-policy."],
    ["rego", "procedure", 180, "Start a Rego policy from the template with kwpolicy scaffold rego my-policy."],
    ["rust2", "procedure", 25, "kwpolicy scaffold rust my-policy creates a new Rust policy from the template."],
  ],
  { merge: [["rust", "rust2"]] },
);

export const BLIND_FAMILIES_R9 = families;

export const halfOfR9 = halfOf;
