"use client";

import { useState } from "react";
import { api, ApiFailure } from "./api";
import { btn } from "./ui";

/** Ends this browser's session (other browsers stay signed in) and goes to the login page. */
export function SignOut() {
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    setError(null);
    try {
      await api("/api/auth/logout", { json: {} });
      window.location.assign("/login");
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    }
  };
  return (
    <div>
      <button type="button" onClick={signOut} className={`${btn.ghost} w-full justify-start`} data-testid="sign-out">
        Sign out
      </button>
      {error ? (
        <p role="alert" className="mt-1 px-3 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
