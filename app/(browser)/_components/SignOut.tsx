"use client";

import { useState } from "react";
import { api, ApiFailure } from "./api";
import { btn } from "./ui";

/** Ends this browser's session (other browsers stay signed in) and goes to the login page. */
export function SignOut() {
  const [error, setError] = useState<string | null>(null);
  const signOut = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api("/api/auth/logout", { json: {} });
      window.location.assign("/login");
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    }
  };
  return (
    // A form, so signing out works without JavaScript too (app/api/forms/sign-out).
    <form method="post" action="/api/forms/sign-out" onSubmit={signOut}>
      <button type="submit" className={`${btn.ghost} w-full justify-start`} data-testid="sign-out">
        Sign out
      </button>
      {error ? (
        <p role="alert" className="mt-1 px-3 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
