import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { isBrowserSession } from "@/lib/auth/browser-sessions";
import { serverCtx } from "@/lib/boot";
import { inboxCounts } from "@/lib/consolidation/inbox";
import { BROWSER_COOKIE } from "@/lib/security/guard";
import { Nav } from "./_components/Nav";
import { NEEDS_JAVASCRIPT_ANCHOR } from "./_components/needs-javascript";
import { Shortcuts } from "./_components/Shortcuts";
import { SignOut } from "./_components/SignOut";
import { ThemeToggle } from "./_components/ThemeToggle";

export default async function BrowserLayout({ children }: { children: React.ReactNode }) {
  // proxy.ts already sends a browser without a session to the login page; this holds if it ever does not.
  const sessionId = (await cookies()).get(BROWSER_COOKIE)?.value;
  if (!sessionId || !isBrowserSession(serverCtx(), sessionId)) redirect("/login");
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-indigo-600 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <aside className="border-b border-zinc-200 bg-white px-3 py-3 md:sticky md:top-0 md:h-screen md:w-56 md:shrink-0 md:border-b-0 md:border-r md:py-5 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mb-3 flex items-center justify-between gap-2 px-2 md:mb-5 md:block">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            <span aria-hidden className="text-indigo-600 dark:text-indigo-400">
              ◆{" "}
            </span>
            Recollect
          </Link>
          <div className="md:mt-3">
            <ThemeToggle />
          </div>
        </div>
        <Nav inboxCount={inboxCounts(serverCtx()).total} />
        <div className="mt-2 md:mt-4">
          <SignOut />
        </div>
        <div className="hidden px-2 md:block">
          <p className="mt-6 text-xs text-zinc-600 dark:text-zinc-400">
            Press <kbd className="rounded border border-zinc-300 px-1 dark:border-zinc-700">?</kbd> for keyboard shortcuts
          </p>
        </div>
        <Shortcuts />
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <div className="mx-auto max-w-6xl">
          <noscript>
            <p
              data-testid="noscript-notice"
              className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
            >
              JavaScript is off: every page reads as usual, a memory can be created, edited, archived and restored, and Sign out works. The other buttons and
              forms (links, inbox decisions, imports, projects, loops, deleting) need JavaScript.
            </p>
          </noscript>
          {/* Shown when a form that needs JavaScript was posted without it (app/api/forms/needs-javascript). */}
          <p
            id={NEEDS_JAVASCRIPT_ANCHOR}
            role="alert"
            className="mb-4 hidden rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 target:block dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            Nothing was changed: that form needs JavaScript. Turn it on, or use the CLI (`recollect --help`).
          </p>
          {children}
        </div>
      </main>
    </div>
  );
}
