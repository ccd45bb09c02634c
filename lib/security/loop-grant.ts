import crypto from "node:crypto";

/**
 * A loop's run grant: an HMAC under the API token of what the loop will do (its id, directory,
 * mode, sandbox, task and completion promise), written when a token holder creates or restarts it
 * (the CLI, the plugin, a browser that re-authenticated). The plugin adopts an orphan loop only
 * when its grant checks out under its own token: a row nobody with the token asked for (made with
 * a leaked browser cookie, or older than grants) is never run. Imported by the plugin: no imports
 * beyond node:crypto.
 */
export interface GrantedLoopFields {
  id: string;
  directory: string;
  mode: string;
  sandbox: string;
  task: string;
  completionPromise: string;
}

export function loopRunGrant(token: string, loop: GrantedLoopFields): string {
  const task = crypto.createHash("sha256").update(loop.task).digest("hex");
  return crypto
    .createHmac("sha256", token)
    .update(["recollect-loop-grant:v1", loop.id, loop.directory, loop.mode, loop.sandbox, task, loop.completionPromise].join("\0"))
    .digest("hex");
}

/** Whether `grant` is the run grant of `loop` under `token` (constant time). */
export function hasRunGrant(token: string, loop: GrantedLoopFields & { runGrant?: string | null }): boolean {
  const grant = loop.runGrant;
  if (typeof grant !== "string" || !/^[0-9a-f]{64}$/.test(grant)) return false;
  return crypto.timingSafeEqual(Buffer.from(grant, "hex"), Buffer.from(loopRunGrant(token, loop), "hex"));
}
