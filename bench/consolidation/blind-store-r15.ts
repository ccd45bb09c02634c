/**
 * The round-fifteen blind set of the consolidation benchmark (issue #38): a NEW store, written and
 * labelled before any rule or threshold of this pass was changed (this file was committed alone,
 * labels included, before the first run), because every frozen half r3..r14 has been scored and so
 * is tuning data now.
 *
 * Eight projects whose themes come from public migration guides and release notes that no earlier
 * set used (rules paraphrased and turned into a project's memories, not copied):
 * - trellis (an online storefront on Next.js, pages router -> app router, 14 -> 15): "pages/ ->
 *   app/ with page.tsx; _app/_document -> app/layout.tsx; getServerSideProps -> fetch with
 *   cache: 'no-store'; getStaticPaths -> generateStaticParams (fallback -> dynamicParams);
 *   next/head -> metadata / generateMetadata; next/router -> usePathname from next/navigation;
 *   API routes -> route handlers; 'use client'" — "Migrating from Pages to the App Router",
 *   https://nextjs.org/docs/app/building-your-application/upgrading/app-router-migration; "params
 *   and searchParams are Promises; fetch no longer cached by default; useFormState ->
 *   useActionState; experimental.serverComponentsExternalPackages -> serverExternalPackages;
 *   next.config.ts" — "Upgrading: Version 15",
 *   https://nextjs.org/docs/app/building-your-application/upgrading/version-15;
 * - almanac (a library lending site on Django, 4.2 -> 5.1): "DEFAULT_FILE_STORAGE -> STORAGES;
 *   index_together -> Meta.indexes" — https://docs.djangoproject.com/en/5.1/releases/4.2/;
 *   "django.utils.timezone.utc removed; pytz support removed; log out only by POST;
 *   {{ field.as_field_group }}; Python 3.10+" — https://docs.djangoproject.com/en/5.1/releases/5.0/;
 *   "LoginRequiredMiddleware and @login_not_required; CheckConstraint.check -> condition" —
 *   https://docs.djangoproject.com/en/5.1/releases/5.1/;
 * - sifter (a Python survey-data pipeline, 3.9 -> 3.12): "distutils removed (setuptools); imp
 *   removed (importlib); asyncore/asynchat/smtpd removed; unittest assertEquals aliases removed;
 *   configparser.SafeConfigParser removed; datetime.utcnow() deprecated; PEP 695 type parameter
 *   syntax; PEP 701 f-strings; typing.override; invalid escape sequences are a SyntaxWarning" —
 *   "What's New In Python 3.12", https://docs.python.org/3/whatsnew/3.12.html;
 * - ordinal (an order service on Spring Boot, 2.7 -> 3.x): "Java 17 baseline; javax -> jakarta;
 *   spring.redis.* -> spring.data.redis.*; trailing-slash matching off by default;
 *   management.metrics.export.<product> -> management.<product>.metrics.export; Sleuth ->
 *   Micrometer Tracing; spring.factories -> AutoConfiguration.imports;
 *   spring-boot-properties-migrator; WebSecurityConfigurerAdapter -> SecurityFilterChain bean,
 *   antMatchers -> requestMatchers" — the Spring Boot 3.0 Migration Guide,
 *   https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide;
 *   "server.max-http-header-size -> server.max-http-request-header-size" —
 *   https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0.0-RC1-Release-Notes;
 *   "spring.threads.virtual.enabled" —
 *   https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.2-Release-Notes;
 * - keelson (a platform team's Kubernetes manifests and Helm charts, clusters 1.21 -> 1.29):
 *   "Ingress extensions/v1beta1 -> networking.k8s.io/v1 with service.name/service.port.number and
 *   a required pathType; CronJob batch/v1beta1 -> batch/v1; PodDisruptionBudget policy/v1beta1 ->
 *   policy/v1; HPA autoscaling/v2beta2 -> autoscaling/v2; PodSecurityPolicy removed in 1.25" — the
 *   Deprecated API Migration Guide, https://kubernetes.io/docs/reference/using-api/deprecation-guide/;
 *   "PSP -> Pod Security Admission namespace labels" —
 *   https://kubernetes.io/docs/tasks/configure-pod-container/migrate-from-psp/; "dockershim
 *   removed, containerd and crictl" — https://kubernetes.io/blog/2022/02/17/dockershim-faq/;
 *   "service account token Secrets no longer generated automatically, kubectl create token" —
 *   https://kubernetes.io/blog/2022/05/03/kubernetes-1-24-release-announcement/;
 * - Chinese: xingtu 星图 (a map dashboard built with Vite, 4 -> 7): "Node 18 (Vite 5), then
 *   Node 20.19+ (Vite 7); the CJS Node API deprecated, ESM config; --https removed,
 *   @vitejs/plugin-basic-ssl; import.meta.glob as -> query" — 从 v4 迁移,
 *   https://cn.vite.dev/guide/migration-from-v4; "Sass modern API by default" — 从 v5 迁移,
 *   https://cn.vite.dev/guide/migration-from-v5; "build.target 'modules' ->
 *   'baseline-widely-available' (Chrome 107 -> 111, Safari 16.0 -> 16.4); Sass legacy API removed;
 *   splitVendorChunkPlugin removed, use manualChunks" — 从 v6 迁移,
 *   https://cn.vite.dev/guide/migration-from-v6; "import.meta.env, not process.env" — 环境变量和模式,
 *   https://cn.vite.dev/guide/env-and-mode;
 * - Chinese: jinghe 经合 (a pnpm monorepo, 8 -> 9 -> 10): "link-workspace-packages off by default
 *   (workspace: protocol); lockfile v9" — https://github.com/pnpm/pnpm/releases/tag/v9.0.0;
 *   "dependency lifecycle scripts not run by default (onlyBuiltDependencies); eslint and prettier
 *   no longer publicly hoisted" — https://github.com/pnpm/pnpm/releases/tag/v10.0.0; "catalog:
 *   versions in pnpm-workspace.yaml; settings in pnpm-workspace.yaml; pnpm deploy" — the Chinese
 *   pnpm docs, https://pnpm.io/zh/catalogs, https://pnpm.io/zh/settings, https://pnpm.io/zh/cli/deploy;
 * - Chinese: qiaoyu 巧鱼 (a Flutter shop app, 3.7 -> 3.27): "WillPopScope -> PopScope with
 *   onPopInvokedWithResult; MaterialState -> WidgetState; textScaleFactor -> TextScaler;
 *   useMaterial3 true by default; ButtonBar -> OverflowBar; Color.withOpacity -> withValues; the
 *   2018 TextTheme names (headline6, subtitle1) removed; the Gradle plugin applied declaratively;
 *   dart fix" — 破坏性改动 (Breaking changes) 及迁移指南, https://docs.flutter.cn/release/breaking-changes.
 *
 * The mix is the one a store extracted from many sessions of real work has: most memories (394 of
 * 697) are in no pair — conventions, facts, procedures and decisions that share a project's
 * vocabulary, many of them in one frame with different claims (33 families such as tr-env,
 * al-apps, od-states, kl-alerts, xt-layers, jh-packages, qy-pages, and the *-misc ones), and 8
 * families where a later rule adds a further rule to an earlier one (tr-review, al-tests,
 * sf-plugin-tests, od-flyway, kl-labels, xt-commit, jh-deps, qy-release: NOT a contradiction,
 * unlabelled). The true pairs (150, plus 9 stale memories) are what later sessions produce; every
 * labelled family carries a `// kind:` comment:
 * - merge, 62 (39 % of the 159 labels): 22 close paraphrases (merge-close), 27 that share few
 *   words (merge-few: "ten seconds" for "10 seconds", 火星坐标系 for GCJ-02, kubeseal for
 *   SealedSecrets), 13 with a detail added (merge-detail);
 * - supersede, 88 (55 %): 28 choices or mechanisms replaced (sup-replace, with or without a cue
 *   word), 23 renamed options, methods, keys or API versions with no cue word (sup-rename:
 *   spring.redis.host -> spring.data.redis.host, assertEquals -> assertEqual, WillPopScope ->
 *   PopScope), 12 reversed rules (sup-reverse: fetch caching, trailing slash, pnpm build scripts),
 *   25 changed values — 8 with the number in words (fifty, five minutes, three, 五百张, 三百兆,
 *   二, a week), 6 with a cue word, 11 without a cue (Java 11 -> 17, Kubernetes 1.21 -> 1.29,
 *   and two chains of three versions, xt-node and jh-version, labelled pair by pair, newest over
 *   both older ones);
 * - stale, 9 (6 %): every named file gone.
 * Ages are spread over a year: a newer memory is not always the youngest of its family, and the
 * two halves of a merge are sometimes days apart.
 *
 * Labels (written before the code was run on this set), as in blind-store-r14.ts:
 * - `merge`: the same subject and the same claim (a paraphrase, or the same claim with a detail
 *   added) — a reviewer would keep one memory. A memory that adds a further RULE is not the same
 *   claim;
 * - `supersede` [newer, older]: the same setting or choice with a changed value (also when the
 *   number is said in other words), an explicit replacement (with or without a cue word), a renamed
 *   option, method or key, or a reversed rule;
 * - `stale`: a memory whose every named file is gone from the work tree.
 * Anything not labelled is not a pair.
 *
 * The split: a family goes to a half by the first byte of sha256("consolidation-blind-r15:" + id),
 * even -> tuning, odd -> frozen (`halfOfR15`): 196 families and 697 memories in 8 projects;
 * frozen 94 families (334 memories, 24 merges, 45 supersessions, 6 stale), tuning 102 (363
 * memories, 38 merges, 43 supersessions, 3 stale). By kind, frozen: merge-close 8, merge-few 10,
 * merge-detail 6; sup-replace 17, sup-rename 12, sup-reverse 4, sup-value-words 5, sup-value-cue 3,
 * sup-value-nocue 4; stale 6; further-rule families 3, frame families 18. Tuning: merge-close 14,
 * merge-few 17, merge-detail 7; sup-replace 11, sup-rename 11, sup-reverse 8, sup-value-words 3,
 * sup-value-cue 3, sup-value-nocue 7; stale 3; further-rule 5, frame 15. Cross-family repeats
 * inside a project were checked before the commit (word Jaccard, character bigrams for Chinese:
 * none above 0.4; the highest, 0.33, are different API versions of different resources), and every
 * memory was compared with the earlier sets' memories (the few above 0.55 were rewritten).
 */
import { blindSet } from "./blind-set";

const { families, family, halfOf } = blindSet("r15");

// =============================================================================================
// trellis: an online storefront on Next.js (pages router -> app router, then Next 14 -> 15)
// =============================================================================================

// kind: sup-replace
family(
  "tr-routes",
  "trellis",
  [
    ["pages", "convention", 340, "Every route of the storefront is a file under pages/, one file per URL."],
    ["app", "convention", 95, "New routes go under app/ as a folder holding a page.tsx; nothing new is added to pages/ any more."],
    ["brackets", "convention", 330, "Dynamic segments are named with square brackets, like [slug] or [...path]."],
    ["count", "fact", 120, "The storefront has about forty routes, half of them product or category pages."],
  ],
  { supersede: [["app", "pages"]] },
);

// kind: sup-replace
family(
  "tr-root",
  "trellis",
  [
    ["appfile", "fact", 320, "pages/_app.tsx wraps every page in the CartProvider and imports the global stylesheet."],
    ["layout", "fact", 90, "The root layout app/layout.tsx imports the global stylesheet and wraps its children in the CartProvider."],
    ["document", "fact", 310, "The lang attribute and the favicon links are set in the custom document."],
    ["theme", "fact", 60, "The colour theme is read from a cookie on the server so the first paint has the right theme."],
  ],
  { supersede: [["layout", "appfile"]] },
);

// kind: sup-replace
family(
  "tr-prices",
  "trellis",
  [
    ["gssp", "convention", 300, "Product pages load prices in getServerSideProps so a price is never stale."],
    ["nostore", "convention", 85, "Product pages are server components that fetch prices with cache: 'no-store', so a price is never stale."],
    ["stock", "convention", 290, "Stock levels are fetched in the browser after the page loads, every 30 seconds."],
    ["currency", "fact", 200, "Prices are shown in the visitor's currency, converted with the daily rate."],
  ],
  { supersede: [["nostore", "gssp"]] },
);

// kind: sup-rename
family(
  "tr-category-paths",
  "trellis",
  [
    ["gsp", "convention", 310, "Category pages list their paths in getStaticPaths with fallback: 'blocking'."],
    ["gsparams", "convention", 80, "Category pages export generateStaticParams, and categories missing from it are rendered on first request."],
    ["sitemap", "convention", 150, "The sitemap lists every category from the same query the category pages use."],
    ["empty", "convention", 240, "A category with no products shows the empty-state illustration, not a 404."],
  ],
  { supersede: [["gsparams", "gsp"]] },
);

// kind: sup-replace
family(
  "tr-meta",
  "trellis",
  [
    ["head", "convention", 300, "Each page sets its title and meta description with next/head."],
    ["metadata", "convention", 75, "Each page exports a metadata object, or generateMetadata when the title depends on data."],
    ["og", "convention", 180, "Product pages have an Open Graph image generated from the product photo."],
    ["suffix", "convention", 280, 'Every page title ends with " | Trellis".'],
  ],
  { supersede: [["metadata", "head"]] },
);

// kind: sup-rename
family(
  "tr-pathname",
  "trellis",
  [
    ["router", "convention", 290, "Client components read the current path with useRouter().pathname from next/router."],
    ["navigation", "convention", 70, "Client components read the current path with usePathname() from next/navigation."],
    ["query", "convention", 160, "Filters on category pages are kept in the query string so a filtered view can be shared."],
    ["active", "convention", 230, "The active link in the header is underlined and bold."],
  ],
  { supersede: [["navigation", "router"]] },
);

