"use client";

import { api } from "./api";
import { btn } from "./ui";
import { useApiAction } from "./use-api-action";

/** Ends this browser's session (other browsers stay signed in) and goes to the login page. */
export function SignOut() {
  const { error, run } = useApiAction();
  const signOut = (e: React.FormEvent) => {
    e.preventDefault();
    run(
      async () => {
        await api("/api/auth/logout", { json: {} });
        window.location.assign("/login");
      },
      { refresh: false },
    );
  };
  return (
    // A form, so signing out works without JavaScript too (app/api/forms/sign-out).
    <form method="post" action="/api/forms/sign-out" onSubmit={signOut}>
      <button type="submit" className={`${btn.ghost} w-full justify-start`} data-testid="sign-out">
        Sign out
      </button>
      {error ? (
        <p role="alert" className="mt-1 px-3 text-xs text-red-700 dark:text-red-300">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
