import type { Runtime } from "../runtime";

/** How long a tool call waits for OpenCode to name a session's parent before it goes on without. */
const LOOKUP_MS = 2000;

/**
 * A session's parent, from OpenCode's API (for `loopSessionFor`): undefined when it has none;
 * throws when OpenCode cannot tell (no client, an error, no answer in time).
 */
export function parentOfSession(rt: Runtime): (id: string) => Promise<string | undefined> {
  return async (id) => {
    const oc = rt.opencode;
    if (!oc) throw new Error("no OpenCode client");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${LOOKUP_MS} ms`)), LOOKUP_MS);
    });
    try {
      const res = await Promise.race([oc.session.get({ path: { id } }), timeout]);
      if (!res.data) throw new Error("no such session");
      return (res.data as { parentID?: string }).parentID || undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