// kind: sup-reverse
family(
  "tr-params",
  "trellis",
  [
    ["plain", "fact", 150, "In a page component, params is a plain object, so params.slug can be read straight away."],
    ["promise", "fact", 25, "Since Next 15, params and searchParams are Promises: await params before reading slug."],
    ["notfound", "fact", 140, "A slug that matches no product calls notFound(), which renders app/not-found.tsx."],
  ],
  { supersede: [["promise", "plain"]] },
);

// kind: sup-reverse
family(
  "tr-fetch-cache",
  "trellis",
  [
    ["cached", "fact", 160, "fetch calls in server components are cached by default; opt a call out when it must be live."],
    ["uncached", "fact", 20, "fetch in server components is not cached by default any more: cache a call explicitly with cache: 'force-cache'."],
    ["tags", "fact", 110, "Cached catalogue fetches carry the tag catalogue so the admin can revalidate them together."],
    ["cms", "fact", 45, "CMS content is fetched from the headless CMS over GraphQL."],
  ],
  { supersede: [["uncached", "cached"]] },
);

// kind: sup-rename
family(
  "tr-formstate",
  "trellis",
  [
    ["useformstate", "convention", 130, "The checkout forms keep the server action's result with useFormState from react-dom."],
    ["useactionstate", "convention", 22, "The checkout forms keep the server action's result with useActionState from react."],
    ["pending", "convention", 120, "Submit buttons are disabled while the form is pending."],
    ["zod", "convention", 200, "Server actions validate their input with zod before touching the database."],
  ],
  { supersede: [["useactionstate", "useformstate"]] },
);

// kind: sup-rename
family(
  "tr-externals",
  "trellis",
  [
    ["experimental", "fact", 140, "sharp is listed in experimental.serverComponentsExternalPackages in next.config.js."],
    ["stable", "fact", 24, "sharp is listed in serverExternalPackages in next.config.ts."],
    ["remote", "fact", 210, "Product photos come from cdn.trellis.shop, allowed in images.remotePatterns."],
  ],
  { supersede: [["stable", "experimental"]] },
);

// kind: sup-value-words
family(
  "tr-revalidate",
  "trellis",
  [
    ["sixty", "convention", 260, "The home page is regenerated every 60 seconds (export const revalidate = 60)."],
    ["five", "convention", 55, "The home page is now revalidated every five minutes; one minute put too much load on the CMS."],
    ["promo", "convention", 250, "Promotion banners are revalidated on demand when the marketing team publishes."],
    ["footer", "convention", 190, "The footer links are static and never revalidated."],
  ],
  { supersede: [["five", "sixty"]] },
);

// kind: sup-value-nocue
family(
  "tr-node",
  "trellis",
  [
    ["n1817", "fact", 200, "The storefront builds on Node 18.17 or later."],
    ["n20", "fact", 30, "The storefront builds on Node 20 or later."],
    ["pm", "fact", 210, "Dependencies are installed with npm; the lockfile is package-lock.json."],
  ],
  { supersede: [["n20", "n1817"]] },
);

// kind: merge-few
family(
  "tr-route-handlers",
  "trellis",
  [
    ["handlers", "convention", 110, "API endpoints are route.ts files under app/api that export GET and POST functions."],
    ["handlers2", "convention", 35, "Backend endpoints are written as route handlers: one file per endpoint, with a function per HTTP method."],
    ["webhook", "convention", 100, "The payment webhook verifies the provider signature before reading the body."],
    ["rate", "convention", 170, "Public endpoints are rate limited to 60 requests a minute per IP."],
  ],
  { merge: [["handlers", "handlers2"]] },
);

// kind: merge-close
family(
  "tr-use-client",
  "trellis",
  [
    ["client", "convention", 100, "Components that use state, effects or browser APIs start with the 'use client' directive."],
    ["client2", "convention", 40, "Put 'use client' at the top of any component that needs useState, useEffect or the window object."],
    ["server", "convention", 95, "Everything else stays a server component by default."],
    ["boundary", "convention", 90, "Keep client components as leaves; pass server-rendered content to them as children."],
  ],
  { merge: [["client", "client2"]] },
);

// kind: merge-detail
family(
  "tr-images",
  "trellis",
  [
    ["nextimage", "convention", 280, "Product photos are rendered with next/image and an explicit width and height."],
    ["nextimage2", "convention", 65, "Product photos always go through next/image with width and height set; the first photo on a page also gets priority."],
    ["alt", "convention", 270, "Every product photo has alt text taken from the product name."],
    ["avif", "fact", 150, "The image optimizer's cache lives in .next/cache/images and is kept between deploys."],
  ],
  { merge: [["nextimage", "nextimage2"]] },
);

// kind: merge-few
family(
  "tr-fonts",
  "trellis",
  [
    ["font", "convention", 260, "Fonts are loaded with next/font/google (Inter) and never from a <link> tag."],
    ["font2", "convention", 50, "Inter is self-hosted at build time through next/font, so no request goes to Google from the browser."],
    ["mono", "convention", 240, "Order numbers are shown in a monospace font."],
  ],
  { merge: [["font", "font2"]] },
);

// kind: further-rule
family("tr-review", "trellis", [
  ["one", "convention", 300, "Every pull request is reviewed by another storefront developer before it is merged."],
  ["payments", "convention", 60, "Pull requests that touch app/checkout also need an approval from the payments team."],
  ["draft", "convention", 250, "Open a draft pull request early for large changes."],
]);

// kind: frame
family("tr-env", "trellis", [
  ["api", "fact", 300, "NEXT_PUBLIC_API_URL is the public address of the catalogue API."],
  ["stripe", "fact", 280, "STRIPE_SECRET_KEY is read only in server code and never prefixed NEXT_PUBLIC_."],
  ["cms", "fact", 190, "CMS_TOKEN gives read access to the headless CMS."],
  ["preview", "fact", 120, "PREVIEW_SECRET unlocks draft mode for editors."],
]);

// kind: frame
family("tr-scripts", "trellis", [
  ["dev", "procedure", 310, "npm run dev starts the storefront on port 3000."],
  ["build", "procedure", 300, "npm run build makes the production build in .next/."],
  ["e2e", "procedure", 180, "npm run e2e runs the Playwright checkout tests against a local build."],
  ["analyze", "procedure", 90, "ANALYZE=true npm run build opens the bundle analyzer report."],
]);

// kind: frame
family("tr-cart", "trellis", [
  ["cookie", "fact", 240, "The cart id is kept in an httpOnly cookie called trellis_cart."],
  ["ttl", "fact", 230, "An abandoned cart is deleted after 30 days."],
  ["merge", "fact", 160, "Logging in merges the guest cart into the account's cart."],
  ["limit", "fact", 110, "A cart holds at most 50 lines."],
]);

// kind: stale
family(
  "tr-stale",
  "trellis",
  [
    ["types", "fact", 280, "Shared page prop types live in pages/_types.ts."],
    ["keep", "fact", 40, "Money amounts in the shared types are integers in cents."],
    ["gen", "fact", 35, "CMS types are generated into lib/cms/generated.ts by npm run codegen."],
  ],
  { stale: ["types"], deleted: ["pages/_types.ts"] },
);

// kind: merge-close
family(
  "tr-search",
  "trellis",
  [
    ["algolia", "fact", 220, "Product search is served by Algolia; the index is rebuilt every night at 02:00."],
    ["algolia2", "fact", 130, "Search on the storefront is Algolia, with a full reindex nightly at 2 am."],
    ["typo", "fact", 210, "Search tolerates one typo in words of five letters or more."],
    ["synonyms", "fact", 100, "Search synonyms are managed by the merchandising team in the Algolia dashboard."],
  ],
  { merge: [["algolia", "algolia2"]] },
);

// kind: merge-few
family(
  "tr-errors",
  "trellis",
  [
    ["boundary", "convention", 80, "Each route segment that loads data has its own error.tsx, so a failing widget does not blank the whole page."],
    ["boundary2", "convention", 28, "A crash in one section of a page must stay in that section: give the segment its own error boundary file."],
    ["global", "convention", 75, "app/global-error.tsx renders a plain fallback with its own html and body tags."],
    ["sentry", "convention", 200, "Errors are reported to Sentry with the release name."],
  ],
  { merge: [["boundary", "boundary2"]] },
);

// kind: frame
family("tr-checkout", "trellis", [
  ["guest", "fact", 260, "Guests can check out without an account; they give an email address."],
  ["address", "fact", 250, "The shipping address form autocompletes through the address lookup API."],
  ["methods", "fact", 240, "Card, PayPal and Apple Pay are offered at checkout."],
  ["confirm", "fact", 150, "The confirmation page shows the order number and the expected delivery date."],
  ["vat", "fact", 90, "Prices at checkout include VAT for EU addresses."],
]);

// kind: frame
family("tr-misc", "trellis", [
  ["i18n", "fact", 270, "The storefront is in English and German; the locale is the first path segment."],
  ["a11y", "convention", 180, "Every interactive element is reachable by keyboard, checked with axe in the e2e tests."],
  ["flags", "fact", 130, "Feature flags come from the flag service and are read in the root layout."],
]);

// kind: merge-few
family(
  "tr-loading",
  "trellis",
  [
    ["skeleton", "convention", 70, "Slow sections stream in behind a Suspense boundary with a skeleton that has the final layout's size."],
    ["skeleton2", "convention", 18, "Anything slow to load shows a placeholder of the same size while it streams in, so the page does not jump."],
    ["loadingfile", "convention", 65, "Route-level loading.tsx files are only used for the account pages."],
  ],
  { merge: [["skeleton", "skeleton2"]] },
);

// kind: merge-close
family(
  "tr-middleware",
  "trellis",
  [
    ["geo", "fact", 190, "middleware.ts redirects a visitor with no locale in the path to /en or /de from the Accept-Language header."],
    ["geo2", "decision", 85, "Visitors without a locale segment are redirected by middleware.ts to /de or /en, chosen from Accept-Language."],
    ["matcher", "fact", 180, "The middleware matcher skips _next, api and static files."],
    ["bots", "fact", 60, "Search engine bots are never redirected by locale."],
  ],
  { merge: [["geo", "geo2"]] },
);

// =============================================================================================
// almanac: a library catalogue and lending site on Django (4.2 -> 5.0 -> 5.1)
// =============================================================================================

// kind: sup-replace
family(
  "al-storage",
  "almanac",
  [
    ["default", "fact", 330, "Uploaded book covers go to S3 because DEFAULT_FILE_STORAGE points at the S3 backend."],
    ["storages", "fact", 120, 'Uploaded book covers go to S3: the "default" entry of the STORAGES setting uses the S3 backend.'],
    ["static", "fact", 320, "Static files are served by WhiteNoise in production."],
    ["size", "fact", 250, "A cover image is resized to 600 pixels wide on upload."],
  ],
  { supersede: [["storages", "default"]] },
);

// kind: sup-replace
family(
  "al-index",
  "almanac",
  [
    ["together", "convention", 310, "Loan has index_together on (member, due_date) for the overdue report."],
    ["indexes", "convention", 70, "Loan declares Meta.indexes with an Index on member and due_date for the overdue report."],
    ["unique", "convention", 300, "A copy can be on only one open loan: a UniqueConstraint with a condition on returned_at."],
    ["names", "convention", 200, "Index and constraint names start with the app label."],
  ],
  { supersede: [["indexes", "together"]] },
);

// kind: sup-rename
family(
  "al-check",
  "almanac",
  [
    ["check", "convention", 140, "The positive-fine rule is a CheckConstraint written with check=Q(amount__gt=0)."],
    ["condition", "convention", 20, "The positive-fine rule is a CheckConstraint written with condition=Q(amount__gt=0)."],
    ["violation", "convention", 130, "Constraint errors are shown on the form through violation_error_message."],
  ],
  { supersede: [["condition", "check"]] },
);

// kind: sup-replace
family(
  "al-utc",
  "almanac",
  [
    ["djutc", "convention", 320, "Timestamps in background jobs are made with datetime.now(tz=timezone.utc), importing utc from django.utils.timezone."],
    ["stdutc", "convention", 90, "Timestamps in background jobs use datetime.now(datetime.timezone.utc); django.utils.timezone.utc is gone."],
    ["usetz", "convention", 310, "USE_TZ is on and everything is stored in UTC."],
    ["display", "convention", 240, "Due dates are shown in the library's local time, Europe/Dublin."],
  ],
  { supersede: [["stdutc", "djutc"]] },
);

// kind: sup-reverse
family(
  "al-logout",
  "almanac",
  [
    ["get", "fact", 300, "The Log out link in the header is a plain link to /accounts/logout/."],
    ["post", "fact", 85, "Logging out must be a POST: the header has a small form with a Log out button instead of a link."],
    ["redirect", "fact", 290, "After logging out, members land on the catalogue search page."],
    ["session", "fact", 210, "Members can stay signed in for thirty days with Remember me."],
  ],
  { supersede: [["post", "get"]] },
);

// kind: sup-value-nocue
family(
  "al-python",
  "almanac",
  [
    ["py38", "fact", 330, "Production runs Python 3.8 with Django 4.2 LTS."],
    ["py312", "fact", 80, "Production runs Python 3.12 with Django 5.1."],
    ["pg", "fact", 320, "The database is PostgreSQL."],
  ],
  { supersede: [["py312", "py38"]] },
);

