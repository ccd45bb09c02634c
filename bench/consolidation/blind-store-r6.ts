/**
 * The round-six blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule of this pass was changed (this file was committed alone, labels
 * included, before the first rule change), because the r3, r4 and r5 frozen halves have all been
 * scored more than once.
 *
 * Four projects with vocabulary not used in the earlier sets: a Rust terminal SQL client (sqlterm),
 * a Django web app run with uv (ledgerly), a Terraform module for S3 buckets (bucketmod), and a
 * Chinese Vue 3 front end (qingyun). Their rules are modelled on what public repositories write
 * (read through the search tools, not copied):
 * - "cargo fmt --all before committing; cargo clippy --all --all-targets -- -D warnings before
 *   pushing" — CLAUDE.md of fcoury/tsql @ 676757f5dd5e977f37d9fdb688580d0dcc01c89d;
 * - "uv run ruff format / ruff check / ty check / pytest; makemigrations; migrate; a qcluster
 *   worker" — justfile of nkantar/Starminder @ 27cdaf59027f09c6a2ccc0daa07beda3c5c8e8b3;
 * - "pre-commit with tflint, checkov, detect-secrets and terraform-docs; a secrets baseline;
 *   open an issue before a major change" — CONTRIBUTING.md of jdxlabs/terraform-s3-module @
 *   44f3a09eb95f75383e27454395abede971b144cf;
 * - Chinese: "commit messages follow Conventional Commits, checked by husky and commitlint; eslint
 *   with Standard style; components named in PascalCase, used in kebab-case in templates" —
 *   CONTRIBUTING.md of 706YouthSpace/706platform-touch @ 16b1979b86153b61babadc4a1237600b859902b8;
 *   "2-space indent; branches feature/…, fix/…, optimize/…; feat/fix/docs/style/refactor/test/chore"
 *   — CONTRIBUTING.md of Eternity-Sky/OI @ e4b2a6f93250e6d3ffe441f115ec2945fd015513.
 * None of those sources was used to tune a rule.
 *
 * Labels (written before the code was run on this set), as in blind-store-r5.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim; a group of three lists its three pairs;
 * - `supersede` [newer, older]: the same setting or choice with a changed value, an explicit
 *   replacement (with or without a cue word), or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures with
 * different steps, a memory adding a rule, the same topic with a different claim, and the same
 * setting with a different scope (staging vs production, tests vs CI, one module vs another).
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r6:" + id),
 * even -> tuning, odd -> frozen (`halfOfR6`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r6");

// =============================================================================================
// sqlterm: a Rust terminal SQL client (English)
// =============================================================================================

family(
  "sqlterm-fmt",
  "sqlterm",
  [
    ["fmt", "procedure", 180, "Run cargo fmt --all before every commit."],
    ["fmt2", "procedure", 40, "Always format with cargo fmt --all before you commit anything."],
    ["clippy", "procedure", 170, "Before pushing, run cargo clippy --all --all-targets -- -D warnings and fix every lint."],
    ["test", "procedure", 150, "Before pushing, run cargo test --all and make sure nothing is ignored by accident."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "sqlterm-clippy",
  "sqlterm",
  [
    ["deny", "convention", 160, "Clippy warnings are errors in CI (-D warnings)."],
    ["deny2", "convention", 25, "CI runs clippy with -D warnings, so any clippy warning fails the build."],
    ["pedantic", "convention", 90, "clippy::pedantic is allowed to warn locally but is not enforced in CI."],
  ],
  { merge: [["deny", "deny2"]] },
);

family(
  "sqlterm-msrv",
  "sqlterm",
  [
    ["msrv", "constraint", 210, "The minimum supported Rust version is 1.74; rust-version in Cargo.toml says so."],
    ["msrv-new", "constraint", 30, "The minimum supported Rust version is 1.80; rust-version in Cargo.toml says so."],
    ["edition", "fact", 200, "The crate uses the 2021 edition."],
    ["edition-new", "fact", 15, "The crate moved to the 2024 edition."],
  ],
  {
    supersede: [
      ["msrv-new", "msrv"],
      ["edition-new", "edition"],
    ],
  },
);

family(
  "sqlterm-tui",
  "sqlterm",
  [
    ["tui", "decision", 230, "The terminal UI is drawn with tui-rs and crossterm."],
    ["ratatui", "decision", 60, "The terminal UI is drawn with ratatui (the maintained fork of tui-rs) and crossterm."],
    ["keymap", "fact", 120, "Key bindings are defined in src/keymap.rs and follow vim motions."],
    ["keymap2", "fact", 35, "src/keymap.rs holds the key bindings, which follow vim-style motions (hjkl, gg, G)."],
  ],
  { supersede: [["ratatui", "tui"]], merge: [["keymap", "keymap2"]] },
);

family(
  "sqlterm-drivers",
  "sqlterm",
  [
    ["pg", "fact", 200, "Postgres connections go through tokio-postgres."],
    ["sqlx", "decision", 40, "All database drivers now go through sqlx; tokio-postgres and rusqlite were removed."],
    ["sqlite", "fact", 190, "SQLite connections go through rusqlite with the bundled feature."],
    ["mysql", "fact", 80, "MySQL support is behind the mysql cargo feature and is off by default."],
  ],
  {
    supersede: [
      ["sqlx", "pg"],
      ["sqlx", "sqlite"],
    ],
  },
);

family(
  "sqlterm-errors",
  "sqlterm",
  [
    ["anyhow", "convention", 170, "The binary uses anyhow for errors; library modules define their own error enums with thiserror."],
    ["anyhow2", "convention", 45, "Library code returns typed errors made with thiserror, and only the binary (main.rs and the app loop) uses anyhow."],
    ["unwrap", "constraint", 150, "No unwrap() or expect() outside tests; propagate the error with ?."],
    ["context", "convention", 70, 'Add .context("...") to every ? in the binary so the user sees what failed.'],
  ],
  { merge: [["anyhow", "anyhow2"]] },
);

family(
  "sqlterm-config",
  "sqlterm",
  [
    ["path", "fact", 180, "The config file is ~/.config/sqlterm/config.toml."],
    ["path2", "fact", 50, "sqlterm reads its settings from config.toml in ~/.config/sqlterm/."],
    ["conn", "fact", 140, "Saved connections are stored in ~/.config/sqlterm/connections.toml, without passwords."],
    ["keyring", "decision", 100, "Passwords of saved connections are kept in the OS keyring through the keyring crate."],
  ],
  { merge: [["path", "path2"]] },
);

family(
  "sqlterm-history",
  "sqlterm",
  [
    ["hist", "fact", 160, "Query history keeps the last 500 queries."],
    ["hist-new", "fact", 20, "Query history keeps the last 2000 queries."],
    ["histfile", "fact", 130, "Query history is saved to ~/.local/share/sqlterm/history.sqlite."],
    ["redact", "constraint", 90, "Queries containing the word PASSWORD are never written to the history."],
  ],
  { supersede: [["hist-new", "hist"]] },
);

family("sqlterm-procs", "sqlterm", [
  [
    "add-driver",
    "procedure",
    120,
    "To add a database driver: implement the Driver trait in src/db/<name>.rs, register it in src/db/mod.rs, and add an integration test under tests/<name>.rs.",
  ],
  [
    "add-pane",
    "procedure",
    110,
    "To add a pane: implement the Pane trait in src/ui/<name>.rs, register it in src/ui/layout.rs, and add a snapshot test with insta.",
  ],
  [
    "add-command",
    "procedure",
    100,
    "To add a colon command: add a variant to Command in src/command.rs, parse it in src/command/parse.rs, and add a unit test for the parser.",
  ],
]);

family(
  "sqlterm-snapshots",
  "sqlterm",
  [
    ["insta", "convention", 150, "UI rendering is tested with insta snapshots in tests/snapshots/."],
    ["review", "procedure", 60, "After a UI change, review new snapshots with cargo insta review before committing."],
    ["review2", "procedure", 20, "When snapshots change, run cargo insta review and accept or reject each one before you commit."],
    ["ci-snap", "convention", 40, "CI runs with INSTA_UPDATE=no so a missing snapshot fails the build."],
  ],
  { merge: [["review", "review2"]] },
);

family(
  "sqlterm-release",
  "sqlterm",
  [
    ["dist", "procedure", 140, "Releases are built by cargo-dist from the tag and uploaded to the GitHub release."],
    ["bump", "procedure", 130, "To release: bump the version in Cargo.toml, update CHANGELOG.md, tag vX.Y.Z and push the tag."],
    ["publish", "procedure", 90, "To publish the crate: run cargo publish --dry-run, then cargo publish from a clean checkout of the tag."],
    ["brew", "procedure", 50, "After a release, update the Homebrew formula in the homebrew-tap repository with the new sha256."],
  ],
  {},
);

family(
  "sqlterm-async",
  "sqlterm",
  [
    ["tokio", "decision", 200, "The async runtime is tokio with the multi-threaded scheduler."],
    ["tokio-ct", "decision", 25, "The async runtime is tokio with the current-thread scheduler; the UI loop does not need more threads."],
    ["blocking", "constraint", 110, "Never block inside the UI loop; long queries run on a spawned task and send results over a channel."],
  ],
  { supersede: [["tokio-ct", "tokio"]] },
);

family(
  "sqlterm-timeouts",
  "sqlterm",
  [
    ["qt", "fact", 150, "Queries time out after 30 seconds by default."],
    ["ct", "fact", 140, "Connecting to a database times out after 10 seconds by default."],
    ["qt-test", "fact", 70, "Integration tests set the query timeout to 5 seconds."],
  ],
  {},
);

family(
  "sqlterm-unsafe",
  "sqlterm",
  [
    ["forbid", "constraint", 190, "The crate has #![forbid(unsafe_code)]; no unsafe blocks anywhere."],
    ["forbid2", "constraint", 30, "unsafe code is forbidden in this crate (#![forbid(unsafe_code)] in lib.rs)."],
    ["deps", "convention", 100, "New dependencies need a line in the PR saying why, and cargo deny check must pass."],
  ],
  { merge: [["forbid", "forbid2"]] },
);

family(
  "sqlterm-export",
  "sqlterm",
  [
    ["csv", "fact", 130, "Results can be exported to CSV with :export file.csv."],
    ["json", "fact", 60, "Results can be exported to JSON with :export file.json; each row becomes an object."],
    ["csv-sep", "fact", 40, "CSV export uses a comma as separator and quotes every field that contains one."],
  ],
  {},
);

// =============================================================================================
// ledgerly: a Django bookkeeping web app run with uv (English)
// =============================================================================================

family(
  "ledgerly-ruff",
  "ledgerly",
  [
    ["fmt", "procedure", 170, "Format with uv run ruff format . before committing."],
    ["fmt2", "procedure", 30, "Before each commit, run uv run ruff format . to format the code."],
    ["lint", "procedure", 160, "Lint with uv run ruff check . and fix what it reports before committing."],
    ["fix", "procedure", 60, "uv run ruff check . --fix repairs most lint errors automatically; review the diff afterwards."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "ledgerly-typecheck",
  "ledgerly",
  [
    ["mypy", "decision", 200, "Type checking uses mypy with the django-stubs plugin."],
    ["ty", "decision", 35, "We replaced mypy with ty for type checking: uv run ty check ."],
    ["strict", "convention", 100, "New modules must type-check without any ignore comments."],
  ],
  { supersede: [["ty", "mypy"]] },
);

family(
  "ledgerly-deps",
  "ledgerly",
  [
    ["pip", "decision", 230, "Dependencies are listed in requirements.txt and installed with pip install -r requirements.txt."],
    ["uv", "decision", 50, "Dependencies are managed with uv now: pyproject.toml and uv.lock; requirements.txt was deleted."],
    ["sync", "procedure", 45, "After pulling, run uv sync to install exactly what uv.lock pins."],
    ["sync2", "procedure", 20, "Run uv sync after every pull so the virtualenv matches uv.lock."],
  ],
  { supersede: [["uv", "pip"]], merge: [["sync", "sync2"]] },
);

family(
  "ledgerly-python",
  "ledgerly",
  [
    ["py", "constraint", 200, "The app runs on Python 3.11."],
    ["py-new", "constraint", 25, "The app runs on Python 3.12."],
    ["django", "fact", 180, "The app is on Django 4.2 LTS."],
    ["django-new", "fact", 20, "The app is on Django 5.2 LTS."],
  ],
  {
    supersede: [
      ["py-new", "py"],
      ["django-new", "django"],
    ],
  },
);

family(
  "ledgerly-migrations",
  "ledgerly",
  [
    ["make", "procedure", 170, "After changing a model, run uv run python manage.py makemigrations and commit the migration file."],
    ["make2", "procedure", 40, "Any model change needs a migration: run manage.py makemigrations and commit the new file with the change."],
    ["squash", "convention", 120, "Never edit a migration that is already on main; add a new one instead."],
    ["names", "convention", 80, "Give migrations a descriptive name with makemigrations --name, e.g. add_invoice_due_date."],
    ["check", "procedure", 50, "CI runs manage.py makemigrations --check --dry-run and fails if a model change has no migration."],
  ],
  { merge: [["make", "make2"]] },
);

family(
  "ledgerly-tests",
  "ledgerly",
  [
    ["pytest", "convention", 180, "Tests run with pytest and pytest-django: uv run pytest."],
    ["pytest2", "convention", 60, "Use uv run pytest to run the test suite (pytest-django is configured in pyproject.toml)."],
    ["factory", "convention", 140, "Test data is built with factory_boy factories in tests/factories.py, never with fixtures."],
    ["db", "convention", 90, "Tests that touch the database are marked with @pytest.mark.django_db."],
    ["reuse", "procedure", 40, "Run uv run pytest --reuse-db locally to skip recreating the test database."],
  ],
  { merge: [["pytest", "pytest2"]] },
);

family(
  "ledgerly-worker",
  "ledgerly",
  [
    ["celery", "decision", 220, "Background jobs run on Celery with Redis as the broker."],
    ["q2", "decision", 40, "Background jobs moved from Celery to django-q2; start the worker with uv run python manage.py qcluster."],
    ["retry", "convention", 110, "Background jobs must be idempotent; they may run twice after a retry."],
    ["email", "fact", 90, "Invoice emails are sent by a background job, never inside the request."],
  ],
  { supersede: [["q2", "celery"]] },
);

family(
  "ledgerly-settings",
  "ledgerly",
  [
    ["split", "fact", 180, "Settings are split into ledgerly/settings/base.py, dev.py and prod.py."],
    ["split2", "fact", 50, "The settings package has base.py plus dev.py and prod.py on top of it, in ledgerly/settings/."],
    ["env", "convention", 150, "Secrets come from environment variables through django-environ; never hard-code them in settings."],
    ["debug", "constraint", 100, "DEBUG must be False in prod.py."],
  ],
  { merge: [["split", "split2"]] },
);

family(
  "ledgerly-money",
  "ledgerly",
  [
    ["decimal", "constraint", 190, "Money amounts are Decimal with 2 places; never use float for money."],
    ["decimal2", "constraint", 45, "Never store money as a float: amounts are DecimalField(max_digits=12, decimal_places=2)."],
    ["currency", "fact", 130, "Every amount has a currency code next to it, stored as a 3-letter ISO 4217 string."],
    ["rounding", "convention", 80, "Round money with ROUND_HALF_EVEN only when displaying, never while summing."],
  ],
  { merge: [["decimal", "decimal2"]] },
);

family(
  "ledgerly-sessions",
  "ledgerly",
  [
    ["age", "fact", 160, "Sessions expire after 2 weeks (SESSION_COOKIE_AGE = 1209600)."],
    ["age-new", "fact", 25, "Sessions expire after 12 hours (SESSION_COOKIE_AGE = 43200)."],
    ["admin-age", "fact", 70, "Admin sessions expire after 30 minutes of inactivity."],
    ["secure", "constraint", 120, "SESSION_COOKIE_SECURE and CSRF_COOKIE_SECURE are True in prod.py."],
  ],
  { supersede: [["age-new", "age"]] },
);

family(
  "ledgerly-api",
  "ledgerly",
  [
    ["drf", "decision", 200, "The JSON API is built with Django REST Framework viewsets."],
    ["ninja", "decision", 30, "New API endpoints use django-ninja; the DRF viewsets are kept until they are ported."],
    ["version", "convention", 120, "API URLs are versioned: /api/v1/..."],
    ["page", "fact", 90, "API list endpoints return 50 items per page."],
    ["page-export", "fact", 50, "The export endpoint returns 500 items per page."],
  ],
  {},
);

family("ledgerly-procs", "ledgerly", [
  [
    "add-app",
    "procedure",
    130,
    "To add a Django app: run manage.py startapp <name> inside ledgerly/, add it to INSTALLED_APPS in base.py, and add its urls to ledgerly/urls.py.",
  ],
  [
    "add-report",
    "procedure",
    110,
    "To add a report: write a function in reports/builders.py, register it in reports/registry.py, and add a template in templates/reports/.",
  ],
  [
    "add-job",
    "procedure",
    90,
    "To add a scheduled job: write a function in jobs/tasks.py, add a Schedule in jobs/migrations via a data migration, and add a test in tests/jobs/.",
  ],
]);

family(
  "ledgerly-dev",
  "ledgerly",
  [
    ["serve", "procedure", 170, "Start the dev server with uv run python manage.py runserver."],
    ["serve2", "procedure", 40, "Run the app locally with uv run python manage.py runserver (it listens on port 8000)."],
    ["worker", "procedure", 35, "Start the background worker locally with uv run python manage.py qcluster."],
    ["seed", "procedure", 80, "Load demo data with uv run python manage.py loaddata demo before trying the invoice screens."],
  ],
  { merge: [["serve", "serve2"]] },
);

family(
  "ledgerly-templates",
  "ledgerly",
  [
    ["htmx", "decision", 150, "Interactive pages use htmx partials instead of a JavaScript framework."],
    ["partials", "convention", 90, "htmx partial templates live next to their page in templates/<app>/partials/ and start with an underscore."],
    ["tailwind", "decision", 120, "Styles are written with Tailwind CSS, built by the django-tailwind app."],
  ],
  {},
);

family(
  "ledgerly-db",
  "ledgerly",
  [
    ["pg", "fact", 190, "Production uses Postgres 15."],
    ["pg-new", "fact", 20, "Production uses Postgres 16 since the upgrade last month."],
    ["dev-db", "fact", 150, "Local development uses SQLite by default; set DATABASE_URL to use Postgres."],
  ],
  { supersede: [["pg-new", "pg"]] },
);

// =============================================================================================
// bucketmod: a Terraform module for S3 buckets (English)
// =============================================================================================

family(
  "bucketmod-precommit",
  "bucketmod",
  [
    ["install", "procedure", 180, "Run pre-commit install once after cloning so the hooks run on every commit."],
    ["install2", "procedure", 40, "After you clone the repo, install the git hooks with pre-commit install."],
    ["all", "procedure", 120, "After adding a hook, run pre-commit run --all-files once."],
    ["tools", "procedure", 160, "Install the hook tools first: brew install pre-commit tflint checkov detect-secrets terraform-docs."],
  ],
  { merge: [["install", "install2"]] },
);

family(
  "bucketmod-fmt",
  "bucketmod",
  [
    ["fmt", "procedure", 170, "Run terraform fmt -recursive before committing."],
    ["fmt2", "procedure", 35, "Format every .tf file with terraform fmt -recursive before each commit."],
    ["validate", "procedure", 150, "Run terraform validate in examples/complete before committing."],
    ["tflint", "procedure", 140, "Run tflint --recursive before committing and fix every finding."],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "bucketmod-versions",
  "bucketmod",
  [
    ["tf", "constraint", 200, "required_version is >= 1.3 in versions.tf."],
    ["tf-new", "constraint", 25, "required_version is >= 1.5 in versions.tf."],
    ["aws", "constraint", 190, "The AWS provider is pinned to ~> 4.0."],
    ["aws-new", "constraint", 30, "The AWS provider is pinned to ~> 5.0 since the v3 release of the module."],
    ["example-aws", "constraint", 60, "The examples pin the AWS provider to ~> 5.40 so they can use the newest resources."],
  ],
  {
    supersede: [
      ["tf-new", "tf"],
      ["aws-new", "aws"],
    ],
  },
);

family(
  "bucketmod-docs",
  "bucketmod",
  [
    ["tfdocs", "convention", 170, "The inputs and outputs tables in README.md are generated by terraform-docs; never edit them by hand."],
    ["tfdocs2", "convention", 40, "Do not edit the Inputs/Outputs section of README.md manually; terraform-docs regenerates it on commit."],
    ["desc", "convention", 130, "Every variable and output needs a description."],
    ["desc-type", "convention", 60, "Every variable needs a description and an explicit type; use object({...}) rather than any."],
  ],
  { merge: [["tfdocs", "tfdocs2"]] },
);

family(
  "bucketmod-secrets",
  "bucketmod",
  [
    ["baseline", "procedure", 160, "Regenerate the secrets baseline with detect-secrets scan > .secrets.baseline."],
    ["baseline-path", "procedure", 30, "Regenerate the secrets baseline with detect-secrets scan > .pre-commit-config/.secrets.baseline."],
    ["never", "constraint", 150, "Never commit AWS credentials; the examples read them from the environment."],
  ],
  { supersede: [["baseline-path", "baseline"]] },
);

family(
  "bucketmod-checkov",
  "bucketmod",
  [
    ["checkov", "convention", 150, "checkov runs in pre-commit and in CI; a failed check blocks the merge."],
    ["skip", "convention", 90, "To skip a checkov check, add a #checkov:skip=<ID>:<reason> comment on the resource; a reason is required."],
    ["skip2", "convention", 25, "A checkov check may only be skipped with an inline #checkov:skip=<ID>:<reason> comment that gives the reason."],
    ["tfsec", "decision", 200, "Security scanning uses tfsec in CI."],
    ["tfsec-gone", "decision", 45, "tfsec was removed from CI; checkov covers the same checks."],
  ],
  { merge: [["skip", "skip2"]], supersede: [["tfsec-gone", "tfsec"]] },
);

family(
  "bucketmod-encryption",
  "bucketmod",
  [
    ["sse", "decision", 190, "Buckets are encrypted with SSE-S3 (AES256) by default."],
    ["kms", "decision", 35, "Buckets are encrypted with SSE-KMS by default; pass kms_key_arn to use your own key."],
    ["tls", "constraint", 140, "The bucket policy denies any request made without TLS (aws:SecureTransport = false)."],
    ["public", "constraint", 170, "Public access is blocked on every bucket with all four block_public_* settings set to true."],
  ],
  { supersede: [["kms", "sse"]] },
);

family(
  "bucketmod-lifecycle",
  "bucketmod",
  [
    ["glacier", "fact", 140, "The default lifecycle rule moves objects to Glacier after 90 days."],
    ["expire", "fact", 130, "The default lifecycle rule expires noncurrent versions after 30 days."],
    ["logs", "fact", 80, "The access-log bucket's lifecycle rule deletes logs after 365 days."],
    ["glacier-new", "fact", 20, "The default lifecycle rule moves objects to Glacier after 180 days."],
  ],
  { supersede: [["glacier-new", "glacier"]] },
);

family(
  "bucketmod-tests",
  "bucketmod",
  [
    ["terratest", "decision", 210, "Module tests are written in Go with Terratest under test/."],
    ["tftest", "decision", 30, "Module tests are written as terraform test files (tests/*.tftest.hcl); the Terratest suite was deleted."],
    ["plan-only", "convention", 90, "Unit tests use command = plan so they never create real buckets."],
    ["apply", "convention", 60, "The apply tests run only in the nightly job, against the sandbox account."],
  ],
  { supersede: [["tftest", "terratest"]] },
);

family(
  "bucketmod-release",
  "bucketmod",
  [
    ["semrel", "procedure", 160, "Releases are cut by semantic-release from conventional commit messages on main."],
    ["semrel2", "procedure", 30, "semantic-release tags and publishes a new version from the conventional commits on main; nobody tags by hand."],
    ["major", "convention", 120, "Renaming or removing a variable is a breaking change and needs a feat!: commit."],
    ["issue", "convention", 100, "For a major change, open an issue to discuss it before sending a pull request."],
  ],
  { merge: [["semrel", "semrel2"]] },
);

family(
  "bucketmod-naming",
  "bucketmod",
  [
    ["snake", "convention", 180, "Variable and output names are snake_case."],
    ["snake2", "convention", 45, "Use snake_case for every variable and output name."],
    ["bool", "convention", 120, "Boolean variables start with enable_ or create_, e.g. enable_versioning."],
    ["this", "convention", 100, "A resource that is the only one of its type in the module is named this."],
  ],
  { merge: [["snake", "snake2"]] },
);

family("bucketmod-procs", "bucketmod", [
  [
    "add-var",
    "procedure",
    120,
    "To add an input: declare it in variables.tf with a type and description, use it in main.tf, and add it to examples/complete/main.tf.",
  ],
  ["add-output", "procedure", 110, "To add an output: declare it in outputs.tf with a description, and print it in examples/complete/outputs.tf."],
  [
    "add-example",
    "procedure",
    90,
    "To add an example: create examples/<name>/ with main.tf, versions.tf and outputs.tf, and add a test in tests/<name>.tftest.hcl.",
  ],
]);

family(
  "bucketmod-backend",
  "bucketmod",
  [
    ["state", "fact", 150, "The examples keep state locally; they have no backend block."],
    ["state-ci", "fact", 60, "The nightly apply job keeps state in the S3 bucket tf-state-sandbox with a DynamoDB lock table."],
    ["lock", "convention", 40, "Commit .terraform.lock.hcl for every example."],
  ],
  {},
);

family(
  "bucketmod-stale",
  "bucketmod",
  [
    ["kitchen", "fact", 200, "The integration suite is configured in .kitchen.yml and run with kitchen test."],
    ["gemfile", "fact", 190, "Gemfile pins kitchen-terraform for the integration suite."],
  ],
  { stale: ["kitchen", "gemfile"], deleted: [".kitchen.yml", "Gemfile"] },
);

// =============================================================================================
// qingyun: a Vue 3 front end (Chinese)
// =============================================================================================

family(
  "qingyun-commit",
  "qingyun",
  [
    ["cc", "convention", 180, "提交信息遵循 Conventional Commits 规范。"],
    ["cc2", "convention", 40, "commit message 按 Conventional Commits 规范来写，比如 feat: 新增登录页。"],
    ["hook", "convention", 150, "husky 和 commitlint 会在提交时检查提交信息，不合规范的提交会被拒绝。"],
    ["types", "convention", 120, "提交类型只能是 feat、fix、docs、style、refactor、test、chore 之一。"],
  ],
  { merge: [["cc", "cc2"]] },
);

family(
  "qingyun-branch",
  "qingyun",
  [
    ["feature", "convention", 170, "功能分支命名为 feature/功能名。"],
    ["feature2", "convention", 35, "新功能请在 feature/<功能名> 分支上开发。"],
    ["fix", "convention", 160, "修复分支命名为 fix/问题描述。"],
    ["optimize", "convention", 90, "优化分支命名为 optimize/优化内容。"],
  ],
  { merge: [["feature", "feature2"]] },
);

family(
  "qingyun-lint",
  "qingyun",
  [
    ["standard", "decision", 210, "代码风格采用 JavaScript Standard Style，用 eslint 检查。"],
    ["prettier", "decision", 40, "代码风格改用 Prettier + eslint-config-prettier，不再使用 Standard Style。"],
    ["run", "procedure", 130, "提交前运行 pnpm lint，修完所有报错再提交。"],
    ["run2", "procedure", 25, "每次提交之前先执行 pnpm lint，确保没有任何报错。"],
  ],
  { supersede: [["prettier", "standard"]], merge: [["run", "run2"]] },
);

family(
  "qingyun-components",
  "qingyun",
  [
    ["pascal", "convention", 180, "组件文件名使用 PascalCase，例如 UserCard.vue。"],
    ["pascal2", "convention", 50, "组件命名统一用大驼峰（PascalCase），如 OrderList.vue。"],
    ["kebab", "convention", 170, "在模板中使用组件时写成 kebab-case，例如 <user-card />。"],
    ["views", "convention", 100, "views 目录下代表路由的文件和文件夹使用 kebab-case 命名。"],
  ],
  { merge: [["pascal", "pascal2"]] },
);

family(
  "qingyun-indent",
  "qingyun",
  [
    ["two", "convention", 190, "缩进使用 2 个空格。"],
    ["two2", "convention", 30, "所有代码统一用两个空格缩进，不用 tab。"],
    ["semi", "convention", 160, "语句末尾不加分号。"],
    ["semi-new", "convention", 20, "语句末尾一律加分号。"],
  ],
  { merge: [["two", "two2"]], supersede: [["semi-new", "semi"]] },
);

family(
  "qingyun-node",
  "qingyun",
  [
    ["node", "constraint", 200, "本地开发需要 Node.js 16。"],
    ["node-new", "constraint", 30, "本地开发需要 Node.js 20。"],
    ["pnpm", "constraint", 150, "包管理器只用 pnpm，不要用 npm 或 yarn 安装依赖。"],
    ["pnpm2", "constraint", 45, "只能用 pnpm 安装依赖，禁止使用 npm install 或 yarn。"],
  ],
  { supersede: [["node-new", "node"]], merge: [["pnpm", "pnpm2"]] },
);

family(
  "qingyun-state",
  "qingyun",
  [
    ["vuex", "decision", 220, "全局状态用 Vuex 管理，模块放在 src/store/modules/ 下。"],
    ["pinia", "decision", 45, "全局状态管理从 Vuex 迁移到了 Pinia，store 放在 src/stores/ 下。"],
    ["local", "convention", 100, "只在一个页面用到的状态放在组件内部，不要放进全局 store。"],
  ],
  { supersede: [["pinia", "vuex"]] },
);

family(
  "qingyun-build",
  "qingyun",
  [
    ["webpack", "decision", 230, "项目用 vue-cli（webpack）构建。"],
    ["vite", "decision", 60, "构建工具已经从 vue-cli 换成了 Vite。"],
    ["dev", "procedure", 50, "本地启动开发服务器：pnpm dev，默认端口 5173。"],
    ["build", "procedure", 55, "打包生产版本：pnpm build，产物在 dist/ 目录。"],
  ],
  { supersede: [["vite", "webpack"]] },
);

family(
  "qingyun-api",
  "qingyun",
  [
    ["axios", "convention", 170, "所有接口请求都通过 src/utils/request.ts 里封装的 axios 实例发出。"],
    ["axios2", "convention", 40, "不要直接 import axios，接口请求统一走 src/utils/request.ts 封装好的实例。"],
    ["base", "fact", 140, "开发环境的接口地址在 .env.development 的 VITE_API_BASE 里配置。"],
    ["timeout", "fact", 120, "接口请求超时时间是 10 秒。"],
    ["timeout-upload", "fact", 60, "文件上传接口的超时时间是 60 秒。"],
  ],
  { merge: [["axios", "axios2"]] },
);

family(
  "qingyun-pr",
  "qingyun",
  [
    ["master", "convention", 180, "PR 一律提交到 master 分支。"],
    ["main", "convention", 25, "默认分支已经从 master 改名为 main，PR 请提交到 main。"],
    ["desc", "convention", 140, "修复 Bug 的 PR 要写清楚问题描述，或者链接到对应的 issue。"],
    ["feature-desc", "convention", 100, "提交新功能的 PR 要说明用途，最好先和主要成员商量。"],
  ],
  { supersede: [["main", "master"]] },
);

family(
  "qingyun-tests",
  "qingyun",
  [
    ["jest", "decision", 200, "单元测试用 Jest + @vue/test-utils。"],
    ["vitest", "decision", 35, "单元测试改用 Vitest，Jest 的配置已删除。"],
    ["where", "convention", 120, "测试文件放在被测文件旁边，命名为 *.spec.ts。"],
    ["e2e", "decision", 90, "端到端测试用 Playwright，放在 e2e/ 目录。"],
  ],
  { supersede: [["vitest", "jest"]] },
);

family("qingyun-procs", "qingyun", [
  ["add-page", "procedure", 120, "新增页面：在 src/views/ 下建目录，在 src/router/routes.ts 注册路由，再到菜单配置 src/config/menu.ts 加一项。"],
  ["add-api", "procedure", 110, "新增接口：在 src/api/ 下按模块建文件，用 request 实例导出函数，并在 src/types/api.d.ts 补类型。"],
  ["add-icon", "procedure", 90, "新增图标：把 svg 放进 src/assets/icons/，运行 pnpm icons 生成组件，再在页面里按名字引用。"],
]);

family(
  "qingyun-i18n",
  "qingyun",
  [
    ["i18n", "convention", 160, "界面文字不能写死在模板里，要放进 src/locales/zh-CN.ts 并用 $t() 引用。"],
    ["i18n2", "convention", 45, "模板里不要直接写中文文案，统一放到 src/locales/zh-CN.ts，通过 $t() 取。"],
    ["en", "convention", 100, "新增文案时要同时在 src/locales/en-US.ts 里加上英文。"],
  ],
  { merge: [["i18n", "i18n2"]] },
);

family(
  "qingyun-ui",
  "qingyun",
  [
    ["element", "decision", 190, "组件库用 Element Plus，按需引入。"],
    ["theme", "convention", 120, "主题色在 src/styles/variables.scss 里统一修改，不要在组件里写死颜色。"],
    ["icons", "decision", 80, "图标用 @element-plus/icons-vue。"],
  ],
  {},
);

family(
  "qingyun-stale",
  "qingyun",
  [
    ["mock", "fact", 150, "本地接口模拟数据在 mock/index.js 里。"],
    ["vuecfg", "fact", 200, "开发服务器的代理配置在 vue.config.js 里。"],
  ],
  { stale: ["mock", "vuecfg"], deleted: ["mock/index.js", "vue.config.js"] },
);

family(
  "qingyun-review",
  "qingyun",
  [
    ["one", "convention", 160, "每个 PR 至少需要一位成员审核通过才能合并。"],
    ["two", "convention", 20, "每个 PR 至少需要两位成员审核通过才能合并。"],
    ["squash", "convention", 130, "合并 PR 时使用 squash merge。"],
    ["ci", "convention", 110, "CI 没通过的 PR 不能合并。"],
  ],
  { supersede: [["two", "one"]] },
);

// =============================================================================================
// Background: memories that share vocabulary inside a project but are not pairs.
// =============================================================================================

["parser", "executor", "renderer", "completion"].forEach((mod, i) => {
  family(`bg-sqlterm-${mod}`, "sqlterm", [
    ["dir", "fact", 100 + i, `The ${mod} module lives in src/${mod}/ and is owned by ${["mara", "nils", "oskar", "pia"][i]}.`],
    ["bench", "fact", 95 + i, `The ${mod} module's benchmarks are in benches/${mod}.rs and run with cargo bench --bench ${mod}.`],
  ]);
});

["invoices", "customers", "payments", "reports"].forEach((app, i) => {
  family(`bg-ledgerly-${app}`, "ledgerly", [
    ["dir", "fact", 100 + i, `The ${app} app lives in ledgerly/${app}/ and its admin is in ledgerly/${app}/admin.py.`],
    ["tests", "fact", 95 + i, `The ${app} app's tests are in tests/${app}/ and use the ${app} factories.`],
  ]);
});

["versioning", "logging", "replication", "notifications"].forEach((feat, i) => {
  family(`bg-bucketmod-${feat}`, "bucketmod", [
    ["var", "fact", 100 + i, `The ${feat} feature is switched on with var.enable_${feat}, false by default.`],
    ["file", "fact", 95 + i, `The ${feat} resources are in ${feat}.tf.`],
  ]);
});

["订单", "用户", "报表", "权限"].forEach((mod, i) => {
  family(`bg-qingyun-${i}`, "qingyun", [
    ["dir", "fact", 100 + i, `${mod}页面的代码在 src/views/${["order", "user", "report", "permission"][i]}/ 下。`],
    ["owner", "fact", 95 + i, `${mod}页面由${["小林", "小陈", "小王", "小刘"][i]}负责维护。`],
  ]);
});

export const BLIND_FAMILIES_R6 = families;

export const halfOfR6 = halfOf;
