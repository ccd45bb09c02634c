import { btn, input } from "./ui";

/**
 * The browser's re-authentication for the powers a session cookie alone may not use (loops,
 * backups, import and ingest of paths, bootstrap; lib/security/guard.ts): a modal asks for the API
 * token once, `POST /api/auth/reauth` turns it into a grant of ten minutes, kept in this tab's
 * `sessionStorage` (this origin only, never sent by the browser on its own) and sent as
 * `X-Recollect-Reauth`. The token itself is not kept.
 */
const KEY = "recollect.reauth";
export const REAUTH_HEADER = "x-recollect-reauth";

export function reauthGrant(): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as { grant?: string; expiresAt?: string } | null;
    if (saved?.grant && saved.expiresAt && Date.parse(saved.expiresAt) > Date.now() + 5_000) return saved.grant;
  } catch {
    /* no storage: ask again */
  }
  return undefined;
}

export function forgetReauthGrant() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** Asks for the token in a modal; true once a grant is saved, false when the user cancels. */
export function reauthenticate(reason: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement("dialog");
    dialog.dataset.testid = "reauth-dialog";
    dialog.className =
      "m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";
    const form = document.createElement("form");
    form.className = "grid gap-3";
    const title = document.createElement("h2");
    title.className = "text-base font-semibold";
    title.textContent = "Confirm with the API token";
    const text = document.createElement("p");
    text.className = "text-sm text-zinc-600 dark:text-zinc-400";
    text.textContent = `${reason}. Paste the API token (the file "token" in Recollect's data dir, e.g. ~/.local/share/recollect/token) to allow this browser tab for ten minutes.`;
    const field = document.createElement("input");
    field.type = "password";
    field.autocomplete = "off";
    field.required = true;
    field.className = input;
    field.dataset.testid = "reauth-token";
    field.setAttribute("aria-label", "API token");
    const error = document.createElement("p");
    error.className = "text-sm text-red-600";
    error.dataset.testid = "reauth-error";
    error.setAttribute("role", "alert");
    const buttons = document.createElement("div");
    buttons.className = "flex justify-end gap-2";
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = btn.secondary;
    cancel.textContent = "Cancel";
    const confirm = document.createElement("button");
    confirm.type = "submit";
    confirm.className = btn.primary;
    confirm.textContent = "Confirm";
    confirm.dataset.testid = "reauth-confirm";
    buttons.append(cancel, confirm);
    form.append(title, text, field, error, buttons);
    dialog.append(form);
    document.body.append(dialog);

    const finish = (ok: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(ok);
    };
    cancel.addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      finish(false);
    });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      confirm.disabled = true;
      error.textContent = "";
      try {
        const res = await fetch("/api/auth/reauth", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: field.value }),
          credentials: "same-origin",
        });
        const body = (await res.json().catch(() => null)) as { grant?: string; expiresAt?: string; error?: { message?: string } } | null;
        if (res.ok && body?.grant) {
          sessionStorage.setItem(KEY, JSON.stringify({ grant: body.grant, expiresAt: body.expiresAt }));
          field.value = "";
          finish(true);
          return;
        }
        error.textContent = body?.error?.message ?? `The server refused (${res.status}).`;
      } catch {
        error.textContent = "The server did not answer. Is Recollect still running?";
      }
      confirm.disabled = false;
    });
    dialog.showModal();
    field.focus();
  });
}