// kind: sup-replace
family(
  "al-login-required",
  "almanac",
  [
    ["decorator", "convention", 110, "Member-only views are protected one by one with @login_required."],
    ["middleware", "convention", 15, "Every view now requires a login through LoginRequiredMiddleware; public views are marked with @login_not_required."],
    ["staff", "convention", 100, "Staff-only views also check is_staff with @user_passes_test."],
    ["catalogue", "convention", 160, "The catalogue and the opening hours are readable without an account."],
  ],
  { supersede: [["middleware", "decorator"]] },
);

// kind: sup-replace
family(
  "al-pytz",
  "almanac",
  [
    ["pytz", "fact", 300, "Opening hours are converted between time zones with pytz."],
    ["zoneinfo", "fact", 90, "Opening hours are converted between time zones with the standard zoneinfo module; pytz was removed from the requirements."],
    ["holidays", "fact", 280, "Bank holidays come from the holidays package."],
  ],
  { supersede: [["zoneinfo", "pytz"]] },
);

// kind: sup-value-words
family(
  "al-paginate",
  "almanac",
  [
    ["p25", "convention", 260, "Search results are paginated 25 to a page."],
    ["p50", "convention", 45, "Search results show fifty books per page now."],
    ["sort", "convention", 250, "Search results are sorted by relevance, then by title."],
    ["facets", "convention", 180, "The search sidebar has facets for language, format and year."],
  ],
  { supersede: [["p50", "p25"]] },
);

// kind: sup-value-cue
family(
  "al-loan-length",
  "almanac",
  [
    ["d14", "fact", 240, "A standard loan lasts 14 days."],
    ["d21", "fact", 50, "The standard loan period was changed to 21 days."],
    ["renew", "fact", 230, "A loan can be renewed twice unless someone has reserved the book."],
    ["fine", "fact", 220, "Overdue books cost 20 cents a day, capped at the book's price."],
  ],
  { supersede: [["d21", "d14"]] },
);

// kind: merge-few
family(
  "al-migrations",
  "almanac",
  [
    ["reverse", "procedure", 280, "Every RunSQL operation in a migration must have reverse_sql so the migration can be rolled back."],
    ["reverse2", "procedure", 30, "Raw SQL steps in migrations always come with their undo statement, otherwise migrating backwards breaks."],
    ["concurrent", "procedure", 270, "An index on the loans table is added with AddIndexConcurrently so the table is not locked."],
    ["data", "procedure", 180, "Data migrations use apps.get_model, never the model imported directly."],
  ],
  { merge: [["reverse", "reverse2"]] },
);

// kind: merge-few
family(
  "al-queries",
  "almanac",
  [
    ["select", "convention", 250, "List views use select_related and prefetch_related so a page runs a fixed number of queries."],
    ["select2", "convention", 40, "A list page must not issue one query per row: load the related author and copies up front."],
    ["count", "convention", 240, "Tests assert the query count of the busiest pages with assertNumQueries."],
    ["raw", "convention", 150, "Raw SQL is only allowed in the reports app."],
  ],
  { merge: [["select", "select2"]] },
);

// kind: merge-detail
family(
  "al-fieldgroup",
  "almanac",
  [
    ["group", "convention", 100, "Form fields are rendered with {{ field.as_field_group }} so label, help text and errors come together."],
    [
      "group2",
      "convention",
      25,
      "Render each form field with {{ field.as_field_group }}, which outputs label, help text and errors; the template is forms/field.html.",
    ],
    ["widget", "convention", 95, "Date inputs use the HTML5 date widget."],
  ],
  { merge: [["group", "group2"]] },
);

// kind: merge-few
family(
  "al-emails",
  "almanac",
  [
    ["async", "fact", 230, "Reminder emails go out from a Celery task that runs every morning, not from the view that records a loan."],
    ["async2", "fact", 60, "Requests do not wait on SMTP: the due-date reminders go out from the worker queue."],
    ["template", "fact", 220, "Email bodies are Django templates under templates/email/."],
    ["time", "fact", 140, "Reminders are sent at 8 in the morning, two days before the due date."],
  ],
  { merge: [["async", "async2"]] },
);

// kind: frame
family("al-apps", "almanac", [
  ["catalogue", "fact", 320, "The catalogue app owns books, authors and editions."],
  ["lending", "fact", 310, "The lending app owns loans, reservations and fines."],
  ["members", "fact", 300, "The members app owns library cards and the custom user model."],
  ["reports", "fact", 200, "The reports app owns the monthly statistics and the overdue list."],
]);

// kind: frame
family("al-deploy", "almanac", [
  ["migrate", "procedure", 290, "A release runs migrate before the new web processes start."],
  ["static", "procedure", 280, "A release runs collectstatic into the image at build time."],
  ["check", "procedure", 270, "A release runs manage.py check --deploy in CI."],
  ["rollback", "procedure", 160, "To roll back, redeploy the previous image; migrations are written to be backwards compatible."],
]);

// kind: further-rule
family("al-tests", "almanac", [
  ["pytest", "convention", 280, "The lending rules are tested against a frozen clock with time-machine."],
  ["factories", "convention", 120, "Test members get card numbers from a reserved range starting 2900-9999."],
  ["coverage", "convention", 60, "New code in the lending app must come with tests that cover the fine calculation."],
]);

// kind: stale
family(
  "al-stale",
  "almanac",
  [
    ["old", "fact", 300, "The barcode scanner view is in lending/legacy_scan.py."],
    ["keep", "fact", 50, "Every copy gets a Code 128 barcode label when it is catalogued."],
  ],
  { stale: ["old"], deleted: ["lending/legacy_scan.py"] },
);

// kind: stale
family(
  "al-stale2",
  "almanac",
  [
    ["settings", "fact", 260, "Settings for the old catalogue import are in almanac/settings/import_marc.py and scripts/marc_import.sh."],
    ["marc", "fact", 70, "MARC records are imported through the admin's import page."],
    ["x", "fact", 240, "Each edition has an ISBN-13; ISBN-10 is converted on save."],
  ],
  { stale: ["settings"], deleted: ["almanac/settings/import_marc.py", "scripts/marc_import.sh"] },
);

// kind: merge-close
family(
  "al-isbn",
  "almanac",
  [
    ["lookup", "fact", 210, "When a librarian types an ISBN, title and author are filled in from the Open Library API."],
    ["lookup2", "fact", 110, "Typing an ISBN in the add-book form fills in the title and author from Open Library."],
    ["manual", "fact", 200, "Books without an ISBN are catalogued by hand."],
  ],
  { merge: [["lookup", "lookup2"]] },
);

// kind: merge-few
family(
  "al-reservations",
  "almanac",
  [
    ["queue", "fact", 190, "Reservations are served first come, first served; the first member in the queue gets the returned copy."],
    ["queue2", "fact", 35, "Whoever reserved a book earliest is offered the copy when it comes back."],
    ["hold", "fact", 180, "A reserved copy waits on the hold shelf for five days."],
    ["limit", "fact", 170, "A member can have at most ten reservations."],
  ],
  { merge: [["queue", "queue2"]] },
);

// kind: frame
family("al-admin", "almanac", [
  ["list", "convention", 280, "Every ModelAdmin sets list_display and search_fields."],
  ["readonly", "convention", 270, "Loan history is read-only in the admin."],
  ["actions", "convention", 160, "Bulk actions in the admin ask for confirmation."],
  ["perm", "convention", 150, "Only superusers can delete members in the admin."],
]);

// kind: frame
family("al-misc", "almanac", [
  ["cache", "fact", 230, "The catalogue search page is cached for five minutes in Redis."],
  ["branches", "fact", 220, "The library has three branches: Central, Northside and Harbour."],
  ["cards", "fact", 140, "Library card numbers are 14 digits starting with 2900."],
  ["a11y", "convention", 120, "Templates are checked with the accessibility linter in CI."],
]);

// kind: merge-detail
family(
  "al-htmx",
  "almanac",
  [
    ["htmx", "decision", 200, "Renewing a loan and reserving a copy update the page through htmx requests, with no front-end framework."],
    ["htmx2", "decision", 40, "We chose htmx over a SPA framework for renewals and reservations; partial templates are named with a leading underscore."],
    ["alpine", "convention", 190, "Small client-side toggles use Alpine.js."],
  ],
  { merge: [["htmx", "htmx2"]] },
);

// kind: merge-close
family(
  "al-search",
  "almanac",
  [
    ["fts", "fact", 210, "Catalogue search uses PostgreSQL full-text search with a SearchVector on title, author and subject."],
    ["fts2", "fact", 30, "Searching the catalogue is PostgreSQL full-text search over title, author and subject (SearchVector)."],
    ["trigram", "fact", 200, "Author names also match approximately through a trigram index."],
    ["stop", "fact", 120, "Search uses the English configuration, so stop words are ignored."],
  ],
  { merge: [["fts", "fts2"]] },
);

// =============================================================================================
// sifter: a Python data pipeline that cleans and loads survey exports (Python 3.9 -> 3.12)
// =============================================================================================

// kind: sup-replace
family(
  "sf-setup",
  "sifter",
  [
    ["distutils", "fact", 350, "setup.py builds the C tokenizer extension with distutils."],
    ["setuptools", "fact", 100, "The C tokenizer extension is built by setuptools from pyproject.toml; distutils is not available on 3.12."],
    ["wheel", "fact", 340, "Wheels are built for Linux x86_64 and aarch64 only."],
    ["abi", "fact", 200, "The extension is compiled against the stable ABI."],
  ],
  { supersede: [["setuptools", "distutils"]] },
);

// kind: sup-replace
family(
  "sf-utcnow",
  "sifter",
  [
    ["utcnow", "convention", 330, "Load timestamps are taken with datetime.utcnow()."],
    ["nowutc", "convention", 85, "Load timestamps are taken with datetime.now(UTC), aware, instead of the deprecated utcnow()."],
    ["iso", "convention", 320, "Timestamps are written to the warehouse as ISO 8601 strings."],
    ["batch", "convention", 210, "Every row carries the id of the batch that loaded it."],
  ],
  { supersede: [["nowutc", "utcnow"]] },
);

// kind: sup-replace
family(
  "sf-generics",
  "sifter",
  [
    ["typevar", "convention", 200, 'Generic helpers declare T = TypeVar("T") at module level.'],
    ["pep695", "convention", 40, "Generic helpers use the new type parameter syntax, def first[T](items: list[T]) -> T, with no TypeVar."],
    ["alias", "convention", 190, "Long types get an alias named in PascalCase."],
    ["mypy", "convention", 180, "mypy runs in strict mode, except for the plugins/ folder."],
  ],
  { supersede: [["pep695", "typevar"]] },
);

// kind: sup-rename
family(
  "sf-assert",
  "sifter",
  [
    ["equals", "convention", 320, "The old unittest suites compare values with self.assertEquals."],
    ["equal", "convention", 80, "The old unittest suites compare values with self.assertEqual."],
    ["pytest", "convention", 310, "New tests are pytest functions with plain assert."],
  ],
  { supersede: [["equal", "equals"]] },
);

// kind: sup-rename
family(
  "sf-config",
  "sifter",
  [
    ["safe", "fact", 300, "Source definitions are read from sources.ini with configparser.SafeConfigParser."],
    ["plain", "fact", 75, "Source definitions are read from sources.ini with configparser.ConfigParser."],
    ["env", "fact", 290, "Passwords in sources.ini are placeholders filled in from environment variables at read time."],
    ["reload", "fact", 150, "The source list is re-read at the start of every run, not cached."],
  ],
  { supersede: [["plain", "safe"]] },
);

// kind: sup-replace
family(
  "sf-imp",
  "sifter",
  [
    ["imp", "convention", 310, "Cleaning plugins are loaded from plugins/ with imp.load_source."],
    ["importlib", "convention", 70, "Cleaning plugins are loaded from plugins/ through importlib.util.spec_from_file_location."],
    ["registry", "convention", 300, "Each plugin registers itself with the @cleaner decorator."],
    ["order", "convention", 160, "Plugins run in alphabetical order of their file names."],
  ],
  { supersede: [["importlib", "imp"]] },
);

// kind: sup-value-nocue
family(
  "sf-runtime",
  "sifter",
  [
    ["py39", "fact", 340, "The pipeline runs on Python 3.9 in the container."],
    ["py312", "fact", 60, "The pipeline runs on Python 3.12 in the container."],
    ["base", "fact", 330, "The container is built from the slim Debian image."],
  ],
  { supersede: [["py312", "py39"]] },
);

// kind: sup-value-words
family(
  "sf-chunk",
  "sifter",
  [
    ["c10k", "convention", 280, "Exports are read in chunks of 10,000 rows."],
    ["c50k", "convention", 35, "Exports are now read fifty thousand rows at a time; the smaller chunks made the load four times slower."],
    ["encoding", "convention", 270, "Exports are decoded as UTF-8 with a fallback to cp1252."],
    ["bom", "convention", 260, "A byte order mark at the start of an export is stripped."],
  ],
  { supersede: [["c50k", "c10k"]] },
);

// kind: sup-value-cue
family(
  "sf-retries",
  "sifter",
  [
    ["r3", "fact", 230, "A failed warehouse insert is retried 3 times."],
    ["r5", "fact", 45, "Warehouse inserts are retried up to 5 times since the network upgrade, with exponential backoff."],
    ["dead", "fact", 220, "Rows that still fail go to the dead-letter table."],
    ["alert", "fact", 150, "More than 100 dead-letter rows in a run page the on-call person."],
  ],
  { supersede: [["r5", "r3"]] },
);

