/**
 * What a form posted without JavaScript did (app/api/forms/ redirects back with `?saved=1`,
 * `?archived=1`, ..., or `?error=<message>`). With JavaScript the forms say it in place instead.
 */
const DONE: Record<string, string> = {
  saved: "Saved.",
  archived: "Memory archived.",
  restored: "Memory restored.",
  duplicate: "This content is already remembered: this is the existing memory.",
};

export function FormNotice({ params }: { params: Record<string, string | undefined> }) {
  const error = params.error;
  if (error) {
    return (
      <p
        role="alert"
        data-testid="form-notice-error"
        className="mb-4 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        Not saved: {error.slice(0, 300)}
      </p>
    );
  }
  const done = Object.keys(DONE).find((k) => params[k] === "1");
  if (!done) return null;
  return (
    <p role="status" data-testid="form-notice" className="mb-4 rounded-md bg-emerald-50 p-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
      {DONE[done]}
    </p>
  );
}
