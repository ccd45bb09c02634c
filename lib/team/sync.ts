import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { redact } from "../security/redaction";
import { joinedHub } from "./link";
import { pullHub } from "./pull-hub";
import { pushOutbox } from "./push-outbox";

export interface SyncOutcome {
  joined: boolean;
  pushed: number;
  pulled: number;
  error: string | null;
}

/**
 * One round of team sync: push the outbox, then pull every shared project. Never throws: an
 * unreachable hub is recorded (team status shows it) and the outbox waits for the next round.
 */
export async function syncWithHub(ctx: Ctx): Promise<SyncOutcome> {
  const link = joinedHub(ctx);
  if (!link) return { joined: false, pushed: 0, pulled: 0, error: null };
  let pushed = 0;
  let pulled = 0;
  try {
    pushed = await pushOutbox(ctx, link);
    pulled = await pullHub(ctx, link);
    prepared(ctx.sqlite, "UPDATE team_hub SET last_sync_at = ?, last_error = NULL WHERE id = 1").run(Date.now());
    return { joined: true, pushed, pulled, error: null };
  } catch (error) {
    const message = redact(error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}` : String(error));
    prepared(ctx.sqlite, "UPDATE team_hub SET last_error = ? WHERE id = 1").run(message);
    return { joined: true, pushed, pulled, error: message };
  }
}