// kind: sup-reverse
family(
  "sf-escapes",
  "sifter",
  [
    ["ignore", "convention", 260, "Invalid escape sequences in regex strings are harmless warnings; they can be ignored."],
    ["raw", "convention", 55, "Regex patterns must be raw strings: an invalid escape sequence is a SyntaxWarning on 3.12 and CI fails on warnings."],
    ["compile", "convention", 250, "Patterns used in loops are compiled once at module level."],
  ],
  { supersede: [["raw", "ignore"]] },
);

// kind: merge-close
family(
  "sf-fstrings",
  "sifter",
  [
    ["nested", "convention", 70, "f-strings may reuse the outer quote inside a replacement field, as 3.12 allows."],
    ["nested2", "convention", 30, "Inside an f-string's braces, the same quote character as the outer string is allowed now that we are on 3.12."],
    ["logging", "convention", 65, "Log calls pass arguments to the logger, never a pre-built f-string."],
    ["format", "convention", 300, "Numbers in reports are formatted with a thousands separator."],
  ],
  { merge: [["nested", "nested2"]] },
);

// kind: merge-detail
family(
  "sf-override",
  "sifter",
  [
    ["override", "convention", 60, "Methods that override a base-class method are marked with @override from typing."],
    ["override2", "convention", 20, "Mark overriding methods with typing.override; mypy then reports an override whose base method was renamed."],
    ["abc", "convention", 55, "Base classes of cleaners are abstract (ABC) with abstractmethod."],
  ],
  { merge: [["override", "override2"]] },
);

// kind: merge-few
family(
  "sf-idempotent",
  "sifter",
  [
    ["rerun", "convention", 290, "A load can be re-run for the same day without duplicating rows."],
    ["rerun2", "convention", 40, "Running the job twice for one date must leave the warehouse exactly as after a single run (upsert on the natural key)."],
    ["backfill", "procedure", 280, "Backfill a range with sifter load --from DATE --to DATE."],
    ["lock", "convention", 180, "Only one load runs at a time; a second one exits if the advisory lock is held."],
  ],
  { merge: [["rerun", "rerun2"]] },
);

// kind: merge-close
family(
  "sf-pii",
  "sifter",
  [
    ["hash", "convention", 270, "Respondent email addresses are hashed with a salted SHA-256 before loading."],
    ["hash2", "convention", 90, "Email addresses of respondents are never loaded in clear: they are salted and hashed with SHA-256 first."],
    ["free", "convention", 260, "Free-text answers are scanned for phone numbers, which are masked."],
    ["retention", "convention", 170, "Raw exports are deleted from the bucket after 30 days."],
  ],
  { merge: [["hash", "hash2"]] },
);

// kind: further-rule
family("sf-plugin-tests", "sifter", [
  ["fixture", "convention", 300, "Every new cleaning plugin comes with a small fixture export under tests/fixtures."],
  ["encoding", "convention", 50, "A plugin that touches free-text answers also needs a test with a cp1252-encoded export."],
  ["ci", "procedure", 290, "CI runs the linters, mypy and the tests on every push."],
]);

// kind: frame
family("sf-stages", "sifter", [
  ["fetch", "fact", 320, "The fetch stage downloads the day's exports from the survey tool's API."],
  ["clean", "fact", 310, "The clean stage trims whitespace, fixes encodings and drops test responses."],
  ["map", "fact", 300, "The map stage turns question codes into warehouse column names."],
  ["load", "fact", 290, "The load stage upserts the rows into the warehouse."],
  ["report", "fact", 180, "The report stage mails a summary of row counts per survey."],
]);

// kind: frame
family("sf-cli", "sifter", [
  ["run", "procedure", 280, "sifter run executes every stage for today's exports."],
  ["dry", "procedure", 270, "sifter run --dry-run goes through all stages but writes nothing."],
  ["stage", "procedure", 190, "sifter run --stage clean runs a single stage on the cached exports."],
  ["inspect", "procedure", 100, "sifter inspect FILE prints the columns and the first rows of an export."],
]);

// kind: stale
family(
  "sf-stale",
  "sifter",
  [
    ["asyncore", "fact", 320, "The test SMTP sink is in tests/smtp_sink.py, built on asyncore."],
    ["keep", "fact", 60, "The warehouse tables are documented in docs/warehouse.md."],
  ],
  { stale: ["asyncore"], deleted: ["tests/smtp_sink.py"] },
);

// kind: merge-detail
family(
  "sf-schedule",
  "sifter",
  [
    ["cron", "fact", 250, "The pipeline runs every day at 05:30 UTC from a Kubernetes CronJob."],
    ["cron2", "fact", 70, "The daily run starts at 05:30 UTC (a CronJob), after the survey tool finishes its own export at 05:00."],
    ["manual", "procedure", 240, "Trigger an extra run with kubectl create job --from=cronjob/sifter-daily."],
  ],
  { merge: [["cron", "cron2"]] },
);

// kind: merge-few
family(
  "sf-nulls",
  "sifter",
  [
    ["skip", "convention", 230, "An unanswered question is loaded as NULL, never as an empty string or zero."],
    ["skip2", "convention", 20, 'Missing answers stay missing in the warehouse: no "" and no 0 in their place.'],
    ["dk", "convention", 220, '"Don\'t know" answers get their own code, -99.'],
    ["multi", "convention", 140, "Multiple-choice answers are stored one row per chosen option."],
  ],
  { merge: [["skip", "skip2"]] },
);

// kind: frame
family("sf-warehouse", "sifter", [
  ["schema", "fact", 300, "Survey tables live in the raw_surveys schema."],
  ["views", "fact", 290, "Analysts query the curated views in the surveys schema, not the raw tables."],
  ["partition", "fact", 200, "Response tables are partitioned by month of the response date."],
  ["grants", "fact", 190, "Only the loader role may write to raw_surveys."],
]);

// kind: frame
family("sf-misc", "sifter", [
  ["owner", "fact", 270, "The data engineering team owns the pipeline; alerts go to their pager."],
  ["sla", "fact", 260, "Yesterday's responses must be in the warehouse by 08:00 UTC."],
  ["surveys", "fact", 130, "About sixty surveys are active at any time."],
]);

// kind: merge-close
family(
  "sf-polars",
  "sifter",
  [
    ["polars", "decision", 180, "Cleaning is done with Polars data frames; pandas is only used in the old notebooks."],
    ["polars2", "decision", 45, "The clean stage works on Polars frames, and pandas survives only in the legacy notebooks."],
    ["lazy", "convention", 170, "Large exports are scanned lazily with scan_csv and collected once."],
  ],
  { merge: [["polars", "polars2"]] },
);

// kind: merge-few
family(
  "sf-secrets",
  "sifter",
  [
    ["vault", "convention", 240, "The warehouse password is read from Vault at start-up and never written to disk."],
    ["vault2", "convention", 25, "No credential file on the runner: the loader fetches its database secret when it starts and keeps it in memory only."],
    ["token", "convention", 230, "The survey tool's API token is rotated every ninety days."],
  ],
  { merge: [["vault", "vault2"]] },
);

// =============================================================================================
// ordinal: an order-management service on Spring Boot (2.7 -> 3.x)
// =============================================================================================

// kind: sup-value-nocue
family(
  "od-java",
  "ordinal",
  [
    ["j11", "fact", 360, "The service is compiled for Java 11."],
    ["j17", "fact", 110, "The service is compiled for Java 17."],
    ["gradle", "fact", 350, "The build uses the Gradle wrapper checked into the repository."],
    ["toolchain", "fact", 200, "The JDK is selected through a Gradle toolchain, not JAVA_HOME."],
  ],
  { supersede: [["j17", "j11"]] },
);

// kind: sup-rename
family(
  "od-jakarta",
  "ordinal",
  [
    ["javax", "convention", 340, "Entities import their annotations from javax.persistence and validation from javax.validation."],
    ["jakarta", "convention", 105, "Entities import their annotations from jakarta.persistence and validation from jakarta.validation."],
    ["lombok", "convention", 330, "Entities do not use Lombok's @Data; getters and setters are written out."],
    ["ids", "convention", 220, "Order ids are UUIDs generated by the application, not the database."],
  ],
  { supersede: [["jakarta", "javax"]] },
);

// kind: sup-rename
family(
  "od-redis",
  "ordinal",
  [
    ["redis", "fact", 330, "The Redis host for the cart cache is set with spring.redis.host."],
    ["dataredis", "fact", 100, "The Redis host for the cart cache is set with spring.data.redis.host."],
    ["ttl", "fact", 320, "Cached carts expire after one hour."],
    ["serializer", "fact", 210, "Cache values are serialized as JSON, not with Java serialization."],
  ],
  { supersede: [["dataredis", "redis"]] },
);

// kind: sup-replace
family(
  "od-security",
  "ordinal",
  [
    [
      "adapter",
      "convention",
      320,
      "Security is configured in SecurityConfig, which extends WebSecurityConfigurerAdapter and overrides configure(HttpSecurity).",
    ],
    ["chain", "convention", 95, "Security is configured in SecurityConfig by a @Bean SecurityFilterChain built from HttpSecurity."],
    ["jwt", "convention", 310, "API calls are authenticated with JWTs issued by the company's Keycloak."],
    ["csrf", "convention", 300, "CSRF protection is off for the stateless API paths only."],
  ],
  { supersede: [["chain", "adapter"]] },
);

// kind: sup-rename
family(
  "od-matchers",
  "ordinal",
  [
    ["ant", "convention", 310, 'Admin endpoints are restricted with authorizeRequests().antMatchers("/admin/**").hasRole("ADMIN").'],
    ["request", "convention", 90, 'Admin endpoints are restricted with authorizeHttpRequests().requestMatchers("/admin/**").hasRole("ADMIN").'],
    ["actuator", "convention", 300, "Actuator endpoints other than health need the OPS role."],
  ],
  { supersede: [["request", "ant"]] },
);

// kind: sup-reverse
family(
  "od-slash",
  "ordinal",
  [
    ["match", "fact", 300, "A trailing slash does not matter: /orders/ and /orders reach the same handler."],
    ["nomatch", "fact", 80, "A trailing slash matters now: /orders/ gives a 404, so clients must call /orders."],
    ["version", "fact", 290, "Every path starts with the API version, /v1."],
    ["case", "fact", 190, "Paths are lower case with dashes between words."],
  ],
  { supersede: [["nomatch", "match"]] },
);

// kind: sup-rename
family(
  "od-metrics",
  "ordinal",
  [
    ["old", "fact", 290, "Metrics are pushed to Datadog, enabled with management.metrics.export.datadog.enabled."],
    ["new", "fact", 75, "Metrics are pushed to Datadog, enabled with management.datadog.metrics.export.enabled."],
    ["tags", "fact", 280, "Every metric is tagged with the service name and the region."],
    ["step", "fact", 150, "Metrics are pushed every 30 seconds."],
  ],
  { supersede: [["new", "old"]] },
);

// kind: sup-replace
family(
  "od-tracing",
  "ordinal",
  [
    ["sleuth", "fact", 300, "Trace ids come from Spring Cloud Sleuth and appear in every log line."],
    ["micrometer", "fact", 70, "Trace ids come from Micrometer Tracing with the OpenTelemetry bridge and appear in every log line."],
    ["otlp", "fact", 160, "Spans are exported over OTLP to the collector on port 4318."],
    ["sample", "fact", 140, "One request in ten is sampled in production."],
  ],
  { supersede: [["micrometer", "sleuth"]] },
);

// kind: sup-rename
family(
  "od-header-size",
  "ordinal",
  [
    ["max", "fact", 260, "Large JWTs fit because server.max-http-header-size is 16KB."],
    ["request", "fact", 65, "Large JWTs fit because server.max-http-request-header-size is 16KB."],
    ["timeout", "fact", 250, "The connection timeout is 5 seconds."],
  ],
  { supersede: [["request", "max"]] },
);

// kind: sup-replace
family(
  "od-autoconfig",
  "ordinal",
  [
    ["factories", "fact", 290, "The shared starter registers its auto-configuration in META-INF/spring.factories."],
    [
      "imports",
      "fact",
      90,
      "The shared starter lists its auto-configuration class in META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports.",
    ],
    ["conditional", "fact", 280, "Each bean in the starter is @ConditionalOnMissingBean so services can replace it."],
  ],
  { supersede: [["imports", "factories"]] },
);

// kind: sup-value-cue
family(
  "od-pool",
  "ordinal",
  [
    ["p10", "fact", 250, "The Hikari pool holds 10 connections."],
    ["p30", "fact", 40, "The Hikari pool was raised to 30 connections after the Black Friday incident."],
    ["leak", "fact", 240, "Hikari's leak detection threshold is 20 seconds."],
    ["readonly", "fact", 160, "Report queries go to the read replica through a second data source."],
  ],
  { supersede: [["p30", "p10"]] },
);

// kind: sup-value-words
family(
  "od-idempotency",
  "ordinal",
  [
    ["h24", "convention", 230, "Idempotency keys on POST /orders are kept for 24 hours."],
    ["d7", "convention", 30, "Idempotency keys on order creation are remembered for a week now."],
    ["header", "convention", 220, "Clients send the key in the Idempotency-Key header."],
    ["conflict", "convention", 210, "Reusing a key with a different body returns 422."],
  ],
  { supersede: [["d7", "h24"]] },
);

// kind: merge-close
family(
  "od-migrator",
  "ordinal",
  [
    ["migrator", "procedure", 110, "During the Boot 3 upgrade, keep spring-boot-properties-migrator on the runtime classpath to log renamed properties."],
    [
      "migrator2",
      "procedure",
      100,
      "While upgrading to Boot 3, add spring-boot-properties-migrator as a runtime dependency so renamed properties are reported at startup.",
    ],
    ["remove", "procedure", 60, "The upgrade branch must pass the full integration suite before it is merged."],
  ],
  { merge: [["migrator", "migrator2"]] },
);

