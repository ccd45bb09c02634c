/**
 * Watches the plugin's compress requests that carry the session's record of injected blocks
 * (`injected`): `take` keeps what each request sent, `answers` what each answer said of the record.
 * `restore()` puts the real fetch back.
 */
export function watchRecordedTurns<T>(take: (injected: Record<string, unknown>) => T) {
  const sent: T[] = [];
  const answers: { recorded?: boolean; recordResend?: boolean }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await realFetch(input, init);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : {};
    if (new URL(String(input)).pathname === "/api/compress" && body.injected) {
      sent.push(take(body.injected));
      answers.push((await res.clone().json()) as { recorded?: boolean; recordResend?: boolean });
    }
    return res;
  }) as typeof fetch;
  return {
    sent,
    answers,
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
}
