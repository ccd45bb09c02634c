/**
 * The round-thirteen blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run and the first change), because every frozen half r3..r12
 * has been scored and so is tuning data now.
 *
 * Seven projects with vocabulary not used in r3..r12, modelled on public files read through the
 * search tools (rules paraphrased, not copied; none of them used to tune a rule):
 * - cinder (a FastAPI service on pydantic) with renamed model methods and config keys:
 *   "parse_obj -> model_validate, dict() -> model_dump(), json() -> model_dump_json(), schema() ->
 *   model_json_schema(), class Config -> model_config = ConfigDict(...), orm_mode ->
 *   from_attributes, @validator -> @field_validator" — .github/skills/pydantic/references/
 *   migration_map_v1_to_v2.md of TheApolloProject/ops_deck @ 368902a86a718396e82e51f8456d129890bcc83b;
 * - loomwork (a Django training-simulation site): "uv run for management commands; uv run pytest,
 *   target one app; makemigrations and commit the migration files; settings from environment
 *   variables; no network calls at import time; update PROJECT_OVERVIEW.md and docs/" —
 *   SimWorks/AGENTS.md of jackfruitco/simworks @ 35e6015b0e47293db51ce1c9cf0171ab07dafbbc;
 * - cutover (a release command-line tool) with removed and renamed options from a changelog:
 *   "--non-interactive removed, use --ci; scripts replaced by hooks; scripts.changelog moved to
 *   git.changelog; --debug dropped, use the DEBUG variable; pkgFiles removed; --follow-tags moved
 *   to the default push arguments; plugins only as ES modules; old Node versions dropped" —
 *   CHANGELOG.md of release-it/release-it @ ba97a5c5bbbabf04b1c22b2f44ae44b14ca12bb3;
 * - argot (a Python command-line framework) from a breaking-changes list: "the config subcommand
 *   shows only values set explicitly, --all shows every option; 0 and 1 are integers, not
 *   booleans; the ANSI formatter classes were replaced by one formatter; --unicode / --no-unicode;
 *   the version comes from an environment variable; the config file is resolved through symlinks"
 *   — docs/breaking_changes.md of clueboard/milc @ 5bd21ec08a7f3dd79b738b794597c504806f4b03;
 * - Chinese: lingquan (a scheduled coupon-claiming bot run by CI): "Node.js 18+; pnpm 8 as the
 *   package manager; ES modules; corepack to match the package manager; configuration in .env;
 *   pnpm bootstrap to set up; Jest for tests; ESLint and editorconfig, pnpm lint" —
 *   CONTRIBUTING.md of vv314/actions-mtz-coupons @ 3a4f4feecf4e72f38fd41e3573d80cfd01ceef63;
 * - Chinese: weiqian (a micro-frontend shell and sub-apps): "fork, a feature/ branch, Conventional
 *   Commits, unit tests with new features, all tests pass, the Node and Yarn versions the project
 *   names, ESLint clean, update the docs; issues give the symptom, the steps and the environment"
 *   — docs/CONTRIBUTING.md of felixzhu97/micro-frontend-project @
 *   36335388dc8d283cc19ad9a5304321590cdb1e61;
 * - Chinese: changguan (a Go venue-booking backend): "Go's official style, gofmt, golangci-lint,
 *   unit tests for new features, update the docs, feat:/fix:/docs:/refactor:/test:/chore:
 *   prefixes" — docs/CONTRIBUTING.md of MucheXD/WSCVenueBookingBackend @
 *   ae360095d555f335add9003a7114fc5fa7dc86c8.
 *
 * The same mix as r12: paraphrased duplicates that share few words (merge recall), numbers
 * restated in words (ninety, eighteen, fifty, twenty-five, one hundred and eighty, 十八, 六十, 十五,
 * 二十四, 三千零八十, 八零八零), renamed methods,
 * flags and keys with no cue word (parse_obj -> model_validate, --non-interactive -> --ci,
 * scripts.changelog -> git.changelog), reversed rules and replacements.
 *
 * Labels (written before the code was run on this set), as in blind-store-r12.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value (also when the
 *   number is said in other words), an explicit replacement (with or without a cue word), a renamed
 *   option, method or key, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair. Hard negatives are deliberately unlabelled: procedures that
 * share commands but differ in steps or targets, a rule and a further rule added later,
 * near-duplicates that differ in a number, path, port or identifier (different subjects), and
 * families that share most of their words.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r13:" + id),
 * even -> tuning, odd -> frozen (`halfOfR13`).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r13");

// =============================================================================================
// cinder: a FastAPI service on pydantic (v1 -> v2 renames)
// =============================================================================================

family(
  "ci-validate",
  "cinder",
  [
    ["parse", "convention", 300, "Build request models from raw dicts with Model.parse_obj(payload)."],
    ["validate", "convention", 30, "Build request models from raw dicts with Model.model_validate(payload)."],
    ["raw", "convention", 280, "Parse JSON bodies straight into a model with model_validate_json, not json.loads first."],
    ["x270", "convention", 270, "Routers live in cinder/api/routes, one module per resource."],
  ],
  { supersede: [["validate", "parse"]] },
);

family(
  "ci-dump",
  "cinder",
  [
    ["dict", "convention", 290, "Serialise a model for the cache with .dict()."],
    ["dump", "convention", 35, "Serialise a model for the cache with .model_dump()."],
    ["exclude", "convention", 270, "Drop unset fields from cached payloads (exclude_unset)."],
    ["x260", "fact", 260, "The cache is Redis, keyed by the request path."],
  ],
  { supersede: [["dump", "dict"]] },
);

family(
  "ci-config",
  "cinder",
  [
    ["inner", "convention", 300, "Model settings go in an inner class Config."],
    ["dictcfg", "convention", 30, "Model settings are declared as model_config = ConfigDict(...) on the class."],
    ["frozen", "convention", 280, "Value objects are immutable (frozen models)."],
    ["x270", "convention", 270, "Field names are snake_case; aliases carry the camelCase wire names."],
  ],
  { supersede: [["dictcfg", "inner"]] },
);

family(
  "ci-orm",
  "cinder",
  [
    ["orm", "convention", 290, "Response models read SQLAlchemy rows through orm_mode = True."],
    ["attrs", "convention", 25, "Response models read SQLAlchemy rows with from_attributes=True."],
    ["session", "convention", 270, "Each request gets its own database session from the get_session dependency."],
    ["x260", "fact", 260, "Alembic migrations are in migrations/versions."],
  ],
  { supersede: [["attrs", "orm"]] },
);

family(
  "ci-validator",
  "cinder",
  [
    ["old", "convention", 280, "Check a single field with the @validator decorator."],
    ["new", "convention", 30, "Check a single field with @field_validator, declared as a classmethod."],
    ["model", "convention", 270, 'Checks that span several fields use @model_validator(mode="after").'],
    ["x260", "convention", 260, "Validators raise ValueError with a message a client can show."],
  ],
  { supersede: [["new", "old"]] },
);

family(
  "ci-schema",
  "cinder",
  [
    ["schema", "procedure", 270, "Export the JSON Schema of a model with Model.schema() for the docs site."],
    ["schema2", "procedure", 35, "The docs site gets each model's JSON Schema from Model.model_json_schema()."],
    ["openapi", "procedure", 260, "The OpenAPI document is written to docs/openapi.json by scripts/export_openapi.py."],
    ["x250", "fact", 250, "The docs site is built with MkDocs."],
  ],
  { supersede: [["schema2", "schema"]] },
);

family(
  "ci-run",
  "cinder",
  [
    ["run", "procedure", 300, "Start the API locally with uvicorn cinder.main:app --reload."],
    ["run2", "procedure", 30, "For local development, serve the app through uvicorn pointed at cinder.main:app, with auto-reload on."],
    ["worker", "procedure", 280, "Start the background worker with arq cinder.worker.Settings."],
    ["prod", "procedure", 270, "In production the API runs under gunicorn with uvicorn workers."],
  ],
  { merge: [["run", "run2"]] },
);

family(
  "ci-timeout",
  "cinder",
  [
    ["t30", "fact", 290, "Outgoing HTTP calls time out after 30 seconds."],
    ["t90", "fact", 30, "Outgoing HTTP calls now give up after ninety seconds."],
    ["retry", "fact", 270, "Failed outgoing calls are retried 3 times with exponential backoff."],
    ["x260", "fact", 260, "Outgoing calls go through one shared httpx.AsyncClient."],
  ],
  { supersede: [["t90", "t30"]] },
);

family(
  "ci-typing",
  "cinder",
  [
    ["mypy", "convention", 280, "The code base type-checks with mypy --strict."],
    ["mypy2", "convention", 40, "Type checking runs in mypy's strictest mode, and it has to be clean."],
    ["any", "convention", 270, "Avoid Any in public signatures."],
    ["stubs", "convention", 260, "Third-party stubs are pinned in requirements-dev.txt."],
  ],
  { merge: [["mypy", "mypy2"]] },
);

family(
  "ci-errors",
  "cinder",
  [
    ["problem", "convention", 280, "Error responses follow RFC 9457 problem details."],
    ["problem2", "convention", 35, "When a request fails, the body is a problem+json document (type, title, status, detail)."],
    ["log", "convention", 260, "Unexpected errors are logged with the request id."],
    ["x250", "convention", 250, "Validation errors return 422."],
  ],
  { merge: [["problem", "problem2"]] },
);

family("ci-deps", "cinder", [
  ["add", "procedure", 270, "Add a runtime dependency with uv add and commit uv.lock."],
  ["dev", "procedure", 260, "Add a development-only dependency with uv add --dev."],
  ["lock", "procedure", 250, "Regenerate the lock file with uv lock --upgrade-package for a single upgrade."],
  ["sync", "procedure", 240, "After pulling, run uv sync to match uv.lock."],
]);

family("ci-ports", "cinder", [
  ["api", "fact", 280, "The API listens on port 8000 in development."],
  ["metrics", "fact", 270, "Prometheus metrics are served on port 8001."],
  ["debug", "fact", 260, "The debugpy listener uses port 5678."],
  ["redis", "fact", 250, "Redis runs on port 6379 in docker-compose."],
]);

family(
  "ci-pagination",
  "cinder",
  [
    ["page", "convention", 280, "List endpoints return at most 50 items per page."],
    ["page2", "convention", 40, "A list endpoint never sends more than fifty items on one page."],
    ["cursor", "convention", 270, "List endpoints page with an opaque cursor, not an offset."],
    ["x260", "convention", 260, "Sort order is always explicit in list endpoints."],
  ],
  { merge: [["page", "page2"]] },
);

family(
  "ci-stale",
  "cinder",
  [
    ["old", "fact", 280, "The v1 compatibility shims are in cinder/compat/pydantic_v1.py."],
    ["keep", "fact", 70, "Shared model bases are in cinder/models/base.py."],
    ["x65", "fact", 65, "Settings are loaded in cinder/settings.py."],
  ],
  { stale: ["old"], deleted: ["cinder/compat/pydantic_v1.py"] },
);

family(
  "ci-settings",
  "cinder",
  [
    ["env", "convention", 290, "Settings are read from environment variables prefixed CINDER_."],
    ["env2", "convention", 30, "Every setting comes from an environment variable whose name starts with CINDER_."],
    ["dotenv", "convention", 270, "A .env file is read only in development."],
    ["secret", "convention", 260, "Secrets are typed SecretStr so they never print."],
  ],
  { merge: [["env", "env2"]] },
);

// =============================================================================================
// loomwork: a Django training-simulation site (uv, pytest, migrations)
// =============================================================================================

family(
  "lw-manage",
  "loomwork",
  [
    ["uv", "procedure", 300, "Run Django management commands through uv run, e.g. uv run python manage.py migrate."],
    ["uv2", "procedure", 35, "manage.py is always invoked inside the project environment via uv, never with a bare python."],
    ["shell", "procedure", 280, "Open a Django shell with uv run python manage.py shell_plus."],
    ["x270", "procedure", 270, "Create a superuser locally with uv run python manage.py createsuperuser."],
  ],
  { merge: [["uv", "uv2"]] },
);

family(
  "lw-tests",
  "loomwork",
  [
    ["pytest", "procedure", 290, "Run the tests with uv run pytest, targeting one app when you can."],
    ["pytest2", "procedure", 30, "Keep test runs short: point uv run pytest at the app you changed instead of the whole suite."],
    ["reuse", "procedure", 270, "Pass --reuse-db to pytest to keep the test database between runs."],
    ["full", "procedure", 260, "CI runs the full pytest suite with coverage."],
  ],
  { merge: [["pytest", "pytest2"]] },
);

family(
  "lw-migrations",
  "loomwork",
  [
    ["make", "procedure", 300, "After changing a model, run makemigrations and commit the generated migration files."],
    ["make2", "procedure", 40, "Model edits ship together with their migration: generate it with makemigrations and include it in the same commit."],
    ["squash", "procedure", 280, "Migrations that touch large tables run in a maintenance window."],
    ["check", "procedure", 270, "CI fails when makemigrations --check finds a missing migration."],
  ],
  { merge: [["make", "make2"]] },
);

family(
  "lw-squash",
  "loomwork",
  [
    ["s40", "procedure", 290, "Squash an app's migrations once it has more than 40 of them."],
    ["s25", "procedure", 30, "Squash an app's migrations once it passes twenty-five of them."],
    ["name", "convention", 270, "Give every migration a descriptive name with makemigrations --name."],
    ["x260", "convention", 260, "Data migrations are separate from schema migrations."],
  ],
  { supersede: [["s25", "s40"]] },
);

family(
  "lw-settings",
  "loomwork",
  [
    ["env", "convention", 290, "Settings changes stay environment-agnostic: read values from environment variables."],
    ["env2", "convention", 35, "Nothing machine-specific goes into settings.py; anything that differs per deployment is an env var."],
    ["split", "convention", 270, "There is one settings module, not base/dev/prod files."],
    ["x260", "convention", 260, "DEBUG defaults to False."],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "lw-import",
  "loomwork",
  [
    ["net", "convention", 280, "No network calls at import time."],
    ["net2", "convention", 30, "Importing a module must never open a connection to another service."],
    ["explicit", "convention", 270, "Use explicit imports, never import *."],
    ["x260", "convention", 260, "Signals are registered in AppConfig.ready()."],
  ],
  { merge: [["net", "net2"]] },
);

family(
  "lw-docs",
  "loomwork",
  [
    ["overview", "convention", 290, "When a workflow changes, update PROJECT_OVERVIEW.md."],
    ["readme", "convention", 30, "When a workflow changes, update the app's README.md instead of PROJECT_OVERVIEW.md, which was retired."],
    ["docs", "convention", 270, "User-facing behaviour is documented under docs/."],
    ["x260", "convention", 260, "Commit messages name the Django app they touch."],
  ],
  { supersede: [["readme", "overview"]] },
);

family(
  "lw-python",
  "loomwork",
  [
    ["py312", "constraint", 300, "The site runs on Python 3.12."],
    ["py313", "constraint", 35, "The site moved to Python 3.13."],
    ["django", "constraint", 280, "The site is served by gunicorn behind nginx."],
    ["pg", "constraint", 270, "PostgreSQL 16 is the only supported database."],
  ],
  { supersede: [["py313", "py312"]] },
);

family(
  "lw-django",
  "loomwork",
  [
    ["d51", "constraint", 290, "Django 5.1 is pinned in pyproject.toml."],
    ["d52", "constraint", 25, "pyproject.toml now pins Django 5.2."],
    ["drf", "constraint", 270, "Django REST framework 3.15 serves the API."],
    ["x260", "fact", 260, "Celery runs the scoring jobs."],
  ],
  { supersede: [["d52", "d51"]] },
);

family(
  "lw-runserver",
  "loomwork",
  [
    ["run", "procedure", 300, "Start the dev site with uv run python manage.py runserver 8000."],
    ["asgi", "procedure", 30, "Start the dev site with uv run uvicorn loomwork.asgi:application --reload; runserver is no longer used."],
    ["static", "procedure", 280, "Collect static files with uv run python manage.py collectstatic."],
    ["x270", "procedure", 270, "Run the Channels worker with uv run python manage.py runworker scoring."],
  ],
  { supersede: [["asgi", "run"]] },
);

family("lw-commands", "loomwork", [
  ["migrate", "procedure", 280, "Apply migrations with uv run python manage.py migrate."],
  ["seed", "procedure", 270, "Seed demo scenarios with uv run python manage.py load_scenarios --demo."],
  ["reset", "procedure", 260, "Reset the local database with uv run python manage.py reset_db, then migrate."],
  ["flush", "procedure", 250, "Empty the tables without dropping them with uv run python manage.py flush."],
]);

family(
  "lw-templates",
  "loomwork",
  [
    ["blocks", "convention", 280, "Keep template blocks small and readable."],
    ["blocks2", "convention", 35, "A {% block %} should hold little markup; split big ones into includes."],
    ["htmx", "convention", 270, "Partial page updates use htmx, not hand-written fetch calls."],
    ["x260", "convention", 260, "Templates are in each app's templates/<app>/ folder."],
  ],
  { merge: [["blocks", "blocks2"]] },
);

family(
  "lw-session",
  "loomwork",
  [
    ["two", "fact", 290, "A simulation session expires after 2 hours of inactivity."],
    ["two2", "fact", 40, "An idle simulation is closed once two hours pass without input."],
    ["score", "fact", 270, "A session's score is computed when it is closed."],
    ["x260", "fact", 260, "A user may have at most five open sessions at a time."],
  ],
  { merge: [["two", "two2"]] },
);

family(
  "lw-transcripts",
  "loomwork",
  [
    ["d90", "fact", 280, "Transcripts are kept for 90 days."],
    ["d180", "fact", 30, "Transcripts are now kept for one hundred and eighty days."],
    ["audio", "fact", 270, "Audio recordings are deleted after 30 days."],
    ["x260", "fact", 260, "Transcripts are stored encrypted at rest."],
  ],
  { supersede: [["d180", "d90"]] },
);

family(
  "lw-stale",
  "loomwork",
  [
    ["old", "fact", 270, "The grading rubric loader is in loomwork/scoring/rubric_v1.py."],
    ["keep", "fact", 60, "Scenario models are in loomwork/scenarios/models.py."],
    ["x55", "fact", 55, "The chat consumer is in loomwork/chat/consumers.py."],
  ],
  { stale: ["old"], deleted: ["loomwork/scoring/rubric_v1.py"] },
);

// =============================================================================================
// cutover: a release command-line tool (changelog: removed and renamed options)
// =============================================================================================

family(
  "cu-ci",
  "cutover",
  [
    ["nonint", "procedure", 300, "In pipelines, run cutover --non-interactive so no prompt waits for input."],
    ["ci", "procedure", 30, "In pipelines, run cutover --ci so no prompt waits for input."],
    ["dry", "procedure", 280, "Pipelines cache node_modules between release runs."],
    ["x270", "procedure", 270, "Pipelines need a token with write access to tags."],
  ],
  { supersede: [["ci", "nonint"]] },
);

family(
  "cu-hooks",
  "cutover",
  [
    ["scripts", "convention", 290, "Run the build before a release through the scripts.beforeStart entry."],
    ["hooks", "convention", 30, "Run the build before a release through the hooks before:init entry."],
    ["after", "convention", 270, "Announce a release from the after:release hook."],
    ["x260", "convention", 260, "Hook commands must exit non-zero on failure."],
  ],
  { supersede: [["hooks", "scripts"]] },
);

family(
  "cu-changelog",
  "cutover",
  [
    ["scripts", "fact", 280, "The changelog command is configured under scripts.changelog."],
    ["git", "fact", 30, "The changelog command is configured under git.changelog."],
    ["tpl", "fact", 270, "Release notes use the template in .cutover/notes.hbs."],
    ["x260", "fact", 260, "The changelog lists commits since the latest tag."],
  ],
  { supersede: [["git", "scripts"]] },
);

family(
  "cu-debug",
  "cutover",
  [
    ["flag", "procedure", 290, "Get verbose internals with cutover --debug."],
    ["env", "procedure", 35, "Get verbose internals by setting DEBUG=cutover:* before running cutover."],
    ["verbose", "procedure", 270, "Print each command before it runs with cutover --verbose."],
    ["x260", "procedure", 260, "Logs of failed releases are in .cutover/log."],
  ],
  { supersede: [["env", "flag"]] },
);

family(
  "cu-node",
  "cutover",
  [
    ["n14", "constraint", 300, "cutover needs Node.js 14 or newer."],
    ["n18", "constraint", 30, "cutover now needs Node.js eighteen or later."],
    ["git", "constraint", 280, "Git 2.30 or newer is required."],
    ["x270", "constraint", 270, "Windows is supported only through WSL."],
  ],
  { supersede: [["n18", "n14"]] },
);

family(
  "cu-esm",
  "cutover",
  [
    ["esm", "constraint", 280, "Plugins must be ES modules; require() plugins are no longer loaded."],
    ["esm2", "constraint", 35, "A plugin is loaded only if it is written with import/export syntax, not CommonJS."],
    ["name", "convention", 270, "Plugin packages are named cutover-plugin-<name>."],
    ["x260", "convention", 260, "A plugin exports a class that extends Plugin."],
  ],
  { merge: [["esm", "esm2"]] },
);

family(
  "cu-tags",
  "cutover",
  [
    ["explicit", "convention", 290, "Add --follow-tags to git.pushArgs so tags are pushed with the release commit."],
    ["default", "convention", 30, "Leave git.pushArgs alone: --follow-tags is already in the default push arguments."],
    ["sign", "convention", 270, "Release tags are signed (git.tagArgs: -s)."],
    ["x260", "convention", 260, "Tags are named v<version>."],
  ],
  { supersede: [["default", "explicit"]] },
);

family(
  "cu-pkgfiles",
  "cutover",
  [
    ["pkg", "procedure", 280, "List extra files whose version must be bumped in pkgFiles."],
    ["plugin", "procedure", 30, "Bump the version in extra files with the bumper plugin; pkgFiles was removed."],
    ["npm", "procedure", 270, "package.json is bumped by npm version."],
    ["x260", "procedure", 260, "The version in README badges is updated by hand."],
  ],
  { supersede: [["plugin", "pkg"]] },
);

family(
  "cu-dryrun",
  "cutover",
  [
    ["dry", "procedure", 290, "Preview a release with cutover --dry-run before the real one."],
    ["dry2", "procedure", 40, "Before publishing for real, do a rehearsal run that changes nothing (the dry-run flag)."],
    ["only", "procedure", 270, "A dry run still reads the remote tags."],
    ["x260", "procedure", 260, "Release only from the main branch."],
  ],
  { merge: [["dry", "dry2"]] },
);

family("cu-flags", "cutover", [
  ["ver", "procedure", 280, "Print the next version number with cutover --release-version."],
  ["notes", "procedure", 270, "Print only the release notes with cutover --changelog."],
  ["noci", "procedure", 260, "Skip the npm publish step with cutover --no-npm.publish."],
  ["pre", "procedure", 250, "Cut a prerelease with cutover --preRelease=beta."],
]);

family(
  "cu-branch",
  "cutover",
  [
    ["main", "constraint", 280, "Releases are cut only from the main branch."],
    ["main2", "constraint", 35, "cutover refuses to publish from any branch other than main."],
    ["clean", "constraint", 270, "The working directory must be clean before a release."],
    ["x260", "constraint", 260, "The local branch must be up to date with its upstream."],
  ],
  { merge: [["main", "main2"]] },
);

family(
  "cu-metrics",
  "cutover",
  [
    ["on", "fact", 270, "Anonymous usage metrics are sent unless disabled with --disable-metrics."],
    ["off", "fact", 30, "cutover no longer sends anonymous metrics at all, so there is nothing to disable."],
    ["log", "fact", 260, "Every run writes its plan to .cutover/last-plan.json."],
    ["x250", "fact", 250, "No network call is made in --dry-run mode except to read tags."],
  ],
  { supersede: [["off", "on"]] },
);

family(
  "cu-config",
  "cutover",
  [
    ["rc", "fact", 290, "Configuration lives in .cutover.json at the repository root."],
    ["rc2", "fact", 35, "The tool reads its settings from the .cutover.json file in the top folder of the repo."],
    ["pkg", "fact", 270, "A cutover key in package.json is read when there is no .cutover.json."],
    ["yaml", "fact", 260, "A .cutover.yaml file is also accepted."],
  ],
  { merge: [["rc", "rc2"]] },
);

family(
  "cu-stale",
  "cutover",
  [
    ["old", "fact", 280, "The interactive prompts are defined in lib/prompt-legacy.js."],
    ["keep", "fact", 60, "The git plugin is in lib/plugin/git/Git.js."],
    ["x55", "fact", 55, "Default options are in config/cutover.json."],
  ],
  { stale: ["old"], deleted: ["lib/prompt-legacy.js"] },
);

// =============================================================================================
// argot: a Python command-line framework (breaking-changes list)
// =============================================================================================

family(
  "ar-config",
  "argot",
  [
    ["all", "fact", 300, "argot config prints every option with its default value."],
    ["set", "fact", 30, "argot config prints only the options set explicitly; pass --all to see every option and its default."],
    ["write", "fact", 280, "argot config section.key=value writes a value to the config file."],
    ["x270", "fact", 270, "The config file is INI-formatted."],
  ],
  { supersede: [["set", "all"]] },
);

family(
  "ar-bool",
  "argot",
  [
    ["bool", "fact", 290, "In the config file, 0 and 1 are read as false and true."],
    ["int", "fact", 30, "In the config file, 0 and 1 are read as integers, not booleans."],
    ["yes", "fact", 270, "yes/no and on/off are read as booleans."],
    ["x260", "fact", 260, "Empty values are read as None."],
  ],
  { supersede: [["int", "bool"]] },
);

family(
  "ar-formatter",
  "argot",
  [
    ["ansi", "convention", 280, "Colour log output with ANSIEmojiLoglevelFormatter."],
    ["one", "convention", 30, "Colour log output with ArgotFormatter; format_ansi() strips colour when the terminal has none."],
    ["level", "convention", 270, "The default log level is INFO."],
    ["x260", "convention", 260, "Log lines start with an emoji for the level."],
  ],
  { supersede: [["one", "ansi"]] },
);

family(
  "ar-unicode",
  "argot",
  [
    ["flag", "fact", 280, "--no-unicode turns the emoji and box characters off."],
    ["flag2", "fact", 40, "Pass the no-unicode switch to get plain ASCII output without emoji or box drawing."],
    ["color", "fact", 270, "--no-color turns ANSI colours off."],
    ["x260", "fact", 260, "Both switches can also be set in the config file."],
  ],
  { merge: [["flag", "flag2"]] },
);

family(
  "ar-version",
  "argot",
  [
    ["env", "procedure", 290, "Set the program's version with os.environ['ARGOT_APP_VERSION'] before importing argot."],
    ["env2", "procedure", 35, "A script reports its own version when ARGOT_APP_VERSION is in the environment at import time."],
    ["flag", "procedure", 270, "Every program gets a --version flag."],
    ["x260", "procedure", 260, "The program name defaults to the script's file name."],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "ar-symlink",
  "argot",
  [
    ["link", "fact", 280, "Saving the config replaces a symlinked config file with a regular file."],
    ["resolve", "fact", 30, "Saving the config writes through a symlink to the real file."],
    ["path", "fact", 270, "The config file is ~/.config/argot/argot.ini by default."],
    ["x260", "fact", 260, "ARGOT_CONFIG_FILE overrides the config path."],
  ],
  { supersede: [["resolve", "link"]] },
);

family(
  "ar-subcmd",
  "argot",
  [
    ["deco", "convention", 290, "Declare a subcommand with @cli.subcommand('help text')."],
    ["deco2", "convention", 35, "A subcommand is a function wrapped in the cli.subcommand decorator, whose argument is its help text."],
    ["arg", "convention", 270, "Add a subcommand's arguments with @cli.argument above @cli.subcommand."],
    ["x260", "convention", 260, "Subcommand names are derived from the function name, underscores turned into dashes."],
  ],
  { merge: [["deco", "deco2"]] },
);

family("ar-args", "argot", [
  ["short", "convention", 280, "Every argument has a short flag like -v and a long flag like --verbose."],
  ["bool", "convention", 270, "Boolean arguments use action='store_boolean' so both --foo and --no-foo exist."],
  ["list", "convention", 260, "Arguments that repeat use action='append'."],
  ["arg", "convention", 250, "Argument help texts start with a capital letter and end without a period."],
]);

family(
  "ar-python",
  "argot",
  [
    ["py37", "constraint", 300, "argot supports Python 3.7 and newer."],
    ["py39", "constraint", 30, "argot supports Python 3.9 and newer."],
    ["deps", "constraint", 280, "The only runtime dependencies are colorama and appdirs."],
    ["x270", "constraint", 270, "Type hints are shipped in a py.typed package."],
  ],
  { supersede: [["py39", "py37"]] },
);

family(
  "ar-tests",
  "argot",
  [
    ["nose", "procedure", 290, "Run the tests with nose2 from the repository root."],
    ["pytest", "procedure", 30, "Run the tests with pytest from the repository root."],
    ["ci", "procedure", 270, "CI also runs the tests on Windows."],
    ["x260", "procedure", 260, "Each test builds its own argot instance."],
  ],
  { supersede: [["pytest", "nose"]] },
);

family(
  "ar-lint",
  "argot",
  [
    ["yapf", "convention", 280, "Format with yapf using the repo's .style.yapf."],
    ["yapf2", "convention", 40, "Code layout is whatever yapf produces with the style file checked into the repo."],
    ["flake", "convention", 270, "Type hints are checked with mypy in CI."],
    ["x260", "convention", 260, "Imports are sorted by isort."],
  ],
  { merge: [["yapf", "yapf2"]] },
);

family(
  "ar-line",
  "argot",
  [
    ["l120", "convention", 290, "flake8 must pass with max-line-length 120."],
    ["l100", "convention", 30, "flake8's line limit was lowered to one hundred characters."],
    ["doc", "convention", 270, "Docstrings follow the Google style."],
    ["x260", "convention", 260, "flake8 runs in CI on every push."],
  ],
  { supersede: [["l100", "l120"]] },
);

family(
  "ar-spinner",
  "argot",
  [
    ["spin", "fact", 270, "cli.spinner() shows a spinner while a block runs."],
    ["spin2", "fact", 35, "Wrapping slow work in the spinner context manager animates a busy indicator until it finishes."],
    ["custom", "fact", 260, "Custom spinners are registered with cli.add_spinner."],
    ["x250", "fact", 250, "Spinners are off when output is not a terminal."],
  ],
  { merge: [["spin", "spin2"]] },
);

family(
  "ar-stale",
  "argot",
  [
    ["old", "fact", 270, "The ANSI formatter classes are in argot/ansi_formatters.py."],
    ["keep", "fact", 60, "The argument parser wrapper is in argot/parser.py."],
    ["x55", "fact", 55, "Config file handling is in argot/configuration.py."],
  ],
  { stale: ["old"], deleted: ["argot/ansi_formatters.py"] },
);

// =============================================================================================
// lingquan: a scheduled coupon-claiming bot run by CI (Chinese)
// =============================================================================================

family(
  "lq-node",
  "lingquan",
  [
    ["n18", "constraint", 300, "运行环境要求 Node.js 18 及以上。"],
    ["n182", "constraint", 35, "本地和 CI 的 Node 版本都不能低于十八。"],
    ["pnpm", "constraint", 280, "CI 用 GitHub Actions 的 ubuntu-latest 运行。"],
    ["x270", "constraint", 270, "只支持 Linux 和 macOS 上开发。"],
  ],
  { merge: [["n18", "n182"]] },
);

family(
  "lq-pnpm",
  "lingquan",
  [
    ["p8", "constraint", 290, "包管理工具用 pnpm 8.x。"],
    ["p9", "constraint", 30, "包管理工具升级到 pnpm 9。"],
    ["corepack", "convention", 270, "pnpm 的 store 目录在 CI 里缓存。"],
    ["x260", "constraint", 260, "不要用 npm 或 yarn 安装依赖。"],
  ],
  { supersede: [["p9", "p8"]] },
);

family(
  "lq-corepack",
  "lingquan",
  [
    ["cp", "convention", 280, "推荐用 corepack 来匹配包管理器的版本。"],
    ["cp2", "convention", 35, "先执行 corepack enable，让 package.json 里声明的 pnpm 版本自动生效。"],
    ["lock", "convention", 270, "pnpm-lock.yaml 必须提交。"],
    ["x260", "convention", 260, "升级依赖单独提一个 PR。"],
  ],
  { merge: [["cp", "cp2"]] },
);

family(
  "lq-esm",
  "lingquan",
  [
    ["esm", "convention", 290, "代码使用 ES 模块规范。"],
    ["esm2", "convention", 30, "源码一律写 import/export，不写 require。"],
    ["ext", "convention", 270, "相对导入要写完整的 .js 后缀。"],
    ["x260", "convention", 260, "package.json 里 type 设为 module。"],
  ],
  { merge: [["esm", "esm2"]] },
);

family(
  "lq-env",
  "lingquan",
  [
    ["env", "procedure", 300, "在 .env 文件中写入配置，参考 docs/本地运行.md。"],
    ["env2", "procedure", 40, "本地跑之前，把账号令牌等配置填进项目根目录的 .env。"],
    ["example", "procedure", 280, ".env.example 列出了所有配置项。"],
    ["x270", "procedure", 270, "CI 里的配置放在仓库的 Secrets 中。"],
  ],
  { merge: [["env", "env2"]] },
);

family(
  "lq-bootstrap",
  "lingquan",
  [
    ["boot", "procedure", 290, "初始化安装执行 pnpm bootstrap。"],
    ["install", "procedure", 30, "初始化安装执行 pnpm install，bootstrap 脚本已删除。"],
    ["dev", "procedure", 270, "安装时会自动装好 husky 钩子。"],
    ["x260", "procedure", 260, "首次运行会在 .cache/ 下生成 token 缓存。"],
  ],
  { supersede: [["install", "boot"]] },
);

family(
  "lq-jest",
  "lingquan",
  [
    ["jest", "procedure", 280, "测试套件用 Jest，运行 pnpm test。"],
    ["vitest", "procedure", 30, "测试框架换成了 Vitest，仍然运行 pnpm test。"],
    ["cov", "procedure", 270, "覆盖率报告用 pnpm test --coverage 生成。"],
    ["x260", "procedure", 260, "测试文件放在 __tests__ 目录。"],
  ],
  { supersede: [["vitest", "jest"]] },
);

family(
  "lq-lint",
  "lingquan",
  [
    ["lint", "procedure", 290, "用 ESLint 和 editorconfig 保持代码风格，提交前运行 pnpm lint。"],
    ["lint2", "procedure", 35, "PR 前先跑一遍 pnpm lint，ESLint 和 editorconfig 的规则都要通过。"],
    ["fix", "procedure", 270, "pnpm lint --fix 会自动修复能修的问题。"],
    ["x260", "procedure", 260, "PR 要写清楚改了什么。"],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "lq-cron",
  "lingquan",
  [
    ["c8", "fact", 290, "定时任务每天早上 8 点领券。"],
    ["c10", "fact", 30, "定时任务改为每天上午十点领券。"],
    ["retry", "fact", 270, "领到的券会记录在日志里。"],
    ["x260", "fact", 260, "定时任务的时区是 Asia/Shanghai。"],
  ],
  { supersede: [["c10", "c8"]] },
);

family(
  "lq-retry",
  "lingquan",
  [
    ["r3", "fact", 280, "领券失败会重试 3 次。"],
    ["r32", "fact", 35, "每次领取失败后最多再试三回。"],
    ["gap", "fact", 270, "重试只针对网络错误，账号失效不重试。"],
    ["x260", "fact", 260, "全部失败才会发通知。"],
  ],
  { merge: [["r3", "r32"]] },
);

family(
  "lq-gap",
  "lingquan",
  [
    ["g30", "fact", 290, "两次重试之间间隔 30 秒。"],
    ["g60", "fact", 30, "两次重试之间的间隔加长到六十秒。"],
    ["timeout", "fact", 270, "单次请求超时 10 秒。"],
    ["x260", "fact", 260, "重试间隔写在 src/config.js。"],
  ],
  { supersede: [["g60", "g30"]] },
);

family(
  "lq-notify",
  "lingquan",
  [
    ["bark", "fact", 280, "领券结果通过 Bark 推送到手机。"],
    ["tg", "fact", 30, "领券结果改为推送到 Telegram 机器人，Bark 不再使用。"],
    ["mail", "fact", 270, "每周汇总通过邮件发送。"],
    ["x260", "fact", 260, "推送失败不影响领券结果。"],
  ],
  { supersede: [["tg", "bark"]] },
);

family("lq-scripts", "lingquan", [
  ["dev", "procedure", 280, "本地调试执行 pnpm dev。"],
  ["build", "procedure", 270, "打包执行 pnpm build，产物在 dist/。"],
  ["start", "procedure", 260, "用打包产物运行执行 pnpm start。"],
  ["once", "procedure", 250, "只领一次券执行 pnpm start --once。"],
]);

family(
  "lq-branch",
  "lingquan",
  [
    ["feat", "convention", 290, "新功能从 main 拉分支，分支名形如 my-new-feature。"],
    ["feat2", "convention", 35, "每个特性在自己的分支上开发，分支从 main 创建。"],
    ["push", "convention", 270, "推送分支后再创建 Pull Request。"],
    ["x260", "convention", 260, "不要直接向 main 推送。"],
  ],
  { merge: [["feat", "feat2"]] },
);

family(
  "lq-stale",
  "lingquan",
  [
    ["old", "fact", 270, "旧的登录逻辑在 src/login-legacy.js。"],
    ["keep", "fact", 60, "领券入口在 src/index.js。"],
    ["x55", "fact", 55, "推送逻辑在 src/notify.js。"],
  ],
  { stale: ["old"], deleted: ["src/login-legacy.js"] },
);

// =============================================================================================
// weiqian: a micro-frontend shell and its sub-apps (Chinese)
// =============================================================================================

family(
  "wq-commit",
  "weiqian",
  [
    ["cc", "convention", 300, "提交信息遵循 Conventional Commits 规范。"],
    ["cc2", "convention", 35, "commit 标题写成 类型(范围): 描述 的格式，例如 feat(shell): 增加菜单。"],
    ["en", "convention", 280, "提交前会自动运行 commitlint 检查格式。"],
    ["x270", "convention", 270, "一个提交只做一件事。"],
  ],
  { merge: [["cc", "cc2"]] },
);

family(
  "wq-lang",
  "weiqian",
  [
    ["en", "convention", 290, "提交信息用英文写。"],
    ["zh", "convention", 30, "提交信息改用中文写，类型前缀保留英文。"],
    ["words", "convention", 270, "提交标题不超过 50 个字符。"],
    ["x260", "convention", 260, "正文说明为什么改。"],
  ],
  { supersede: [["zh", "en"]] },
);

family(
  "wq-tests",
  "weiqian",
  [
    ["unit", "convention", 290, "新功能需包含单元测试。"],
    ["unit2", "convention", 35, "加功能的 PR 必须同时带上覆盖它的单元测试。"],
    ["pass", "convention", 270, "提交前确保所有测试通过。"],
    ["e2e", "convention", 260, "跨子应用的流程另写端到端测试。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family(
  "wq-yarn",
  "weiqian",
  [
    ["yarn", "constraint", 300, "依赖用 Yarn 安装，版本以 package.json 的 packageManager 为准。"],
    ["pnpm", "constraint", 30, "依赖改用 pnpm 安装，不再使用 Yarn。"],
    ["node", "constraint", 280, "子应用之间不能直接互相引用源码。"],
    ["x270", "constraint", 270, "依赖装在仓库根目录，子应用不单独安装。"],
  ],
  { supersede: [["pnpm", "yarn"]] },
);

family(
  "wq-node",
  "weiqian",
  [
    ["nvmrc", "constraint", 290, "Node.js 版本以 .nvmrc 为准。"],
    ["nvmrc2", "constraint", 40, "用 nvm use 切到 .nvmrc 里写的那个 Node 版本再开发。"],
    ["n20", "constraint", 270, "切换 Node 版本后要重新安装依赖。"],
    ["x260", "constraint", 260, "CI 也读取 .nvmrc 选择 Node 版本。"],
  ],
  { merge: [["nvmrc", "nvmrc2"]] },
);

family(
  "wq-n20",
  "weiqian",
  [
    ["n20", "constraint", 280, ".nvmrc 里写的是 Node 20。"],
    ["n22", "constraint", 30, ".nvmrc 升级到了 Node 二十二。"],
    ["engines", "constraint", 270, "package.json 的 engines 要和 .nvmrc 一致。"],
    ["x260", "constraint", 260, "升级 Node 版本要单独提 PR。"],
  ],
  { supersede: [["n22", "n20"]] },
);

family(
  "wq-eslint",
  "weiqian",
  [
    ["eslint", "convention", 290, "代码修改后要通过 ESLint 检查。"],
    ["eslint2", "convention", 35, "改完代码跑一下 ESLint，不能留下报错。"],
    ["prettier", "convention", 270, "格式交给 Prettier。"],
    ["x260", "convention", 260, "不要在代码里关掉 ESLint 规则。"],
  ],
  { merge: [["eslint", "eslint2"]] },
);

family(
  "wq-docs",
  "weiqian",
  [
    ["docs", "convention", 280, "新功能或修复要同步更新相关文档。"],
    ["docs2", "convention", 30, "改了行为就顺手把对应的文档也改掉。"],
    ["changelog", "convention", 270, "对外可见的改动还要写进 CHANGELOG.md。"],
    ["x260", "convention", 260, "文档放在 docs/ 目录。"],
  ],
  { merge: [["docs", "docs2"]] },
);

family(
  "wq-issue",
  "weiqian",
  [
    ["steps", "convention", 290, "提交 Issue 时描述问题表现、复现步骤和环境信息。"],
    ["steps2", "convention", 35, "报 bug 要写清楚现象、怎么复现、用的什么浏览器和系统。"],
    ["tpl", "convention", 270, "Issue 使用 .github/ISSUE_TEMPLATE 里的模板。"],
    ["x260", "convention", 260, "一个 Issue 只报一个问题。"],
  ],
  { merge: [["steps", "steps2"]] },
);

family(
  "wq-qiankun",
  "weiqian",
  [
    ["qiankun", "fact", 290, "子应用通过 qiankun 注册到主应用。"],
    ["mf", "fact", 30, "子应用改为通过 Module Federation 加载，qiankun 已移除。"],
    ["route", "fact", 270, "每个子应用占用一个一级路由。"],
    ["x260", "fact", 260, "主应用负责登录和菜单。"],
  ],
  { supersede: [["mf", "qiankun"]] },
);

family(
  "wq-ports",
  "weiqian",
  [
    ["shell", "fact", 280, "主应用开发端口是 3000。"],
    ["shell2", "fact", 30, "主应用的开发端口改成了三千零八十。"],
    ["order", "fact", 270, "订单子应用开发端口是 3001。"],
    ["user", "fact", 260, "用户子应用开发端口是 3002。"],
  ],
  { supersede: [["shell2", "shell"]] },
);

family("wq-apps", "weiqian", [
  ["order", "procedure", 280, "新增子应用：在 apps/ 下建目录，在 shell/src/apps.ts 注册，再配一个一级路由。"],
  ["widget", "procedure", 270, "新增公共组件：在 packages/ui 下建目录，在 index.ts 导出，再写一个示例。"],
  ["store", "procedure", 260, "新增全局状态：在 shell/src/store 下加一个模块，在 index.ts 注册。"],
  ["dev", "procedure", 250, "改完以后都要 yarn dev 启动主应用检查一遍。"],
]);

family(
  "wq-css",
  "weiqian",
  [
    ["scoped", "convention", 280, "子应用的样式加上应用名前缀，避免互相污染。"],
    ["modules", "convention", 30, "子应用的样式改用 CSS Modules 隔离，不再手写应用名前缀。"],
    ["vars", "convention", 270, "颜色和间距使用 packages/ui 里的 CSS 变量。"],
    ["x260", "convention", 260, "不要在子应用里写全局 reset 样式。"],
  ],
  { supersede: [["modules", "scoped"]] },
);

family(
  "wq-stale",
  "weiqian",
  [
    ["old", "fact", 270, "旧的子应用注册表在 shell/src/registry-old.ts。"],
    ["keep", "fact", 60, "子应用注册在 shell/src/apps.ts。"],
    ["x55", "fact", 55, "公共请求封装在 packages/request/index.ts。"],
  ],
  { stale: ["old"], deleted: ["shell/src/registry-old.ts"] },
);

// =============================================================================================
// changguan: a Go venue-booking backend (Chinese)
// =============================================================================================

family(
  "cg-gofmt",
  "changguan",
  [
    ["fmt", "convention", 300, "使用 gofmt 格式化代码。"],
    ["fmt2", "convention", 35, "提交的 Go 源码必须是 gofmt 处理过的样子。"],
    ["imports", "convention", 280, "导入顺序用 goimports 整理。"],
    ["x270", "convention", 270, "遵循 Go 官方代码规范。"],
  ],
  { merge: [["fmt", "fmt2"]] },
);

family(
  "cg-lint",
  "changguan",
  [
    ["lint", "procedure", 290, "运行 golangci-lint 进行代码检查。"],
    ["lint2", "procedure", 30, "推送前跑一遍 golangci-lint run ./...，不能有告警。"],
    ["vet", "procedure", 270, "go vet ./... 也要通过。"],
    ["x260", "procedure", 260, "golangci-lint 的配置在 .golangci.yml。"],
  ],
  { merge: [["lint", "lint2"]] },
);

family(
  "cg-prefix",
  "changguan",
  [
    ["prefix", "convention", 290, "提交信息以 feat:、fix:、docs: 等前缀开头。"],
    ["prefix2", "convention", 35, "每条提交信息先写类型前缀，新功能写 feat:，修 bug 写 fix:。"],
    ["chore", "convention", 270, "构建或工具的改动用 chore: 前缀。"],
    ["x260", "convention", 260, "提交信息要清楚地描述改动内容。"],
  ],
  { merge: [["prefix", "prefix2"]] },
);

family(
  "cg-go",
  "changguan",
  [
    ["g122", "constraint", 300, "Go 版本要求 1.22。"],
    ["g123", "constraint", 30, "Go 版本要求升到 1.23。"],
    ["mysql", "constraint", 280, "第三方依赖升级要在 PR 里说明原因。"],
    ["x270", "constraint", 270, "依赖用 Go modules 管理。"],
  ],
  { supersede: [["g123", "g122"]] },
);

family(
  "cg-db",
  "changguan",
  [
    ["mysql", "constraint", 290, "数据库用 MySQL 8。"],
    ["pg", "constraint", 30, "数据库迁到了 PostgreSQL，MySQL 不再支持。"],
    ["redis", "constraint", 270, "缓存用 Redis 7。"],
    ["x260", "constraint", 260, "本地数据库用 docker compose 启动。"],
  ],
  { supersede: [["pg", "mysql"]] },
);

family(
  "cg-hold",
  "changguan",
  [
    ["h15", "fact", 290, "预约成功后场地锁定 15 分钟等待付款。"],
    ["h152", "fact", 40, "下单后场地会被保留十五分钟，超时未付款就释放。"],
    ["cancel", "fact", 270, "同一场地同一时段只能有一个有效预约。"],
    ["x260", "fact", 260, "付款回调地址是 /api/pay/notify。"],
  ],
  { merge: [["h15", "h152"]] },
);

family(
  "cg-cancel",
  "changguan",
  [
    ["c2", "fact", 280, "开场前 2 小时以内不能取消预约。"],
    ["c4", "fact", 30, "开场前四小时以内就不能再取消预约了。"],
    ["refund", "fact", 270, "取消成功会给用户发短信。"],
    ["x260", "fact", 260, "取消记录保存一年。"],
  ],
  { supersede: [["c4", "c2"]] },
);

family(
  "cg-refund",
  "changguan",
  [
    ["full", "fact", 290, "取消预约后全额退款。"],
    ["fee", "fact", 30, "取消预约要扣百分之十的手续费，其余退回。"],
    ["days", "fact", 270, "退款 3 个工作日内到账。"],
    ["x260", "fact", 260, "退款走原支付渠道。"],
  ],
  { supersede: [["fee", "full"]] },
);

family(
  "cg-test",
  "changguan",
  [
    ["unit", "convention", 280, "编写单元测试覆盖新功能。"],
    ["unit2", "convention", 35, "新加的功能要有对应的 _test.go 测试。"],
    ["table", "convention", 270, "测试用表驱动的写法。"],
    ["x260", "convention", 260, "集成测试加 integration 构建标签。"],
  ],
  { merge: [["unit", "unit2"]] },
);

family("cg-make", "changguan", [
  ["test", "procedure", 280, "make test 运行 go test ./... -race。"],
  ["lint", "procedure", 270, "make lint 运行 golangci-lint run。"],
  ["run", "procedure", 260, "make run 启动服务，默认读取 config/dev.yaml。"],
  ["build", "procedure", 250, "make build 生成 bin/changguan。"],
]);

family(
  "cg-port",
  "changguan",
  [
    ["p8080", "fact", 290, "服务默认监听 8080 端口。"],
    ["p8080b", "fact", 35, "不改配置的话，接口服务开在八零八零端口上。"],
    ["admin", "fact", 270, "管理后台监听 8081 端口。"],
    ["pprof", "fact", 260, "pprof 监听 6060 端口，只在开发环境开启。"],
  ],
  { merge: [["p8080", "p8080b"]] },
);

family(
  "cg-config",
  "changguan",
  [
    ["yaml", "fact", 280, "配置文件是 config/dev.yaml。"],
    ["toml", "fact", 30, "配置文件改成了 config/dev.toml。"],
    ["prod", "fact", 270, "生产配置从环境变量读取。"],
    ["x260", "fact", 260, "配置由 viper 加载。"],
  ],
  { supersede: [["toml", "yaml"]] },
);

family(
  "cg-log",
  "changguan",
  [
    ["zap", "convention", 290, "日志统一用 zap。"],
    ["slog", "convention", 30, "日志改用标准库的 log/slog，zap 已移除。"],
    ["json", "convention", 270, "生产环境日志输出 JSON 格式。"],
    ["x260", "convention", 260, "日志里不能出现手机号。"],
  ],
  { supersede: [["slog", "zap"]] },
);

family(
  "cg-stale",
  "changguan",
  [
    ["old", "fact", 270, "旧的排期算法在 internal/schedule/legacy.go。"],
    ["keep", "fact", 60, "预约服务在 internal/booking/service.go。"],
    ["x55", "fact", 55, "路由注册在 internal/router/router.go。"],
  ],
  { stale: ["old"], deleted: ["internal/schedule/legacy.go"] },
);

// =============================================================================================
// More of the same projects: further rules, near-duplicates and reversed rules
// =============================================================================================

family(
  "ci-async",
  "cinder",
  [
    ["sync", "convention", 290, "Route handlers are plain def functions; FastAPI runs them in a thread pool."],
    ["async", "convention", 30, "Route handlers are async def, never plain def."],
    ["block", "convention", 270, "Blocking calls inside async handlers go through run_in_threadpool."],
    ["deps", "convention", 260, "Dependencies that open resources use yield to close them."],
    ["x250", "convention", 250, "Handlers return models, never raw dicts."],
  ],
  { supersede: [["async", "sync"]] },
);

family(
  "ar-exit",
  "argot",
  [
    ["code", "convention", 280, "A subcommand returns True on success and False on failure; argot turns that into the exit code."],
    ["code2", "convention", 35, "Subcommands report success by returning a truthy value, failure with a falsy one, and the process exit status follows."],
    ["raise", "convention", 270, "Subcommands may also raise SystemExit with an explicit code."],
    ["x260", "convention", 260, "Print errors with cli.log.error, not print."],
    ["x250", "convention", 250, "Exit code 2 means a usage error."],
  ],
  { merge: [["code", "code2"]] },
);

family(
  "cu-increment",
  "cutover",
  [
    ["conv", "fact", 290, "The next version is derived from Conventional Commits through the conventional-changelog plugin."],
    [
      "conv2",
      "fact",
      40,
      "Which part of the version to bump is worked out from the commit types (feat, fix, BREAKING CHANGE) by the conventional-changelog plugin.",
    ],
    ["pkg", "fact", 270, "The current version is read from package.json, not from the latest git tag."],
    ["tag", "fact", 260, "Without a package.json, the latest git tag gives the current version."],
    ["x250", "fact", 250, "A pre-release increment is given with --preRelease."],
  ],
  { merge: [["conv", "conv2"]] },
);

family(
  "lw-fixtures",
  "loomwork",
  [
    ["factory", "convention", 280, "Test data comes from factory_boy factories, not JSON fixtures."],
    ["factory2", "convention", 35, "Build test rows with the factories in each app's tests/factories.py instead of loading fixture files."],
    ["fixtures", "convention", 270, "Demo data for local use is loaded from fixtures/demo.json."],
    ["x260", "convention", 260, "Tests never depend on the order rows were created in."],
    ["x250", "convention", 250, "Every test cleans up files it writes to MEDIA_ROOT."],
  ],
  { merge: [["factory", "factory2"]] },
);

family(
  "cg-auth",
  "changguan",
  [
    ["jwt", "fact", 290, "接口用 JWT 鉴权，令牌有效期 2 小时。"],
    ["jwt24", "fact", 30, "JWT 令牌的有效期改成了二十四小时。"],
    ["refresh", "fact", 270, "刷新令牌有效期 7 天。"],
    ["header", "fact", 260, "令牌放在 Authorization 头里，格式是 Bearer 加令牌。"],
    ["x250", "fact", 250, "管理后台另有一套会话登录。"],
  ],
  { supersede: [["jwt24", "jwt"]] },
);

family(
  "lq-token",
  "lingquan",
  [
    ["token", "fact", 280, "账号令牌放在环境变量 TOKEN 里，多个账号用逗号分隔。"],
    ["token2", "fact", 30, "多账号时把各自的令牌都写进 TOKEN 变量，中间用英文逗号隔开。"],
    ["alias", "fact", 270, "账号别名写在 ALIAS 变量里，顺序和 TOKEN 一致。"],
    ["x260", "fact", 260, "令牌过期会在推送里提醒。"],
    ["x250", "fact", 250, "令牌只在本地 .env 和仓库 Secrets 中出现。"],
  ],
  { merge: [["token", "token2"]] },
);

export const BLIND_FAMILIES_R13 = families;

export const halfOfR13 = halfOf;