// kind: merge-few
family(
  "od-money",
  "ordinal",
  [
    ["bigdecimal", "convention", 300, "Amounts are BigDecimal with scale 2 and HALF_EVEN rounding."],
    ["bigdecimal2", "convention", 50, "Never use double for prices; banker's rounding to the cent on a BigDecimal."],
    ["currency", "convention", 290, "Every amount travels with its ISO 4217 currency code."],
    ["tax", "convention", 180, "VAT rates come from the tax service and are cached for a day."],
  ],
  { merge: [["bigdecimal", "bigdecimal2"]] },
);

// kind: merge-detail
family(
  "od-problem",
  "ordinal",
  [
    ["problem", "convention", 150, "Errors are returned as RFC 7807 problem details (ProblemDetail)."],
    ["problem2", "convention", 35, "API errors use ProblemDetail (RFC 7807); each one also carries an errorCode property from the OrderError enum."],
    ["log", "convention", 140, "5xx errors are logged with the stack trace, 4xx errors without."],
  ],
  { merge: [["problem", "problem2"]] },
);

// kind: merge-few
family(
  "od-outbox",
  "ordinal",
  [
    ["outbox", "fact", 280, "Order events are written to an outbox table in the same transaction as the order."],
    ["outbox2", "fact", 55, "Kafka never sees an event whose order was rolled back: events are stored with the order and relayed afterwards."],
    ["topic", "fact", 270, "Order events are published to the topic orders.v1."],
    ["relay", "fact", 170, "The relay polls the outbox every 500 ms."],
  ],
  { merge: [["outbox", "outbox2"]] },
);

// kind: further-rule
family("od-flyway", "ordinal", [
  ["flyway", "convention", 300, "Schema changes are Flyway migrations under db/migration, named V<n>__<description>.sql."],
  ["expand", "convention", 80, "A migration that drops a column ships one release after the code stopped reading it."],
  ["repeatable", "convention", 200, "Views are repeatable migrations (R__ prefix)."],
]);

// kind: frame
family("od-states", "ordinal", [
  ["created", "fact", 300, "An order starts in CREATED when the cart is checked out."],
  ["paid", "fact", 290, "An order moves to PAID when the payment provider confirms the capture."],
  ["shipped", "fact", 280, "An order moves to SHIPPED when the warehouse scans the parcel."],
  ["cancelled", "fact", 270, "An order can be CANCELLED only before it is SHIPPED."],
]);

// kind: frame
family("od-profiles", "ordinal", [
  ["local", "fact", 300, "The local profile uses Testcontainers for PostgreSQL and Kafka."],
  ["staging", "fact", 290, "The staging profile points at the shared staging cluster."],
  ["prod", "fact", 280, "The prod profile reads secrets from Vault."],
  ["test", "fact", 190, "The test profile turns off the outbox relay."],
]);

// kind: stale
family(
  "od-stale",
  "ordinal",
  [
    ["sleuthcfg", "fact", 290, "Sampling is configured in src/main/resources/sleuth.properties."],
    ["keep", "fact", 60, "Log lines are JSON in every profile except local."],
  ],
  { stale: ["sleuthcfg"], deleted: ["src/main/resources/sleuth.properties"] },
);

// kind: merge-close
family(
  "od-contract",
  "ordinal",
  [
    ["openapi", "convention", 270, "The API contract is the OpenAPI file in api/openapi.yaml; controllers are generated from it."],
    ["openapi2", "convention", 130, "Controllers are generated from api/openapi.yaml, which is the source of truth for the API."],
    ["breaking", "convention", 260, "A breaking change to the API needs a new version path."],
  ],
  { merge: [["openapi", "openapi2"]] },
);

// kind: merge-few
family(
  "od-timeouts",
  "ordinal",
  [
    ["payment", "fact", 220, "Calls to the payment provider time out after 10 seconds and are never retried automatically."],
    ["payment2", "fact", 45, "We do not retry a charge request on our side: after ten seconds without an answer the payment call gives up."],
    ["inventory", "fact", 210, "Calls to the inventory service time out after 2 seconds and are retried twice."],
    ["circuit", "fact", 200, "The inventory client has a circuit breaker that opens after 50 % failures."],
  ],
  { merge: [["payment", "payment2"]] },
);

// kind: frame
family("od-tests", "ordinal", [
  ["unit", "convention", 290, "Unit tests use JUnit 5 and AssertJ."],
  ["slice", "convention", 280, "Controller tests are @WebMvcTest slices with mocked services."],
  ["it", "convention", 270, "Integration tests end in IT and run with ./gradlew integrationTest."],
  ["contract", "convention", 160, "Consumer contract tests run against the Pact broker."],
]);

// kind: frame
family("od-misc", "ordinal", [
  ["owner", "fact", 250, "The checkout squad owns the order service."],
  ["region", "fact", 240, "The service runs in eu-west-1 and eu-central-1."],
  ["volume", "fact", 120, "Peak load is about 400 orders a minute."],
]);

// kind: merge-close
family(
  "od-virtual",
  "ordinal",
  [
    ["vthreads", "decision", 120, "Request handling runs on virtual threads (spring.threads.virtual.enabled=true)."],
    ["vthreads2", "decision", 50, "spring.threads.virtual.enabled is true, so requests are served on virtual threads."],
    ["pinning", "convention", 110, "Avoid synchronized blocks around I/O; they pin virtual threads."],
  ],
  { merge: [["vthreads", "vthreads2"]] },
);

// kind: merge-detail
family(
  "od-kafka-key",
  "ordinal",
  [
    ["key", "convention", 260, "Every Kafka message about an order is keyed by the order id so its events stay in order."],
    ["key2", "convention", 35, "Order events are keyed by order id to keep them ordered within a partition; the topic has twelve partitions."],
    ["schema", "convention", 250, "Event payloads are Avro, registered in the schema registry."],
    ["dlq", "convention", 140, "A message that fails three times goes to orders.v1.dlq."],
  ],
  { merge: [["key", "key2"]] },
);

// =============================================================================================
// keelson: the Kubernetes manifests and Helm charts of a platform team (clusters 1.21 -> 1.29)
// =============================================================================================

// kind: sup-rename
family(
  "kl-ingress-api",
  "keelson",
  [
    ["beta", "convention", 380, "Ingress manifests use apiVersion extensions/v1beta1."],
    ["v1", "convention", 120, "Ingress manifests use apiVersion networking.k8s.io/v1."],
    ["class", "convention", 370, "Every Ingress names the nginx ingress class."],
    ["tls", "convention", 250, "Every Ingress terminates TLS with a certificate from cert-manager."],
  ],
  { supersede: [["v1", "beta"]] },
);

// kind: sup-rename
family(
  "kl-ingress-backend",
  "keelson",
  [
    ["servicename", "convention", 360, "An Ingress path points at its Service with backend.serviceName and backend.servicePort."],
    ["service", "convention", 115, "An Ingress path points at its Service with backend.service.name and backend.service.port.number."],
    ["pathtype", "convention", 110, "Every Ingress path sets pathType: Prefix unless an exact match is needed."],
    ["default", "convention", 240, "Unmatched hosts go to the shared 404 backend."],
  ],
  { supersede: [["service", "servicename"]] },
);

// kind: sup-replace
family(
  "kl-psp",
  "keelson",
  [
    ["psp", "fact", 350, "Pods may not run as root: the restricted PodSecurityPolicy enforces it."],
    ["psa", "fact", 100, "Pods may not run as root: each namespace carries the pod-security.kubernetes.io/enforce: restricted label."],
    ["readonly", "fact", 340, "Containers run with a read-only root filesystem."],
    ["caps", "fact", 220, "Containers drop all Linux capabilities."],
  ],
  { supersede: [["psa", "psp"]] },
);

// kind: sup-rename
family(
  "kl-cronjob",
  "keelson",
  [
    ["beta", "convention", 330, "CronJobs use apiVersion batch/v1beta1."],
    ["v1", "convention", 95, "CronJobs use apiVersion batch/v1."],
    ["concurrency", "convention", 320, "CronJobs set concurrencyPolicy: Forbid."],
    ["history", "convention", 200, "CronJobs keep the last three successful and one failed job."],
  ],
  { supersede: [["v1", "beta"]] },
);

// kind: sup-rename
family(
  "kl-hpa",
  "keelson",
  [
    ["v2beta2", "convention", 300, "HorizontalPodAutoscalers are written against autoscaling/v2beta2."],
    ["v2", "convention", 80, "HorizontalPodAutoscalers are written against autoscaling/v2."],
    ["cpu", "convention", 290, "Web deployments scale on 70 % average CPU utilisation."],
    ["min", "convention", 180, "Production web deployments never scale below two replicas."],
  ],
  { supersede: [["v2", "v2beta2"]] },
);

// kind: sup-replace
family(
  "kl-runtime",
  "keelson",
  [
    ["docker", "fact", 370, "Nodes run containers through Docker (dockershim)."],
    ["containerd", "fact", 110, "Nodes run containers through containerd; there is no Docker daemon on them."],
    ["debug", "procedure", 100, "Inspect containers on a node with crictl, not docker ps."],
    ["os", "fact", 360, "Nodes run Ubuntu 22.04."],
  ],
  { supersede: [["containerd", "docker"]] },
);

// kind: sup-reverse
family(
  "kl-sa-token",
  "keelson",
  [
    ["auto", "fact", 320, "Every service account gets a long-lived token Secret automatically; the CI deployer reads its token from there."],
    ["manual", "fact", 90, "Service accounts no longer get token Secrets automatically: the CI deployer uses a short-lived token from kubectl create token."],
    ["rbac", "fact", 310, "The CI deployer may only touch Deployments, Services and ConfigMaps."],
    ["ns", "fact", 200, "Each team has its own namespace named after the team."],
  ],
  { supersede: [["manual", "auto"]] },
);

// kind: sup-value-nocue
family(
  "kl-version",
  "keelson",
  [
    ["v121", "fact", 380, "The production clusters run Kubernetes 1.21."],
    ["v129", "fact", 70, "The production clusters run Kubernetes 1.29."],
    ["managed", "fact", 370, "The clusters are managed EKS clusters."],
    ["upgrade", "procedure", 160, "Clusters are upgraded one minor version at a time, staging first."],
  ],
  { supersede: [["v129", "v121"]] },
);

// kind: sup-value-words
family(
  "kl-replicas",
  "keelson",
  [
    ["two", "convention", 280, "The ingress controller runs 2 replicas."],
    ["three", "convention", 45, "The ingress controller runs three replicas now, one per availability zone."],
    ["pdb", "convention", 270, "The ingress controller has a PodDisruptionBudget with maxUnavailable 1."],
  ],
  { supersede: [["three", "two"]] },
);

// kind: sup-value-cue
family(
  "kl-limits",
  "keelson",
  [
    ["m256", "convention", 260, "The default memory limit in the LimitRange is 256Mi."],
    ["m512", "convention", 55, "The default memory limit in the LimitRange was raised to 512Mi."],
    ["cpu", "convention", 250, "Containers get a CPU request but no CPU limit."],
    ["quota", "convention", 170, "Each team namespace has a ResourceQuota of 40 CPU."],
  ],
  { supersede: [["m512", "m256"]] },
);

// kind: sup-rename
family(
  "kl-pdb",
  "keelson",
  [
    ["beta", "convention", 290, "PodDisruptionBudgets use apiVersion policy/v1beta1."],
    ["v1", "convention", 85, "PodDisruptionBudgets use apiVersion policy/v1."],
    ["every", "convention", 280, "Every Deployment with more than one replica has a PodDisruptionBudget."],
  ],
  { supersede: [["v1", "beta"]] },
);

// kind: merge-close
family(
  "kl-pluto",
  "keelson",
  [
    ["pluto", "procedure", 140, "Before a cluster upgrade, run pluto detect-helm to find charts that still use removed API versions."],
    ["pluto2", "procedure", 60, "Ahead of each cluster upgrade, check the Helm releases with pluto detect-helm for API versions that the new release removes."],
    ["convert", "procedure", 130, "Old manifests can be rewritten with kubectl convert."],
  ],
  { merge: [["pluto", "pluto2"]] },
);

// kind: merge-few
family(
  "kl-gitops",
  "keelson",
  [
    ["argo", "convention", 330, "Nobody runs kubectl apply against production; Argo CD syncs the cluster from the main branch."],
    ["argo2", "convention", 75, "Production changes only land through a merged pull request that the GitOps controller picks up."],
    ["drift", "convention", 320, "Argo CD self-heals drift in production."],
    ["sync", "convention", 240, "Staging syncs automatically; production sync is manual."],
  ],
  { merge: [["argo", "argo2"]] },
);

// kind: merge-detail
family(
  "kl-probes",
  "keelson",
  [
    ["probes", "convention", 260, "Every container has a readiness probe and a liveness probe."],
    ["probes2", "convention", 40, "Every container has readiness and liveness probes, and slow starters also get a startup probe."],
    ["path", "convention", 250, "Probes call /healthz on the container's HTTP port."],
  ],
  { merge: [["probes", "probes2"]] },
);

// kind: merge-few
family(
  "kl-secrets",
  "keelson",
  [
    ["sealed", "convention", 300, "Secrets are committed only as SealedSecrets, never as plain Secret manifests."],
    ["sealed2", "convention", 65, "A raw Secret in the repository is a leak: encrypt it with kubeseal first."],
    ["rotate", "procedure", 290, "Rotate a secret by sealing the new value and deleting the pods."],
    ["scope", "convention", 180, "SealedSecrets are scoped to their namespace."],
  ],
  { merge: [["sealed", "sealed2"]] },
);

