import type { Metadata } from "next";
import { safeNextPath } from "@/lib/auth/redirect";
import { btn, input, label } from "../(browser)/_components/ui";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const ERRORS: Record<string, string> = {
  link: "That login link has expired or was already used. Run `recollect open` for a new one, or paste the token below.",
  token: "That is not this server's API token.",
};

/**
 * The only page shown without a signed-in browser: no data, one form. `recollect open` signs in
 * with a one-time link instead; the form takes the API token pasted by hand and posts it to
 * /api/auth/login (same-origin checked), which sets the session cookie and redirects to `next`.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = safeNextPath(typeof params.next === "string" ? params.next : "/");
  const error = typeof params.error === "string" ? ERRORS[params.error] : undefined;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4" data-testid="login-page">
      <div className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold tracking-tight">
          <span aria-hidden className="text-indigo-600 dark:text-indigo-400">
            ◆{" "}
          </span>
          Sign in to Recollect
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Run <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">recollect open</code> to open the memory browser signed in, or paste the API token
          below.
        </p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="token-where">
          The token is the file named <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">token</code> in Recollect&apos;s data folder:{" "}
          <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">~/.local/share/recollect/token</code>, unless the server runs with{" "}
          <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">RECOLLECT_DATA_DIR</code> set (then it is in that folder) or{" "}
          <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">XDG_DATA_HOME</code> set (then in its{" "}
          <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">recollect</code> folder).
        </p>
        {error ? (
          <p
            role="alert"
            data-testid="login-error"
            className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
        <form method="post" action="/api/auth/login" className="mt-5 space-y-4">
          <input type="hidden" name="next" value={next} />
          <div>
            <label htmlFor="token" className={label}>
              API token
            </label>
            <input id="token" name="token" type="password" required autoComplete="off" autoFocus className={input} data-testid="login-token" />
          </div>
          <button type="submit" className={btn.primary} data-testid="login-submit">
            Sign in
          </button>
        </form>
      </div>
    </main>
  );
}
