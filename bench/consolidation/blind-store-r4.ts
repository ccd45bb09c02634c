/**
 * The round-four blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule of this task was changed (see the git history: this file was committed,
 * labels included, before the first rule change), because round three's frozen half (35 families)
 * is too small to be the only honest column.
 *
 * Five projects with vocabulary not used in the earlier sets (a Rust sync daemon, a Django clinic
 * booking app, Terraform infrastructure, a Chinese Vue 3 shop admin, a Chinese student team's
 * Android app), English and Chinese. Their rules are modelled on what public repositories write
 * (read through the search tools, not copied): "always run cargo fmt as part of the change; cargo
 * clippy; no unsafe; update CHANGELOG.md under Unreleased; one pull request per change"
 * (CONTRIBUTING.md of comit-network/comit-rs, obmarg/cynic, stack-rs/netem-trace,
 * MarcoIeni/release-pls); "use uv run for management commands; uv run pytest; include generated
 * migrations; settings from environment variables; test migrations on a fresh install"
 * (AGENTS.md of jackfruitco/simworks, btfranklin/agentic-django-example, agent6/OptiNOC,
 * arthexis/arthexis); "terraform fmt -recursive; terraform validate; never hardcode secrets; do
 * not change backend.tf; consistent tags; plan before apply; pin provider versions" (AGENTS.md of
 * ssenchenko/lass, spik3r/iac, MikaAK/deploy_ex); Chinese Vue naming and directory rules and an
 * axios wrapper (Vue-Guide.md of sunshine824/Front-End-Standards, README.md of
 * wujuwushu1224/vue-temlate-pc); Chinese branch, commit and review rules (CONTRIBUTING.md of
 * YuriOcean/Learning_Assistant_App, Eternity-Sky/OI, YnReturn/UIA). None of those sources was used
 * to tune a rule.
 *
 * Labels (written before the code was run on this set), as in blind-store-r3.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r4:" + id),
 * even -> tuning, odd -> frozen (`halfOfR4`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r4");

// =============================================================================================
// ferry: a Rust file-sync daemon and CLI, a cargo workspace (English)
// =============================================================================================

family(
  "ferry-fmt",
  "ferry",
  [
    ["fmt", "convention", 160, "Run cargo fmt as part of every change, not as a separate formatting commit afterwards."],
    ["fmt2", "directive", 30, "Format with cargo fmt inside the same commit as the change; a later format-only commit ruins git blame."],
    ["clippy", "procedure", 150, "Run cargo clippy --all-targets --all-features and fix every warning before pushing."],
    ["clippy-deny", "convention", 40, "CI runs clippy with -D warnings, so a warning fails the build."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "ferry-unsafe",
  "ferry",
  [
    ["unsafe", "constraint", 170, "No unsafe code anywhere in the workspace."],
    ["unsafe2", "constraint", 45, "The crates forbid unsafe: every lib.rs starts with #![forbid(unsafe_code)]."],
    ["unwrap", "convention", 140, "Do not call unwrap() in library code; return a ferry::Error instead."],
    ["expect", "convention", 60, "Tests may use expect() with a message saying what was expected."],
  ],
  { merge: [["unsafe", "unsafe2"]] },
);

family(
  "ferry-changelog",
  "ferry",
  [
    ["entry", "convention", 150, "Every user-visible change adds a line to CHANGELOG.md under the Unreleased heading."],
    ["entry2", "convention", 20, "Add a CHANGELOG.md entry under Unreleased for each change users can notice, with the pull request number."],
    ["release", "procedure", 120, "To release: move the Unreleased entries under a new version heading, bump the version in Cargo.toml and tag vX.Y.Z."],
    [
      "release-notes",
      "procedure",
      90,
      "To publish the release notes: copy the version's CHANGELOG.md section into the GitHub release and attach the binaries.",
    ],
  ],
  { merge: [["entry", "entry2"]] },
);

family(
  "ferry-msrv",
  "ferry",
  [
    ["msrv", "constraint", 200, "The minimum supported Rust version is 1.70."],
    ["msrv-new", "constraint", 25, "The minimum supported Rust version is 1.75."],
    ["edition", "fact", 190, "All crates use the 2021 edition."],
    ["toolchain", "fact", 100, "rust-toolchain.toml pins the stable channel for local builds."],
  ],
  { supersede: [["msrv-new", "msrv"]] },
);

family(
  "ferry-async",
  "ferry",
  [
    ["async-std", "decision", 220, "The daemon uses async-std as its async runtime."],
    ["tokio", "decision", 50, "The daemon moved from async-std to tokio; async-std is no longer a dependency."],
    ["spawn", "convention", 130, "Long blocking work goes through spawn_blocking, never inside an async task."],
    ["channels", "fact", 110, "The watcher and the uploader talk over a bounded channel of 256 events."],
  ],
  { supersede: [["tokio", "async-std"]] },
);

family(
  "ferry-errors",
  "ferry",
  [
    ["anyhow", "decision", 180, "Error handling: thiserror in the library crates, anyhow only in the CLI binary."],
    ["anyhow2", "convention", 35, "Library crates define their errors with thiserror; anyhow is allowed only in the ferry-cli binary crate."],
    ["context", "convention", 100, "Add .context() with the file path to every I/O error in the CLI."],
    ["logs", "convention", 90, "Log with tracing macros, never println! outside the CLI's output module."],
  ],
  { merge: [["anyhow", "anyhow2"]] },
);

family(
  "ferry-tests",
  "ferry",
  [
    ["unit", "procedure", 140, "Run the unit tests with cargo test --workspace."],
    ["integ", "procedure", 130, "Run the integration tests with cargo test -p ferry-daemon --test sync -- --test-threads=1; they share a temp directory."],
    ["nextest", "decision", 30, "Tests run with cargo nextest run --workspace now; plain cargo test is too slow for the sync suite."],
    ["snapshots", "procedure", 70, "After changing CLI output, review the snapshots with cargo insta review and commit them."],
  ],
  { supersede: [["nextest", "unit"]] },
);

family(
  "ferry-config",
  "ferry",
  [
    ["path", "fact", 160, "The daemon reads its configuration from ~/.config/ferry/config.toml."],
    ["interval", "fact", 150, "The sync interval defaults to 30 seconds."],
    ["interval-new", "fact", 15, "The sync interval defaults to 10 seconds."],
    ["ignore", "fact", 120, "Ignore patterns are read from a .ferryignore file at the root of each synced folder."],
    ["ignore2", "fact", 40, "Each synced folder can have a .ferryignore at its root; its patterns use gitignore syntax."],
  ],
  { supersede: [["interval-new", "interval"]], merge: [["ignore", "ignore2"]] },
);

family(
  "ferry-pr",
  "ferry",
  [
    ["one", "convention", 170, "One pull request per change; do not mix a refactor with a feature."],
    ["discuss", "convention", 160, "Open an issue to discuss a change that is not straightforward before writing the code."],
    ["discuss2", "convention", 20, "For anything bigger than a small fix, discuss it in an issue first, before sending code."],
    ["template", "convention", 90, "Fill in the pull request template, including the checklist."],
  ],
  { merge: [["discuss", "discuss2"]] },
);

family("ferry-procedures", "ferry", [
  [
    "add-backend",
    "procedure",
    100,
    "To add a storage backend: implement the Backend trait in crates/backends/src, register it in backends::registry and add it to the docs table.",
  ],
  [
    "add-command",
    "procedure",
    95,
    "To add a CLI command: add a variant to the Command enum in crates/cli/src/args.rs, handle it in main.rs and add it to the docs table.",
  ],
  [
    "add-setting",
    "procedure",
    85,
    "To add a config setting: add the field to Config in crates/core/src/config.rs, give it a default and add it to the docs table.",
  ],
  ["add-event", "procedure", 80, "To add a watcher event: add a variant to Event in crates/core/src/event.rs, map it in the uploader and add a test."],
]);

family(
  "ferry-stale",
  "ferry",
  [
    ["old-proto", "fact", 200, "The wire protocol is defined in crates/core/src/proto_v1.rs."],
    ["old-script", "procedure", 190, "Regenerate the man pages with scripts/gen_man.sh after changing CLI flags."],
    ["live", "fact", 60, "The wire protocol messages are in crates/core/src/proto.rs."],
  ],
  { stale: ["old-proto", "old-script"], deleted: ["crates/core/src/proto_v1.rs", "scripts/gen_man.sh"] },
);

family("ferry-deps", "ferry", [
  ["audit", "procedure", 150, "Run cargo deny check before adding a dependency; it checks licenses and advisories."],
  ["features", "convention", 140, "Turn off default features of new dependencies unless we need them."],
  ["features-rule", "convention", 25, "Turn off default features of new dependencies unless we need them, and never add a dependency that pulls in openssl."],
  ["workspace-deps", "convention", 110, "Shared dependency versions live in [workspace.dependencies] of the root Cargo.toml."],
]);

family(
  "ferry-ci",
  "ferry",
  [
    ["travis", "fact", 260, "CI runs on Travis CI."],
    ["actions", "fact", 40, "CI is GitHub Actions, in .github/workflows/ci.yml."],
    ["matrix", "fact", 35, "The CI matrix builds on Linux, macOS and Windows."],
    ["cache", "fact", 30, "CI caches the target directory with Swatinem/rust-cache."],
  ],
  { supersede: [["actions", "travis"]] },
);

family(
  "ferry-docs",
  "ferry",
  [
    ["readme", "convention", 150, "The README is generated from the crate docs in src/lib.rs; do not edit README.md by hand."],
    ["readme2", "convention", 30, "README.md comes from the lib.rs crate docs (cargo readme), so edit the docs there and regenerate it."],
    ["doc-tests", "convention", 120, "Public functions get a doc comment with an example that runs as a doc test."],
    ["links", "convention", 70, "Use intra-doc links like [`Config`] instead of URLs to docs.rs."],
  ],
  { merge: [["readme", "readme2"]] },
);

// =============================================================================================
// clinic: a Django booking app for a physiotherapy clinic, uv-managed (English)
// =============================================================================================

family(
  "clinic-uv",
  "clinic",
  [
    ["uv", "directive", 180, "Use uv run for every management command, e.g. uv run python manage.py migrate."],
    ["uv2", "directive", 25, "Always go through uv run for manage.py commands (runserver, migrate, shell) so the project venv is used."],
    ["pip", "constraint", 170, "Never pip install into the system Python; add dependencies with uv add."],
    ["lock", "convention", 100, "Commit uv.lock whenever pyproject.toml changes."],
  ],
  { merge: [["uv", "uv2"]] },
);

family(
  "clinic-tests",
  "clinic",
  [
    ["pytest", "procedure", 170, "Run the tests with uv run pytest; target one app with uv run pytest bookings/ to keep runs fast."],
    ["pytest2", "procedure", 30, "Tests: uv run pytest, or uv run pytest <app>/ to run only one app's tests quickly."],
    ["coverage", "constraint", 140, "Coverage must stay at or above 80 percent."],
    ["coverage-new", "constraint", 20, "Coverage must stay at or above 90 percent."],
    ["factories", "convention", 120, "Build test data with factory_boy factories in each app's tests/factories.py, not fixtures."],
  ],
  { merge: [["pytest", "pytest2"]], supersede: [["coverage-new", "coverage"]] },
);

family(
  "clinic-migrations",
  "clinic",
  [
    ["makemigrations", "procedure", 160, "After changing a model, run uv run python manage.py makemigrations and commit the generated migration."],
    ["include", "convention", 50, "Model changes must ship with their migration files in the same pull request."],
    ["fresh", "procedure", 140, "Before merging, test migrations on a fresh database and on a copy of the previous release's database."],
    ["squash", "convention", 90, "Never edit a migration that is already on main; add a new one."],
    ["squash2", "convention", 15, "Migrations that have been merged to main are immutable: write a new migration instead of changing one."],
  ],
  { merge: [["squash", "squash2"]] },
);

family(
  "clinic-settings",
  "clinic",
  [
    ["env", "convention", 190, "Settings come from environment variables through django-environ; no secrets in settings files."],
    ["env2", "convention", 40, "Read every setting from the environment (django-environ); settings modules must not contain secrets."],
    ["split", "fact", 180, "Settings are split into clinic/settings/base.py, dev.py and prod.py."],
    ["debug", "constraint", 120, "DEBUG must be False in prod.py."],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "clinic-db",
  "clinic",
  [
    ["pg", "fact", 200, "The database is PostgreSQL 14."],
    ["pg16", "fact", 20, "The database is PostgreSQL 16."],
    ["conn", "fact", 150, "CONN_MAX_AGE is 60 seconds in production."],
    ["sqlite-tests", "fact", 110, "Tests run against PostgreSQL too, never SQLite, because the bookings use exclusion constraints."],
  ],
  { supersede: [["pg16", "pg"]] },
);

family(
  "clinic-tasks",
  "clinic",
  [
    ["celery", "decision", 210, "Background jobs (reminder emails, invoice PDFs) run on Celery with Redis as the broker."],
    ["dramatiq", "decision", 30, "Background jobs run on Dramatiq now; the Celery workers and their beat schedule are gone."],
    ["reminders", "fact", 150, "Appointment reminders are sent 24 hours before the appointment."],
    ["reminders-new", "fact", 20, "Appointment reminders are sent 48 hours before the appointment."],
  ],
  {
    supersede: [
      ["dramatiq", "celery"],
      ["reminders-new", "reminders"],
    ],
  },
);

family(
  "clinic-style",
  "clinic",
  [
    ["ruff", "procedure", 150, "Lint and format with uv run ruff check --fix and uv run ruff format."],
    ["black", "decision", 260, "Code is formatted with black and isort."],
    ["types", "convention", 140, "Type-annotate every function and use list[str] and X | None rather than typing.List and Optional."],
    ["types2", "convention", 30, "All functions carry type annotations, with built-in generics (dict[str, int]) and | None for optionals."],
  ],
  { supersede: [["ruff", "black"]], merge: [["types", "types2"]] },
);

family("clinic-apps", "clinic", [
  ["own", "convention", 170, "Each Django app owns its models and logic; do not import another app's models in views."],
  ["services", "convention", 160, "Business logic lives in services.py of the app, not in views or serializers."],
  ["signals", "convention", 80, "Avoid Django signals for business logic; call the service explicitly."],
  ["signals-never", "convention", 20, "Avoid Django signals for business logic; call the service explicitly, and never send emails from a model's save()."],
]);

family(
  "clinic-admin-procedures",
  "clinic",
  [
    [
      "therapist",
      "procedure",
      100,
      "To add a therapist: open the Django admin, go to Staff > Therapists, click Add, fill in the name and specialties and save.",
    ],
    ["room", "procedure", 95, "To add a treatment room: open the Django admin, go to Clinic > Rooms, click Add, fill in the name and equipment and save."],
    ["holiday", "procedure", 90, "To block a holiday: open the Django admin, go to Calendar > Closures, click Add, pick the dates and save."],
    ["refund", "procedure", 85, "To refund a booking: open the Django admin, go to Payments > Charges, select the charge, choose Refund and confirm."],
    ["therapist2", "procedure", 20, "Adding a therapist: Django admin, Staff > Therapists, Add, then enter the name and specialties and save it."],
  ],
  { merge: [["therapist", "therapist2"]] },
);

family(
  "clinic-api",
  "clinic",
  [
    ["drf", "fact", 180, "The public API is Django REST Framework under /api/v1/."],
    ["pagination", "convention", 170, "List endpoints paginate with a page size of 20."],
    ["pagination-new", "convention", 25, "List endpoints paginate with a page size of 50."],
    ["auth", "fact", 160, "API clients authenticate with a token in the Authorization header."],
    ["throttle", "constraint", 60, "Anonymous API calls are throttled to 100 a day."],
  ],
  { supersede: [["pagination-new", "pagination"]] },
);

family(
  "clinic-frontend",
  "clinic",
  [
    ["assets", "convention", 150, "Uncompiled CSS and JS live in assets/; build output goes to static/ and is not committed."],
    ["build-css", "procedure", 140, "Rebuild the CSS with npm run build:css after changing assets/."],
    ["htmx", "decision", 130, "Interactive pages use htmx partials instead of a single-page app."],
    ["htmx2", "decision", 20, "We render interactivity with htmx and server-side partial templates, not a JavaScript SPA."],
  ],
  { merge: [["htmx", "htmx2"]] },
);

family(
  "clinic-stale",
  "clinic",
  [
    ["old-tasks", "fact", 210, "The reminder job is in bookings/tasks.py."],
    ["old-fixture", "procedure", 200, "Load the demo data with uv run python manage.py loaddata fixtures/demo.json."],
    ["live", "fact", 30, "The reminder actor is in bookings/actors.py."],
  ],
  { stale: ["old-tasks", "old-fixture"], deleted: ["bookings/tasks.py", "fixtures/demo.json"] },
);

family(
  "clinic-docs",
  "clinic",
  [
    ["admindocs", "convention", 160, "App documentation lives in Django admindocs; do not create per-app README files."],
    ["decisions", "convention", 140, "Architecture notes and decision records go in docs/decisions/, one file per decision."],
    ["update", "convention", 60, "Update docs/ in the same pull request when behaviour or a workflow changes."],
    ["update2", "convention", 15, "When a change alters behaviour or a workflow, the docs/ update belongs in the same pull request."],
  ],
  { merge: [["update", "update2"]] },
);

// =============================================================================================
// infra: Terraform for the company's AWS accounts (English)
// =============================================================================================

family(
  "infra-fmt",
  "infra",
  [
    ["fmt", "procedure", 180, "Run terraform fmt -recursive and terraform validate before committing."],
    ["fmt2", "procedure", 30, "Before every commit: terraform fmt -recursive, then terraform validate in each changed module."],
    ["tflint", "procedure", 120, "Run tflint in a module after changing its variables."],
    ["docs", "procedure", 100, "Regenerate a module's README with terraform-docs after changing its inputs or outputs."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "infra-secrets",
  "infra",
  [
    ["secrets", "constraint", 200, "Never hardcode secret values in .tf files; use variables and AWS Secrets Manager."],
    ["secrets2", "constraint", 40, "Secrets never go into .tf files: pass them as variables or read them from Secrets Manager."],
    ["tfvars", "constraint", 150, "Do not commit *.tfvars files that hold real values; only *.tfvars.example."],
    ["state-sensitive", "fact", 90, "Terraform state holds sensitive values, so the state bucket is encrypted and private."],
  ],
  { merge: [["secrets", "secrets2"]] },
);

family(
  "infra-backend",
  "infra",
  [
    ["dynamo", "fact", 250, "State is stored in the S3 bucket acme-tf-state with locking through the DynamoDB table tf-locks."],
    ["lockfile", "decision", 35, "State locking now uses the S3 native lockfile (use_lockfile = true); the DynamoDB lock table was deleted."],
    ["backend-rule", "constraint", 180, "Do not change backend.tf unless the task explicitly asks for it."],
    ["per-env", "fact", 170, "Each environment has its own state file: dev/terraform.tfstate, staging/terraform.tfstate and prod/terraform.tfstate."],
  ],
  { supersede: [["lockfile", "dynamo"]] },
);

family(
  "infra-versions",
  "infra",
  [
    ["tf", "constraint", 230, "required_version is >= 1.5 in every root module."],
    ["tf-new", "constraint", 30, "required_version is >= 1.9 in every root module."],
    ["aws", "convention", 220, "Pin the AWS provider to ~> 4.0."],
    ["aws-new", "convention", 40, "Pin the AWS provider to ~> 5.0."],
    ["lock", "convention", 100, "Commit .terraform.lock.hcl for every root module."],
  ],
  {
    supersede: [
      ["tf-new", "tf"],
      ["aws-new", "aws"],
    ],
  },
);

family(
  "infra-tags",
  "infra",
  [
    ["tags", "convention", 190, "Every resource carries the tags Team, Environment and ManagedBy, set through locals.common_tags."],
    ["tags2", "convention", 45, "Tag all resources with Team, Environment and ManagedBy; merge locals.common_tags into each resource's tags."],
    ["cost", "convention", 60, "Tag all resources with Team, Environment and ManagedBy, and never create a resource without a CostCenter tag."],
    ["naming", "convention", 180, "Resource names use snake_case; file names use kebab-case."],
  ],
  { merge: [["tags", "tags2"]] },
);

family(
  "infra-plan",
  "infra",
  [
    ["plan", "procedure", 200, "Always run terraform plan and read it before terraform apply."],
    ["plan2", "procedure", 35, "Never apply without first reviewing the output of terraform plan."],
    ["prod-apply", "constraint", 170, "Only CI applies to prod; humans apply to dev only."],
    ["prod-apply-new", "constraint", 20, "Only CI applies to prod and staging; humans apply to dev only."],
    ["blast", "convention", 90, "A pull request that changes infra states which resources will be replaced or destroyed."],
  ],
  { merge: [["plan", "plan2"]], supersede: [["prod-apply-new", "prod-apply"]] },
);

family(
  "infra-modules",
  "infra",
  [
    ["layout", "convention", 190, "A module has main.tf, variables.tf and outputs.tf; reusable modules live in modules/."],
    ["vars", "convention", 180, "Every variable has a description and a type; add a validation block for enums."],
    ["outputs", "convention", 170, "Every output has a description."],
    ["one-thing", "convention", 60, "A module does one thing; networking and compute are separate modules."],
    ["one-thing2", "convention", 15, "Keep modules single-purpose: do not put the VPC and the ECS services in one module."],
  ],
  { merge: [["one-thing", "one-thing2"]] },
);

family("infra-procedures", "infra", [
  [
    "new-env",
    "procedure",
    110,
    "To add an environment: copy envs/dev to envs/<name>, set its backend key and CIDR in backend.tf and terraform.tfvars, then plan.",
  ],
  [
    "new-account",
    "procedure",
    105,
    "To add an AWS account: add it to the organization module, create its state bucket with the bootstrap module, then add a provider alias.",
  ],
  ["new-service", "procedure", 100, "To add an ECS service: call modules/ecs-service from the environment, set the image, CPU and memory, then plan."],
  ["new-queue", "procedure", 95, "To add an SQS queue: call modules/queue from the environment, set the name and dead-letter queue, then plan."],
]);

family(
  "infra-region",
  "infra",
  [
    ["region", "fact", 240, "Everything runs in eu-west-1."],
    ["region-new", "fact", 30, "Everything runs in eu-central-1 since the migration; eu-west-1 only keeps the old backups."],
    ["azs", "fact", 230, "The VPCs span three availability zones."],
    ["cidr", "fact", 200, "The prod VPC CIDR is 10.20.0.0/16."],
  ],
  { supersede: [["region-new", "region"]] },
);

family(
  "infra-ci",
  "infra",
  [
    ["atlantis", "fact", 220, "Plans run in Atlantis on every pull request; comment atlantis apply to apply."],
    ["gha", "fact", 25, "Plans run in GitHub Actions on every pull request and the apply job runs after merge; Atlantis was shut down."],
    ["checkov", "procedure", 120, "CI runs checkov on every changed module; fix its findings or add a skip comment with a reason."],
    ["checkov2", "procedure", 30, "Checkov scans each changed module in CI: fix what it reports or skip the check with a comment explaining why."],
  ],
  { supersede: [["gha", "atlantis"]], merge: [["checkov", "checkov2"]] },
);

family(
  "infra-stale",
  "infra",
  [
    ["old-bootstrap", "procedure", 260, "Bootstrap a new account with scripts/bootstrap.sh."],
    ["old-module", "fact", 250, "The bastion host is defined in modules/bastion/main.tf."],
    ["live", "fact", 40, "Access to instances goes through SSM Session Manager; there is no bastion host."],
  ],
  { stale: ["old-bootstrap", "old-module"], deleted: ["scripts/bootstrap.sh", "modules/bastion/main.tf"] },
);

family(
  "infra-iam",
  "infra",
  [
    ["least", "constraint", 170, "IAM policies grant the least privilege; no wildcard actions."],
    ["least2", "constraint", 30, 'Do not write IAM policies with Action = "*"; grant only the actions the service needs.'],
    ["lifecycle", "convention", 140, "Stateful resources (RDS, S3 buckets with data) set lifecycle { prevent_destroy = true }."],
    ["roles", "convention", 100, "Each ECS service gets its own task role."],
  ],
  { merge: [["least", "least2"]] },
);

// =============================================================================================
// shop-admin: a Vue 3 + Vite admin console for an online shop (Chinese)
// =============================================================================================

family(
  "shop-naming",
  "shop-admin",
  [
    ["components", "convention", 190, "components 下的组件文件夹和文件名都用大驼峰命名，例如 GlobalHeader/GlobalHeader.vue。"],
    ["components2", "convention", 40, "公共组件统一使用 PascalCase 命名，文件夹和 .vue 文件名保持一致，如 OrderTable/OrderTable.vue。"],
    ["views", "convention", 180, "views 下的页面文件夹按业务模块命名，首字母小写驼峰，如 orderList。"],
    ["methods", "convention", 170, "事件处理方法以 on 开头，例如 onStatusChange、onKeywordInput。"],
  ],
  { merge: [["components", "components2"]] },
);

family(
  "shop-api",
  "shop-admin",
  [
    ["api-dir", "convention", 200, "所有接口请求都放在 src/api 目录，按业务模块分文件，页面里不直接写 axios。"],
    ["api-dir2", "convention", 30, "页面组件不要直接调用 axios，接口统一在 src/api 下按模块封装后再引用。"],
    ["http", "fact", 190, "axios 的二次封装和全局拦截器在 src/http/request.ts。"],
    ["timeout", "fact", 150, "请求超时时间是 5 秒。"],
    ["timeout-new", "fact", 20, "请求超时时间改为 15 秒，导出报表的接口比较慢。"],
  ],
  { merge: [["api-dir", "api-dir2"]], supersede: [["timeout-new", "timeout"]] },
);

family(
  "shop-ui",
  "shop-admin",
  [
    ["element", "decision", 240, "后台界面使用 Element Plus 组件库。"],
    ["naive", "decision", 30, "组件库从 Element Plus 迁移到 Naive UI，新页面不要再引入 Element Plus。"],
    ["icons", "convention", 150, "图标统一使用 @vicons 图标包，不要自己放 svg 文件。"],
    ["theme", "fact", 140, "主题色是 #1677ff。"],
  ],
  { supersede: [["naive", "element"]] },
);

family(
  "shop-state",
  "shop-admin",
  [
    ["vuex", "decision", 260, "全局状态用 Vuex 管理，模块放在 src/store/modules。"],
    ["pinia", "decision", 35, "全局状态改用 Pinia，每个 store 一个文件放在 src/stores，不再使用 Vuex。"],
    ["persist", "convention", 120, "需要持久化的状态只存用户偏好，不要把 token 之外的接口数据存进 localStorage。"],
    ["persist2", "convention", 25, "需要持久化的状态只存用户偏好，不要把 token 之外的接口数据存进 localStorage，禁止在 store 里直接调用 axios。"],
  ],
  { supersede: [["pinia", "vuex"]] },
);

family(
  "shop-script-setup",
  "shop-admin",
  [
    ["setup", "convention", 180, '新组件一律使用 <script setup lang="ts"> 写法。'],
    ["setup2", "convention", 30, "组件统一用 script setup 加 TypeScript 编写，不再写 Options API。"],
    ["props", "convention", 170, "props 用 defineProps 定义并写明类型，事件用 defineEmits 声明。"],
    ["emits", "convention", 160, "自定义事件名使用短横线命名，例如 update-status。"],
  ],
  { merge: [["setup", "setup2"]] },
);

family("shop-procedures", "shop-admin", [
  ["add-page", "procedure", 110, "新增页面：在 views 下建模块文件夹，写 index.vue，在 src/router/routes.ts 注册路由，再到菜单配置里加菜单项。"],
  ["add-api", "procedure", 105, "新增接口：在 src/api 对应模块文件里加请求函数，写好请求和返回的类型，再在页面里引用。"],
  ["add-perm", "procedure", 100, "新增按钮权限：在权限表里加权限码，在按钮上加 v-permission 指令，再让后端在角色里勾选。"],
  ["add-dict", "procedure", 95, "新增数据字典：在系统设置的字典管理里加字典类型和字典项，前端用 useDict 取值。"],
]);

family(
  "shop-build",
  "shop-admin",
  [
    ["vite", "fact", 200, "项目用 Vite 构建，开发时运行 pnpm dev，端口 5173。"],
    ["port", "fact", 30, "开发服务器端口改成 3100，5173 和别的项目冲突。"],
    ["env", "convention", 180, "环境变量都以 VITE_ 开头，放在 .env.development 和 .env.production。"],
    ["build", "procedure", 150, "发布前运行 pnpm build，产物在 dist 目录，由运维上传到 OSS。"],
  ],
  { supersede: [["port", "vite"]] },
);

family(
  "shop-lint",
  "shop-admin",
  [
    ["eslint", "procedure", 170, "提交前运行 pnpm lint，ESLint 报错必须修复后才能提交。"],
    ["eslint2", "procedure", 25, "每次提交之前先跑 pnpm lint，有 ESLint 错误就先改掉再提交。"],
    ["husky", "fact", 160, "husky 的 pre-commit 钩子会对暂存的文件运行 lint-staged。"],
    ["stylelint", "procedure", 90, "修改样式后运行 pnpm lint:style 检查 SCSS。"],
  ],
  { merge: [["eslint", "eslint2"]] },
);

family(
  "shop-table",
  "shop-admin",
  [
    ["pagesize", "convention", 190, "列表页默认每页 20 条。"],
    ["pagesize-new", "convention", 20, "列表页默认每页 50 条。"],
    ["search", "convention", 180, "列表页的查询条件放在表格上方，点击查询按钮才请求，不要输入时就请求。"],
    ["search2", "convention", 30, "筛选表单放在表格上面，只在用户点查询时发请求，输入过程中不触发请求。"],
  ],
  { supersede: [["pagesize-new", "pagesize"]], merge: [["search", "search2"]] },
);

family(
  "shop-stale",
  "shop-admin",
  [
    ["old-http", "fact", 280, "请求封装在 src/utils/request.js，拦截器也写在这个文件里。"],
    ["old-mock", "procedure", 260, "本地联调前先运行 node mock/server.js 启动模拟接口。"],
    ["live", "fact", 40, "本地联调直接连测试环境的网关，不再使用本地模拟接口。"],
  ],
  { stale: ["old-http", "old-mock"], deleted: ["src/utils/request.js", "mock/server.js"] },
);

family(
  "shop-css",
  "shop-admin",
  [
    ["scss", "convention", 190, "样式使用 SCSS，组件样式一律加 scoped。"],
    ["tailwind", "decision", 25, "新页面的样式用 Tailwind CSS 的工具类来写，不再新增 SCSS 文件。"],
    ["vars", "convention", 160, "颜色和间距使用 src/styles/variables.scss 里的变量，不要写死。"],
    ["bem", "convention", 150, "全局样式的类名使用 BEM 命名。"],
  ],
  { supersede: [["tailwind", "scss"]] },
);

family(
  "shop-i18n",
  "shop-admin",
  [
    ["i18n", "convention", 150, "界面文案都走 vue-i18n，不要在模板里写死中文。"],
    ["i18n2", "convention", 20, "模板里不要直接写中文文案，统一通过 vue-i18n 的 t() 取翻译。"],
    ["locales", "fact", 140, "语言包在 src/locales 下，有 zh-CN 和 en-US 两份。"],
    ["dates", "convention", 100, "日期统一用 dayjs 格式化成 YYYY-MM-DD HH:mm。"],
  ],
  { merge: [["i18n", "i18n2"]] },
);

// =============================================================================================
// xiaoyuan: a student team's campus Android app (Kotlin) and its collaboration rules (Chinese)
// =============================================================================================

family(
  "xy-branches",
  "xiaoyuan",
  [
    ["branches", "convention", 200, "分支策略：main 只用于发布，dev 是开发分支，功能在 feature/xxx 分支开发。"],
    ["branches2", "convention", 40, "main 分支只放发布版本，日常开发合到 dev，新功能从 dev 拉 feature/功能名 分支。"],
    ["fix-branch", "convention", 190, "修复分支命名为 fix/问题描述。"],
    ["protect", "constraint", 170, "不要直接推送到 main 分支，所有改动通过 Pull Request 合并。"],
  ],
  { merge: [["branches", "branches2"]] },
);

family(
  "xy-commits",
  "xiaoyuan",
  [
    ["prefix", "convention", 210, "提交信息使用 feat、fix、docs、style、refactor、test、chore 前缀。"],
    ["prefix2", "convention", 50, "提交信息遵循 Conventional Commits，开头写类型：feat 新功能，fix 修复，docs 文档。"],
    ["chinese", "convention", 180, "提交说明用中文写清楚改了什么。"],
    ["length", "convention", 120, "提交标题不超过 50 个字。"],
  ],
  { merge: [["prefix", "prefix2"]] },
);

family(
  "xy-review",
  "xiaoyuan",
  [
    ["review", "constraint", 200, "每个 Pull Request 至少需要 1 人 review 才能合并。"],
    ["review-new", "constraint", 30, "每个 Pull Request 至少需要 2 人 review 才能合并。"],
    ["ci", "constraint", 190, "CI 测试通过后才能合并 Pull Request。"],
    ["ci2", "constraint", 35, "CI 测试通过后才能合并 Pull Request，禁止管理员跳过检查强制合并。"],
  ],
  { supersede: [["review-new", "review"]] },
);

family(
  "xy-build",
  "xiaoyuan",
  [
    ["gradle", "procedure", 180, "编译调试包运行 ./gradlew assembleDebug。"],
    ["jdk", "constraint", 200, "编译需要 JDK 11。"],
    ["jdk-new", "constraint", 25, "编译需要 JDK 17。"],
    ["sdk", "fact", 170, "minSdk 是 24，targetSdk 是 34。"],
  ],
  { supersede: [["jdk-new", "jdk"]] },
);

family(
  "xy-network",
  "xiaoyuan",
  [
    ["retrofit", "decision", 190, "网络请求用 Retrofit 加 OkHttp，接口定义放在 data/api 包。"],
    ["baseurl", "fact", 180, "测试环境的接口地址是 https://test.campus-app.cn/api/。"],
    ["baseurl-new", "fact", 20, "测试环境的接口地址是 https://dev.campus-app.cn/api/v2/。"],
    ["token", "convention", 150, "登录 token 存在 EncryptedSharedPreferences，不要存进普通的 SharedPreferences。"],
    ["token2", "convention", 30, "token 只能放在 EncryptedSharedPreferences 里加密保存，普通 SharedPreferences 不行。"],
  ],
  { supersede: [["baseurl-new", "baseurl"]], merge: [["token", "token2"]] },
);

family(
  "xy-ui",
  "xiaoyuan",
  [
    ["xml", "decision", 240, "界面用 XML 布局加 ViewBinding。"],
    ["compose", "decision", 30, "新界面全部用 Jetpack Compose 写，XML 布局只维护旧页面。"],
    ["strings", "convention", 160, "界面文字放在 strings.xml，不要在代码里写死。"],
    ["dp", "convention", 150, "尺寸用 dp，字体大小用 sp。"],
  ],
  { supersede: [["compose", "xml"]] },
);

family("xy-procedures", "xiaoyuan", [
  ["course", "procedure", 110, "新增课表来源：在 data/course 下实现 CourseSource 接口，在 CourseModule 里注册，再加单元测试。"],
  ["notice", "procedure", 105, "新增通知类型：在 data/notice 下加 NoticeType 枚举值，在 NoticeAdapter 里加对应的布局，再加单元测试。"],
  ["canteen", "procedure", 100, "新增食堂：在后台的食堂管理里添加食堂和窗口，上传菜单图片，再发布。"],
  ["library", "procedure", 95, "新增图书馆座位区：在后台的座位管理里添加区域和座位号，设置开放时间，再发布。"],
]);

family(
  "xy-tests",
  "xiaoyuan",
  [
    ["unit", "procedure", 170, "提交前运行 ./gradlew testDebugUnitTest，单元测试全部通过才能提交。"],
    ["unit2", "procedure", 30, "每次提交前先跑一遍 ./gradlew testDebugUnitTest，有失败的测试不要提交。"],
    ["ui-tests", "procedure", 120, "改了登录流程要在模拟器上跑 ./gradlew connectedDebugAndroidTest。"],
    ["mockk", "convention", 110, "单元测试用 MockK 做模拟，不用 Mockito。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "xy-stale",
  "xiaoyuan",
  [
    ["old-util", "fact", 250, "日期工具方法在 app/src/main/java/cn/campus/util/DateUtil.java。"],
    ["old-config", "fact", 240, "混淆规则写在 app/proguard-rules-old.pro。"],
    ["live", "fact", 30, "日期处理统一用 java.time，不再有自己的日期工具类。"],
  ],
  { stale: ["old-util", "old-config"], deleted: ["app/src/main/java/cn/campus/util/DateUtil.java", "app/proguard-rules-old.pro"] },
);

family(
  "xy-release",
  "xiaoyuan",
  [
    ["release", "procedure", 160, "发布新版本：改 versionCode 和 versionName，打 tag v版本号，再运行 ./gradlew assembleRelease。"],
    ["channel", "fact", 150, "安装包发布到学校的应用商店和蒲公英两个渠道。"],
    ["channel-new", "fact", 20, "安装包现在只发布到学校的应用商店，蒲公英渠道已经停用。"],
    ["sign", "constraint", 140, "签名文件 release.jks 不能提交到仓库，由负责人保管。"],
  ],
  { supersede: [["channel-new", "channel"]] },
);

family(
  "xy-docs",
  "xiaoyuan",
  [
    ["readme", "convention", 150, "新功能合并后要在 README 的功能列表里补充说明。"],
    ["comments", "convention", 140, "公共方法要写 KDoc 注释，说明参数和返回值。"],
    ["comments2", "convention", 25, "所有 public 方法都需要 KDoc，把参数和返回值写清楚。"],
    ["wiki", "convention", 100, "接口文档放在仓库的 Wiki 里，不放在代码仓库。"],
  ],
  { merge: [["comments", "comments2"]] },
);

// =============================================================================================
// Background: facts that share a frame but name another subject (never a pair)
// =============================================================================================

["sync", "watch", "upload", "auth"].forEach((name, i) => {
  family(`bg-ferry-${name}`, "ferry", [
    ["crate", "fact", 100 + i, `The ${name} code lives in the ferry-${name} crate under crates/${name}/.`],
    ["owner", "fact", 95 + i, `Changes to the ${name} crate need a review from ${["Ana", "Bo", "Chidi", "Dana"][i]}.`],
  ]);
});

["bookings", "patients", "billing", "staff"].forEach((app, i) => {
  family(`bg-clinic-${app}`, "clinic", [
    ["url", "fact", 100 + i, `The ${app} app's URLs are in ${app}/urls.py under /${app}/.`],
    ["model", "fact", 95 + i, `The main model of the ${app} app is ${["Booking", "Patient", "Invoice", "Therapist"][i]}.`],
  ]);
});

["network", "ecs", "rds", "cdn"].forEach((mod, i) => {
  family(`bg-infra-${mod}`, "infra", [
    ["dir", "fact", 100 + i, `The ${mod} module is in modules/${mod}/ and is owned by the ${["platform", "platform", "data", "web"][i]} team.`],
  ]);
});

["订单", "商品", "会员", "优惠券"].forEach((mod, i) => {
  family(`bg-shop-${i}`, "shop-admin", [
    ["view", "fact", 100 + i, `${mod}管理页面在 src/views/${["order", "product", "member", "coupon"][i]}/index.vue。`],
    ["api", "fact", 95 + i, `${mod}相关接口在 src/api/${["order", "product", "member", "coupon"][i]}.ts。`],
  ]);
});

["课表", "通知", "食堂", "图书馆"].forEach((mod, i) => {
  family(`bg-xy-${i}`, "xiaoyuan", [
    ["pkg", "fact", 100 + i, `${mod}模块的代码在 ${["course", "notice", "canteen", "library"][i]} 包下，由${["小王", "小李", "小张", "小陈"][i]}负责。`],
  ]);
});

export const BLIND_FAMILIES_R4 = families;

export const halfOfR4 = halfOf;