// kind: further-rule
family("kl-labels", "keelson", [
  ["std", "convention", 340, "Every resource carries app.kubernetes.io/name and app.kubernetes.io/part-of."],
  ["team", "convention", 90, "Every resource in a team namespace also carries a team label for cost reports."],
  ["selector", "convention", 330, "Selectors use only the app.kubernetes.io/name label."],
]);

// kind: frame
family("kl-charts", "keelson", [
  ["web", "fact", 330, "charts/web deploys the public web services."],
  ["worker", "fact", 320, "charts/worker deploys the queue workers."],
  ["cron", "fact", 310, "charts/cron deploys the scheduled jobs."],
  ["monitoring", "fact", 200, "charts/monitoring deploys Prometheus and Grafana."],
]);

// kind: frame
family("kl-procs", "keelson", [
  ["render", "procedure", 320, "Render a chart locally with helm template before opening a pull request."],
  ["diff", "procedure", 310, "The pull request bot posts the helm diff of every changed release."],
  ["lint", "procedure", 300, "CI runs helm lint and kubeconform on every chart."],
  ["bump", "procedure", 190, "A chart change without a version bump in Chart.yaml is rejected by ct lint."],
]);

// kind: stale
family(
  "kl-stale",
  "keelson",
  [
    ["psp", "fact", 340, "The pod security policies are defined in cluster/psp/restricted.yaml and cluster/psp/privileged.yaml."],
    ["keep", "fact", 80, "The cluster add-ons are installed from cluster/addons/kustomization.yaml."],
  ],
  { stale: ["psp"], deleted: ["cluster/psp/restricted.yaml", "cluster/psp/privileged.yaml"] },
);

// kind: merge-close
family(
  "kl-requests",
  "keelson",
  [
    ["req", "convention", 270, "Every container must declare CPU and memory requests."],
    ["req2", "convention", 110, "Containers without CPU and memory requests are rejected by the policy engine; every container declares both."],
    ["vpa", "convention", 260, "Requests are tuned from the VPA recommendations once a quarter."],
  ],
  { merge: [["req", "req2"]] },
);

// kind: merge-detail
family(
  "kl-images",
  "keelson",
  [
    ["digest", "convention", 240, "Production images are pinned by digest, not by tag."],
    ["digest2", "convention", 50, "Production images are referenced by digest rather than tag; Renovate updates the digests."],
    ["registry", "convention", 230, "Images are pulled only from the company's ECR registry."],
    ["scan", "convention", 140, "Images with critical CVEs are blocked at admission."],
  ],
  { merge: [["digest", "digest2"]] },
);

// kind: frame
family("kl-alerts", "keelson", [
  ["crash", "fact", 300, "An alert fires when a pod restarts more than five times in an hour."],
  ["pending", "fact", 290, "An alert fires when a pod stays Pending for ten minutes."],
  ["node", "fact", 280, "An alert fires when a node is NotReady for five minutes."],
  ["cert", "fact", 170, "An alert fires when a certificate expires within 14 days."],
]);

// kind: frame
family("kl-misc", "keelson", [
  ["oncall", "fact", 260, "The platform on-call rotation changes every Monday at 10:00."],
  ["dns", "fact", 250, "External DNS records are managed by external-dns from Ingress hosts."],
  ["logs", "fact", 130, "Container logs are shipped to Loki by the Promtail DaemonSet."],
]);

// kind: merge-few
family(
  "kl-nodepools",
  "keelson",
  [
    ["spot", "fact", 220, "Batch workloads run on the spot node pool and must tolerate the spot taint."],
    ["spot2", "fact", 60, "Jobs that can be interrupted are scheduled onto cheap interruptible nodes; their pods carry the matching toleration."],
    ["system", "fact", 210, "The system node pool runs only cluster add-ons."],
    ["gpu", "fact", 110, "The GPU pool scales to zero when no pod asks for a GPU."],
  ],
  { merge: [["spot", "spot2"]] },
);

// kind: merge-close
family(
  "kl-netpol",
  "keelson",
  [
    ["deny", "convention", 230, "Every namespace starts with a default-deny NetworkPolicy for ingress traffic."],
    ["deny2", "convention", 90, "Each namespace gets a default-deny ingress NetworkPolicy first; allowed traffic is opened one policy at a time."],
    ["dns", "convention", 220, "Egress to kube-dns is always allowed."],
  ],
  { merge: [["deny", "deny2"]] },
);

// =============================================================================================
// xingtu 星图: a map-based dashboard front end built with Vite (Vite 4 -> 5 -> 6 -> 7)
// =============================================================================================

// kind: sup-value-nocue
family(
  "xt-node",
  "xingtu",
  [
    ["n16", "fact", 360, "本地开发和 CI 都要求 Node 16 以上。"],
    ["n18", "fact", 200, "本地开发和 CI 都要求 Node 18 以上。"],
    ["n20", "fact", 40, "本地开发和 CI 都要求 Node 20.19 以上。"],
    ["pm", "fact", 350, "包管理用 pnpm，锁文件要提交。"],
  ],
  {
    supersede: [
      ["n18", "n16"],
      ["n20", "n18"],
      ["n20", "n16"],
    ],
  },
);

// kind: sup-replace
family(
  "xt-esm-config",
  "xingtu",
  [
    ["cjs", "convention", 330, "vite.config.js 用 require 引入插件，最后 module.exports 导出配置。"],
    ["esm", "convention", 190, "vite.config.ts 一律写成 ES 模块：import 引入插件，export default defineConfig(...)；不再用 CommonJS 写法。"],
    ["alias", "convention", 320, "路径别名 @ 指向 src 目录，在 resolve.alias 里配置。"],
    ["proxy", "convention", 250, "开发时 /api 开头的请求通过 server.proxy 转发到测试环境。"],
  ],
  { supersede: [["esm", "cjs"]] },
);

// kind: sup-replace
family(
  "xt-https",
  "xingtu",
  [
    ["flag", "procedure", 320, "本地需要 HTTPS 时，用 vite --https 启动开发服务器。"],
    ["plugin", "procedure", 180, "本地要 HTTPS（比如调定位接口）就在配置里加 @vitejs/plugin-basic-ssl 插件，命令行参数 --https 已经没了。"],
    ["port", "procedure", 310, "开发服务器固定用 5180 端口，被占用就直接报错。"],
    ["host", "procedure", 240, "真机调试时用 --host 让局域网能访问。"],
  ],
  { supersede: [["plugin", "flag"]] },
);

// kind: sup-rename
family(
  "xt-glob",
  "xingtu",
  [
    ["as", "convention", 200, "图层样式的 JSON 用 import.meta.glob('./styles/*.json', { as: 'raw' }) 批量读成字符串。"],
    ["query", "convention", 60, "图层样式的 JSON 用 import.meta.glob('./styles/*.json', { query: '?raw', import: 'default' }) 批量读成字符串。"],
    ["eager", "convention", 190, "首屏需要的图层加 eager: true 同步加载，其他的按需加载。"],
  ],
  { supersede: [["query", "as"]] },
);

// kind: sup-reverse
family(
  "xt-sass-api",
  "xingtu",
  [
    ["legacy", "convention", 170, "Sass 编译要保持 legacy API：css.preprocessorOptions.scss 里写 api: 'legacy'，否则主题文件报错。"],
    ["modern", "convention", 30, "主题文件已经改好，Sass 改走 modern API，配置里不要再写 api: 'legacy'。"],
    ["vars", "convention", 160, "全局 Sass 变量通过 additionalData 注入到每个组件样式里。"],
    ["module", "convention", 150, "组件样式用 CSS Modules，文件名以 .module.scss 结尾。"],
  ],
  { supersede: [["modern", "legacy"]] },
);

// kind: sup-replace
family(
  "xt-target",
  "xingtu",
  [
    ["modules", "fact", 160, "生产构建用默认的 build.target（modules），最低支持 Chrome 107、Safari 16。"],
    ["baseline", "fact", 25, "升级 Vite 7 后默认构建目标变成 baseline-widely-available，最低要 Chrome 111、Safari 16.4；老浏览器的客户要提前通知。"],
    ["legacy", "fact", 150, "不做 IE 兼容，也不引入 @vitejs/plugin-legacy。"],
  ],
  { supersede: [["baseline", "modules"]] },
);

// kind: sup-replace
family(
  "xt-vendor",
  "xingtu",
  [
    ["split", "convention", 300, "第三方库用 splitVendorChunkPlugin 单独打成 vendor 包。"],
    ["manual", "convention", 50, "第三方库的分包改成在 build.rollupOptions.output.manualChunks 里手写：地图引擎一个包，图表一个包。"],
    ["size", "convention", 290, "单个 chunk 超过 500 KB 时构建会警告，要看一下原因。"],
  ],
  { supersede: [["manual", "split"]] },
);

// kind: sup-reverse
family(
  "xt-process-env",
  "xingtu",
  [
    ["process", "convention", 280, "代码里可以直接读 process.env.NODE_ENV，构建时会被替换。"],
    ["meta", "convention", 110, "不要在浏览器代码里用 process.env，它不会被替换；环境判断一律用 import.meta.env.MODE 或 import.meta.env.DEV。"],
    ["prefix", "convention", 270, "暴露给前端的环境变量都以 VITE_ 开头。"],
    ["files", "convention", 200, "各环境的变量放在 .env.development、.env.staging 和 .env.production 里。"],
  ],
  { supersede: [["meta", "process"]] },
);

// kind: sup-value-words
family(
  "xt-tiles",
  "xingtu",
  [
    ["t200", "fact", 240, "地图瓦片在浏览器里最多缓存 200 张。"],
    ["t500", "fact", 35, "瓦片缓存上限改成了五百张，拖动地图时白块少了很多。"],
    ["source", "fact", 230, "底图瓦片来自公司自建的瓦片服务。"],
    ["zoom", "fact", 220, "地图缩放级别限制在 3 到 18 之间。"],
  ],
  { supersede: [["t500", "t200"]] },
);

// kind: sup-replace
family(
  "xt-poll",
  "xingtu",
  [
    ["s10", "fact", 210, "车辆位置每 10 秒轮询一次。"],
    ["ws", "fact", 45, "车辆位置不再轮询，改为通过 WebSocket 推送。"],
    ["trail", "fact", 200, "每辆车在地图上保留最近一小时的轨迹。"],
  ],
  { supersede: [["ws", "s10"]] },
);

// kind: merge-close
family(
  "xt-lazy",
  "xingtu",
  [
    ["lazy", "convention", 260, "路由页面组件一律用动态 import() 懒加载。"],
    ["lazy2", "convention", 70, "每个路由对应的页面组件都要用 import() 动态引入，做成按需加载。"],
    ["prefetch", "convention", 250, "鼠标悬停在菜单上时预取对应页面的代码。"],
    ["skeleton", "convention", 180, "页面加载时显示骨架屏，不用全屏转圈。"],
  ],
  { merge: [["lazy", "lazy2"]] },
);

// kind: merge-few
family(
  "xt-coords",
  "xingtu",
  [
    ["gcj", "fact", 300, "后端返回的坐标是 GCJ-02，画到底图上之前不用转换。"],
    ["gcj2", "fact", 55, "接口给的经纬度已经是火星坐标系，直接上图即可，别再做纠偏。"],
    ["gps", "fact", 290, "车载终端上报的原始 GPS 坐标只在后端处理。"],
    ["precision", "fact", 170, "坐标保留 6 位小数。"],
  ],
  { merge: [["gcj", "gcj2"]] },
);

// kind: merge-detail
family(
  "xt-worker",
  "xingtu",
  [
    ["worker", "convention", 190, "轨迹抽稀放在 Web Worker 里做，避免卡住主线程。"],
    [
      "worker2",
      "convention",
      30,
      "轨迹抽稀在 Web Worker 里完成，不占主线程；Worker 用 new Worker(new URL('./simplify.ts', import.meta.url), { type: 'module' }) 创建。",
    ],
    ["algo", "convention", 180, "抽稀算法用 Douglas-Peucker，容差 0.0001 度。"],
  ],
  { merge: [["worker", "worker2"]] },
);

// kind: further-rule
family("xt-commit", "xingtu", [
  ["conv", "convention", 330, "提交信息用约定式提交格式，例如 feat(map): 增加热力图。"],
  ["issue", "convention", 60, "修复缺陷的提交还要在正文里写上对应的工单号。"],
  ["squash", "convention", 320, "合并请求用 squash 方式合入主干。"],
]);

// kind: frame
family("xt-layers", "xingtu", [
  ["heat", "fact", 300, "热力图图层显示最近 24 小时的订单密度。"],
  ["fence", "fact", 290, "电子围栏图层显示每个站点的服务范围。"],
  ["vehicle", "fact", 280, "车辆图层显示在线车辆的实时位置。"],
  ["traffic", "fact", 190, "路况图层叠加第三方的实时路况。"],
]);

// kind: frame
family("xt-scripts", "xingtu", [
  ["dev", "procedure", 310, "pnpm dev:mock 用本地 mock 数据启动开发服务器。"],
  ["build", "procedure", 300, "pnpm build 先跑类型检查，再打生产包到 dist。"],
  ["preview", "procedure", 290, "pnpm preview 在本地预览生产包。"],
  ["e2e", "procedure", 150, "pnpm test:e2e 用 Playwright 跑地图页面的端到端测试。"],
]);

// kind: stale
family(
  "xt-stale",
  "xingtu",
  [
    ["old", "fact", 300, "旧版 webpack 配置在 build/webpack.prod.js 里，打包参数都在这。"],
    ["keep", "fact", 60, "地图样式的配色表在 src/map/palette.ts 里。"],
  ],
  { stale: ["old"], deleted: ["build/webpack.prod.js"] },
);

// kind: merge-few
family(
  "xt-auth",
  "xingtu",
  [
    ["sso", "fact", 260, "登录走公司统一的 SSO，前端拿到 code 后交给后端换令牌。"],
    ["sso2", "fact", 90, "大屏没有自己的登录页，跳转到单点登录完成认证后，授权码由服务端去换 token。"],
    ["expire", "fact", 250, "令牌过期后页面自动跳到 SSO 重新登录。"],
    ["role", "fact", 160, "只有调度员角色能看到车辆图层。"],
  ],
  { merge: [["sso", "sso2"]] },
);

// kind: merge-close
family(
  "xt-numbers",
  "xingtu",
  [
    ["intl", "convention", 230, "大屏上的数字统一用 Intl.NumberFormat('zh-CN') 格式化，不手写千分位。"],
    ["intl2", "convention", 100, "千分位别自己拼字符串，交给 Intl.NumberFormat 按 zh-CN 处理。"],
    ["unit", "convention", 220, "里程数保留一位小数，单位是公里。"],
  ],
  { merge: [["intl", "intl2"]] },
);

// kind: frame
family("xt-charts", "xingtu", [
  ["echarts", "fact", 280, "统计图表用 ECharts，按需引入组件。"],
  ["theme", "fact", 270, "图表主题色在 src/charts/theme.ts 里注册。"],
  ["resize", "fact", 260, "窗口大小变化时图表要调用 resize。"],
  ["export", "fact", 150, "图表支持导出成 PNG 图片。"],
]);

// kind: frame
family("xt-misc", "xingtu", [
  ["screen", "fact", 240, "大屏按 3840×2160 设计，用 rem 适配。"],
  ["browser", "fact", 230, "调度中心的电脑统一装了最新版 Chrome。"],
  ["monitor", "fact", 120, "前端错误上报到自建的 Sentry。"],
]);

// kind: merge-few
family(
  "xt-render",
  "xingtu",
  [
    ["webgl", "fact", 200, "车辆点位超过一万个时改用 WebGL 图层渲染，DOM 标注扛不住。"],
    ["webgl2", "fact", 45, "点太多的时候（上万辆车）不能再用 Marker 一个个画，要切到 WebGL 绘制。"],
    ["cluster", "fact", 190, "缩放级别小于 10 时车辆点位做聚合显示。"],
  ],
  { merge: [["webgl", "webgl2"]] },
);

// kind: merge-close
family(
  "xt-refresh",
  "xingtu",
  [
    ["visibility", "convention", 180, "页面切到后台（visibilitychange 变成 hidden）时暂停所有定时刷新。"],
    ["visibility2", "convention", 60, "标签页不可见时停止定时刷新，切回来再恢复，靠 visibilitychange 事件判断。"],
    ["stagger", "convention", 170, "各个面板的刷新时间错开，避免同一秒打满接口。"],
  ],
  { merge: [["visibility", "visibility2"]] },
);

// =============================================================================================
// jinghe 经合: a pnpm monorepo of internal web apps and shared packages (pnpm 8 -> 9 -> 10)
// =============================================================================================

// kind: sup-reverse
family(
  "jh-scripts",
  "jinghe",
  [
    ["run", "fact", 300, "依赖包的 postinstall 脚本安装时会自动执行，esbuild 和 sharp 装完就能用。"],
    ["blocked", "fact", 60, "依赖的安装脚本现在默认不执行了：需要构建的 esbuild、sharp 要列进 onlyBuiltDependencies 才会跑 postinstall。"],
    ["node", "fact", 290, "sharp 的预编译二进制从公司内部镜像下载。"],
    ["audit", "fact", 210, "每周一 CI 跑 pnpm audit，高危漏洞要当周修。"],
  ],
  { supersede: [["blocked", "run"]] },
);

// kind: sup-reverse
family(
  "jh-hoist",
  "jinghe",
  [
    ["hoisted", "fact", 280, "eslint 和 prettier 会被提升到根目录的 node_modules，子包不用单独装。"],
    ["explicit", "fact", 55, "eslint、prettier 不再自动提升到根 node_modules，每个用到它们的子包都要在 devDependencies 里自己声明。"],
    ["shamefully", "fact", 270, "仓库里没有开 shamefully-hoist。"],
  ],
  { supersede: [["explicit", "hoisted"]] },
);

// kind: sup-reverse
family(
  "jh-link",
  "jinghe",
  [
    ["auto", "convention", 260, "子包之间互相依赖时写普通版本号就行，pnpm 会自动链接到工作区里的包。"],
    ["workspace", "convention", 90, "子包之间的依赖必须写 workspace:* 协议，写普通版本号会去镜像源下载而不是链接本地包。"],
    ["publish", "convention", 250, "发布时 workspace:* 会被替换成实际版本号。"],
    ["cycle", "convention", 170, "子包之间不允许循环依赖。"],
  ],
  { supersede: [["workspace", "auto"]] },
);

// kind: sup-value-nocue
family(
  "jh-version",
  "jinghe",
  [
    ["p8", "fact", 320, "仓库用 pnpm 8，锁文件格式是 6.0。"],
    ["p9", "fact", 190, "仓库用 pnpm 9，锁文件格式是 9.0。"],
    ["p10", "fact", 50, "仓库用 pnpm 10，锁文件格式是 9.0。"],
    ["corepack", "fact", 310, "package.json 的 packageManager 字段写死了 pnpm 版本。"],
  ],
  {
    supersede: [
      ["p9", "p8"],
      ["p10", "p9"],
      ["p10", "p8"],
    ],
  },
);

// kind: sup-replace
family(
  "jh-settings",
  "jinghe",
  [
    ["npmrc", "convention", 240, "pnpm 的设置（镜像源除外）都写在根目录的 .npmrc 里。"],
    ["yaml", "convention", 40, "pnpm 的设置改为写在 pnpm-workspace.yaml 里，.npmrc 只留镜像源和认证信息。"],
    ["registry", "convention", 230, "镜像源是公司内部的 Verdaccio。"],
  ],
  { supersede: [["yaml", "npmrc"]] },
);

// kind: sup-replace
family(
  "jh-catalog",
  "jinghe",
  [
    ["syncpack", "convention", 220, "各子包的 react 版本靠 syncpack 检查保持一致。"],
    ["catalog", "convention", 45, "react、react-dom 等公共依赖的版本统一写在 pnpm-workspace.yaml 的 catalog 里，子包里写 catalog: 引用，syncpack 已移除。"],
    ["peer", "convention", 210, "组件库把 react 声明为 peerDependencies。"],
  ],
  { supersede: [["catalog", "syncpack"]] },
);

// kind: sup-value-words
family(
  "jh-concurrency",
  "jinghe",
  [
    ["c4", "convention", 200, "CI 里 pnpm -r 并发数设为 4。"],
    ["c2", "convention", 30, "CI 机器换成两核之后，递归执行的并发数降到了二。"],
    ["filter", "convention", 190, "CI 只构建改动过的包及其下游：pnpm --filter ...[origin/main]。"],
    ["cache", "convention", 180, "CI 缓存 pnpm store 目录。"],
  ],
  { supersede: [["c2", "c4"]] },
);

// kind: sup-value-cue
family(
  "jh-node",
  "jinghe",
  [
    ["n16", "fact", 330, "所有应用都跑在 Node 16 上。"],
    ["n20", "fact", 100, "Node 16 停止维护后，所有应用统一升级到了 Node 20。"],
    ["nvmrc", "fact", 320, "根目录的 .nvmrc 指定 Node 版本。"],
  ],
  { supersede: [["n20", "n16"]] },
);

// kind: sup-replace
family(
  "jh-deploy",
  "jinghe",
  [
    ["copy", "procedure", 270, "部署单个应用时，把整个仓库拷进镜像再 pnpm install --prod。"],
    ["deploy", "procedure", 75, "部署单个应用用 pnpm deploy --filter <应用> --prod out/，只把这个应用和它的依赖拷进镜像。"],
    ["base", "procedure", 260, "镜像基于 node:20-slim。"],
    ["tag", "procedure", 150, "镜像标签用提交的短哈希。"],
  ],
  { supersede: [["deploy", "copy"]] },
);

// kind: merge-close
family(
  "jh-frozen",
  "jinghe",
  [
    ["frozen", "procedure", 250, "CI 里安装依赖一律用 pnpm install --frozen-lockfile。"],
    ["frozen2", "procedure", 80, "CI 安装依赖必须加 --frozen-lockfile，锁文件和 package.json 对不上就直接失败。"],
    ["update", "procedure", 240, "升级依赖用 pnpm update -r --latest，然后逐个看变更日志。"],
  ],
  { merge: [["frozen", "frozen2"]] },
);

// kind: merge-few
family(
  "jh-changeset",
  "jinghe",
  [
    ["changeset", "convention", 230, "改了 packages 下的公共包，合并请求里要带一个 changeset 文件。"],
    ["changeset2", "convention", 50, "共享库的改动如果没有附带变更说明（.changeset 目录下的 md），合并检查会拦下来。"],
    ["apps", "convention", 220, "apps 下的应用不发版，不需要 changeset。"],
    ["release", "convention", 140, "每周四发布一次共享包。"],
  ],
  { merge: [["changeset", "changeset2"]] },
);

// kind: merge-detail
family(
  "jh-overrides",
  "jinghe",
  [
    ["override", "convention", 210, "有漏洞的间接依赖用根 package.json 里 pnpm.overrides 强制升级。"],
    ["override2", "convention", 35, "间接依赖有漏洞时，在 pnpm.overrides 里强制指定安全版本，并在旁边注释写上漏洞编号，修复后再删掉。"],
    ["patch", "convention", 200, "需要改第三方包源码时用 pnpm patch，补丁提交到 patches 目录。"],
  ],
  { merge: [["override", "override2"]] },
);

// kind: further-rule
family("jh-deps", "jinghe", [
  ["exact", "convention", 300, "新增依赖写精确版本号，不加 ^。"],
  ["review", "convention", 70, "新增运行时依赖要在合并请求里说明为什么不能自己实现，并由架构组批准。"],
  ["dev", "convention", 290, "只在构建时用到的包放 devDependencies。"],
]);

// kind: frame
family("jh-packages", "jinghe", [
  ["ui", "fact", 310, "packages/ui 是公共组件库，基于 Radix。"],
  ["request", "fact", 300, "packages/request 封装了带鉴权的请求客户端。"],
  ["utils", "fact", 290, "packages/utils 放日期、金额格式化等工具函数。"],
  ["tsconfig", "fact", 200, "packages/tsconfig 提供各子包继承的 TypeScript 基础配置。"],
]);

// kind: frame
family("jh-apps", "jinghe", [
  ["crm", "fact", 300, "apps/crm 是客户管理后台，部署在 crm.jinghe.internal。"],
  ["bi", "fact", 290, "apps/bi 是报表平台，部署在 bi.jinghe.internal。"],
  ["hr", "fact", 200, "apps/hr 是人事系统，部署在 hr.jinghe.internal。"],
  ["portal", "fact", 120, "apps/portal 是统一登录门户，部署在 portal.jinghe.internal。"],
]);

// kind: stale
family(
  "jh-stale",
  "jinghe",
  [
    ["lerna", "fact", 310, "版本号和发版流程由 lerna.json 控制。"],
    ["keep", "fact", 70, "共享包发版后会在企业微信群里通知。"],
  ],
  { stale: ["lerna"], deleted: ["lerna.json"] },
);

// kind: merge-close
family(
  "jh-tsref",
  "jinghe",
  [
    ["refs", "convention", 240, "子包之间的类型依赖用 TypeScript 项目引用（references），根目录 tsc -b 一次编译全部。"],
    ["refs2", "convention", 120, "类型检查在根目录跑 tsc -b，各子包通过 tsconfig 的 references 互相引用。"],
    ["strict", "convention", 230, "所有子包都开启 strict 模式。"],
  ],
  { merge: [["refs", "refs2"]] },
);

// kind: merge-few
family(
  "jh-turbo",
  "jinghe",
  [
    ["turbo", "fact", 220, "构建和测试由 Turborepo 调度，远程缓存放在公司的 S3 上。"],
    ["turbo2", "fact", 40, "CI 里重复的构建会命中远端缓存（存在 S3），任务编排交给 turbo。"],
    ["pipeline", "fact", 210, "turbo.json 里 build 依赖上游包的 build。"],
    ["local", "fact", 130, "本地开发默认不读远程缓存。"],
  ],
  { merge: [["turbo", "turbo2"]] },
);

// kind: frame
family("jh-lint", "jinghe", [
  ["eslint", "convention", 280, "每个子包的 lint 脚本都是 eslint . --max-warnings 0。"],
  ["prettier", "convention", 270, "格式化统一由根目录的 prettier 配置控制。"],
  ["stylelint", "convention", 260, "样式文件用 stylelint 检查。"],
  ["commitlint", "convention", 160, "提交信息用 commitlint 检查。"],
]);

// kind: frame
family("jh-misc", "jinghe", [
  ["owners", "fact", 250, "前端基础组负责维护这个仓库。"],
  ["size", "fact", 240, "仓库里有 6 个应用和 14 个共享包。"],
  ["docs", "fact", 110, "共享包的文档站用 Storybook 搭建。"],
]);

// kind: merge-close
family(
  "jh-exports",
  "jinghe",
  [
    ["exports", "convention", 200, "共享包通过 package.json 的 exports 字段声明入口，不允许从 src 深层路径引用。"],
    ["exports2", "convention", 65, "共享包的入口只在 package.json 的 exports 里声明，别的包不许直接 import 它 src 下的深层文件。"],
    ["types", "convention", 190, "共享包同时导出 ESM 和类型声明文件。"],
  ],
  { merge: [["exports", "exports2"]] },
);

// kind: merge-few
family(
  "jh-env",
  "jinghe",
  [
    ["dotenv", "fact", 180, "各应用的环境变量在部署平台上配置，仓库里只放 .env.example。"],
    ["dotenv2", "fact", 30, "真实的配置值不进 git：线上的变量都在发布平台里填，代码库只留一个示例文件。"],
    ["check", "fact", 170, "应用启动时用 zod 校验环境变量，缺了就退出。"],
  ],
  { merge: [["dotenv", "dotenv2"]] },
);

// =============================================================================================
// qiaoyu 巧鱼: a Flutter app for a fishing-tackle shop (Flutter 3.7 -> 3.27, Material 3)
// =============================================================================================

// kind: sup-rename
family(
  "qy-pop",
  "qiaoyu",
  [
    ["willpop", "convention", 300, "下单页拦截返回键用 WillPopScope，onWillPop 里弹确认框。"],
    ["popscope", "convention", 90, "下单页拦截返回键用 PopScope：canPop 设为 false，在 onPopInvokedWithResult 里弹确认框。"],
    ["swipe", "convention", 290, "iOS 上允许侧滑返回，除了下单页。"],
  ],
  { supersede: [["popscope", "willpop"]] },
);

// kind: sup-rename
family(
  "qy-state",
  "qiaoyu",
  [
    ["material", "convention", 260, "按钮按下和禁用时的颜色用 MaterialStateProperty.resolveWith 按状态返回。"],
    ["widget", "convention", 70, "按钮按下和禁用时的颜色用 WidgetStateProperty.resolveWith 按状态返回。"],
    ["ripple", "convention", 250, "所有可点击的卡片都要有水波纹效果。"],
    ["disabled", "convention", 180, "禁用状态的按钮透明度统一是 38%。"],
  ],
  { supersede: [["widget", "material"]] },
);

// kind: sup-rename
family(
  "qy-textscale",
  "qiaoyu",
  [
    ["factor", "convention", 240, "适配系统大字体时读 MediaQuery.of(context).textScaleFactor。"],
    ["scaler", "convention", 60, "适配系统大字体时用 MediaQuery.textScalerOf(context) 拿到 TextScaler。"],
    ["clamp", "convention", 230, "字体缩放最大只跟到 1.3 倍，再大就会把商品卡片撑破。"],
  ],
  { supersede: [["scaler", "factor"]] },
);

// kind: sup-reverse
family(
  "qy-m3",
  "qiaoyu",
  [
    ["m2", "convention", 320, "ThemeData 里 useMaterial3 设为 false，界面保持 Material 2 的样式。"],
    ["m3", "convention", 110, "界面整体切到 Material 3 了，ThemeData 里不要再把 useMaterial3 设成 false。"],
    ["seed", "convention", 310, "主题色是品牌蓝 #1565C0。"],
    ["dark", "convention", 200, "深色模式跟随系统设置。"],
  ],
  { supersede: [["m3", "m2"]] },
);

// kind: sup-rename
family(
  "qy-opacity",
  "qiaoyu",
  [
    ["withopacity", "convention", 150, "半透明遮罩写成 Colors.black.withOpacity(0.5)。"],
    ["withvalues", "convention", 25, "半透明遮罩写成 Colors.black.withValues(alpha: 0.5)。"],
    ["scrim", "convention", 140, "图片上的文字下面要垫一层渐变遮罩。"],
  ],
  { supersede: [["withvalues", "withopacity"]] },
);

// kind: sup-replace
family(
  "qy-buttonbar",
  "qiaoyu",
  [
    ["buttonbar", "convention", 280, "对话框底部的按钮放在 ButtonBar 里右对齐。"],
    ["overflow", "convention", 80, "对话框底部的按钮改用 OverflowBar 排列，放不下时自动换成竖排。"],
    ["order", "convention", 270, "对话框里取消按钮在左，确认按钮在右。"],
  ],
  { supersede: [["overflow", "buttonbar"]] },
);

// kind: sup-rename
family(
  "qy-texttheme",
  "qiaoyu",
  [
    ["headline", "convention", 330, "商品标题用 textTheme.headline6，价格用 textTheme.subtitle1。"],
    ["title", "convention", 120, "商品标题用 textTheme.titleLarge，价格用 textTheme.titleMedium。"],
    ["font", "convention", 320, "中文字体用系统默认字体，不打包字体文件。"],
  ],
  { supersede: [["title", "headline"]] },
);

// kind: sup-replace
family(
  "qy-gradle",
  "qiaoyu",
  [
    ["apply", "fact", 250, "Android 端在 app/build.gradle 里用 apply from 引入 flutter.gradle。"],
    [
      "plugins",
      "fact",
      65,
      'Android 端改成在 settings.gradle 的 plugins 块里声明 dev.flutter.flutter-plugin-loader，app/build.gradle 用 plugins { id "dev.flutter.flutter-gradle-plugin" }。',
    ],
    ["minsdk", "fact", 240, "Android 最低支持 API 21。"],
    ["sign", "fact", 160, "发布包的签名配置从 key.properties 读取，这个文件不进仓库。"],
  ],
  { supersede: [["plugins", "apply"]] },
);

// kind: sup-value-words
family(
  "qy-cache",
  "qiaoyu",
  [
    ["img100", "fact", 230, "商品图片的磁盘缓存上限是 100 MB。"],
    ["img300", "fact", 40, "商品图的本地缓存放宽到了三百兆。"],
    ["cdn", "fact", 220, "商品图片按屏幕宽度请求 CDN 的缩略图。"],
    ["placeholder", "fact", 150, "图片加载前显示灰色占位块。"],
  ],
  { supersede: [["img300", "img100"]] },
);

// kind: sup-value-cue
family(
  "qy-flutter",
  "qiaoyu",
  [
    ["f37", "fact", 340, "项目锁定 Flutter 3.7，团队统一用 fvm 切换版本。"],
    ["f327", "fact", 45, "项目锁定的 Flutter 版本已从 3.7 升到 3.27，团队统一用 fvm 切换版本。"],
    ["dart", "fact", 330, "Dart 代码全部开启空安全。"],
  ],
  { supersede: [["f327", "f37"]] },
);

// kind: merge-close
family(
  "qy-dartfix",
  "qiaoyu",
  [
    ["fix", "procedure", 290, "升级 Flutter 版本后先执行 dart fix --apply，让它自动改掉被废弃的 API。"],
    ["fix2", "procedure", 95, "换了新版 Flutter 之后，废弃接口的迁移先交给 dart fix 自动处理，剩下改不了的再手工改。"],
    ["notes", "procedure", 280, "每次升级遇到的坑记在 docs/upgrade.md 里。"],
    ["test", "procedure", 200, "改了购物车逻辑要跑 flutter test test/cart。"],
  ],
  { merge: [["fix", "fix2"]] },
);

// kind: merge-few
family(
  "qy-state-mgmt",
  "qiaoyu",
  [
    ["riverpod", "convention", 270, "状态管理统一用 Riverpod，页面里不写 setState 管理业务数据。"],
    ["riverpod2", "convention", 50, "业务数据都放在 provider 里，Widget 只负责展示；局部的动画状态除外。"],
    ["codegen", "convention", 260, "provider 用 riverpod_generator 的注解生成。"],
    ["naming", "convention", 170, "provider 的名字以 Provider 结尾。"],
  ],
  { merge: [["riverpod", "riverpod2"]] },
);

// kind: merge-detail
family(
  "qy-dio",
  "qiaoyu",
  [
    ["dio", "convention", 250, "网络请求统一走 lib/net/api_client.dart 里的 Dio 实例。"],
    ["dio2", "convention", 60, "网络请求统一走 lib/net/api_client.dart 里的 Dio 实例，超时时间是 15 秒，失败时自动重试一次。"],
    ["token", "convention", 240, "登录令牌由拦截器加到请求头里。"],
  ],
  { merge: [["dio", "dio2"]] },
);

// kind: merge-few
family(
  "qy-price",
  "qiaoyu",
  [
    ["fen", "convention", 280, "价格在代码里一律用整数分表示，显示时再格式化成元。"],
    ["fen2", "convention", 40, "不要用 double 存金额，后端给的就是以分为单位的整数，到界面上才除以一百。"],
    ["symbol", "convention", 270, "价格前面显示 ¥ 符号，保留两位小数。"],
    ["discount", "convention", 160, "折扣价用红色显示，原价加删除线。"],
  ],
  { merge: [["fen", "fen2"]] },
);

// kind: further-rule
family("qy-release", "qiaoyu", [
  ["build", "procedure", 300, "发版前把 pubspec.yaml 的版本号和构建号都加一。"],
  ["notes", "procedure", 85, "发版还要在 CHANGELOG.md 里写清这个版本改了什么，应用商店的更新说明从这里复制。"],
  ["ios", "procedure", 290, "iOS 包用 Xcode Cloud 构建并上传到 TestFlight。"],
]);

// kind: frame
family("qy-pages", "qiaoyu", [
  ["home", "fact", 310, "首页展示推荐商品和当季钓点。"],
  ["category", "fact", 300, "分类页按竿、线、饵、配件四大类展示商品。"],
  ["cart", "fact", 290, "购物车页支持按店铺分组结算。"],
  ["mine", "fact", 200, "我的页面展示订单、收货地址和优惠券。"],
]);

// kind: frame
family("qy-routes", "qiaoyu", [
  ["gorouter", "convention", 300, "路由用 go_router，所有路由在 lib/router.dart 里集中声明。"],
  ["deeplink", "convention", 290, "商品详情支持 qiaoyu://item/<id> 的深链接。"],
  ["guard", "convention", 280, "进入订单相关页面前要检查登录状态，没登录就跳到登录页。"],
  ["shell", "convention", 190, "底部导航栏用 ShellRoute 实现。"],
]);

// kind: stale
family(
  "qy-stale",
  "qiaoyu",
  [
    ["old", "fact", 290, "推送相关的代码在 lib/push/jpush_service.dart 和 android/app/src/main/res/raw/jpush.xml 里。"],
    ["keep", "fact", 60, "推送消息点开后跳到消息中心页。"],
  ],
  { stale: ["old"], deleted: ["lib/push/jpush_service.dart", "android/app/src/main/res/raw/jpush.xml"] },
);

// kind: merge-close
family(
  "qy-l10n",
  "qiaoyu",
  [
    ["arb", "convention", 260, "界面文字放在 lib/l10n/app_zh.arb 里，用 flutter gen-l10n 生成代码。"],
    ["arb2", "convention", 100, "所有界面文字写进 lib/l10n/app_zh.arb，再执行 flutter gen-l10n 生成本地化类。"],
    ["plural", "convention", 250, "数量相关的文案用 ICU 的复数语法。"],
  ],
  { merge: [["arb", "arb2"]] },
);

// kind: merge-few
family(
  "qy-payment",
  "qiaoyu",
  [
    ["wechat", "fact", 240, "支付支持微信支付和支付宝，都通过后端下单后调起客户端。"],
    ["wechat2", "fact", 55, "App 里付款有两种方式：微信和支付宝；订单先在服务端创建，再拉起对应的 App 完成付款。"],
    ["callback", "fact", 230, "支付结果以服务端的回调为准，客户端返回的结果只用来刷新页面。"],
    ["timeout", "fact", 150, "未支付的订单 30 分钟后自动取消。"],
  ],
  { merge: [["wechat", "wechat2"]] },
);

// kind: frame
family("qy-assets", "qiaoyu", [
  ["icons", "convention", 280, "图标用 SVG，通过 flutter_svg 显示。"],
  ["images", "convention", 270, "本地图片放在 assets/images，按 2x 和 3x 提供。"],
  ["lottie", "convention", 260, "加载动画用 Lottie 文件。"],
  ["splash", "convention", 160, "启动页用 flutter_native_splash 生成。"],
]);

// kind: frame
family("qy-misc", "qiaoyu", [
  ["stores", "fact", 250, "安卓版上架华为、小米、OPPO 和 vivo 四个应用商店。"],
  ["users", "fact", 240, "日活大约两万人。"],
  ["crash", "fact", 120, "崩溃统计用 Firebase Crashlytics。"],
]);

// kind: merge-detail
family(
  "qy-orientation",
  "qiaoyu",
  [
    ["portrait", "fact", 220, "App 只支持竖屏，平板上也一样。"],
    ["portrait2", "fact", 50, "App 锁定竖屏（平板也不例外），在 main.dart 里用 SystemChrome.setPreferredOrientations 设置。"],
    ["safe", "fact", 210, "页面内容都包在 SafeArea 里。"],
  ],
  { merge: [["portrait", "portrait2"]] },
);

// kind: merge-few
family(
  "qy-offline",
  "qiaoyu",
  [
    ["hive", "fact", 200, "断网时也能看最近浏览过的商品，数据缓存在本地的 Hive 里。"],
    ["hive2", "fact", 35, "没有网络的时候，用户之前看过的商品详情照样能打开，靠的是本地 Hive 缓存。"],
    ["banner", "fact", 190, "断网时页面顶部显示一条黄色提示。"],
  ],
  { merge: [["hive", "hive2"]] },
);

export const BLIND_FAMILIES_R15 = families;

export const halfOfR15 = halfOf;
