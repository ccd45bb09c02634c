import crypto from "node:crypto";
import type { LoopDto, ParsedCreateLoopInput } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { resolveProject } from "../projects/resolve";
import { loopRunGrant } from "../security/loop-grant";
import { redactKey } from "../security/redact-fields";
import { trimEnd } from "../trim-end";
import { loopDto } from "./row";

/** A slug from the task's first words: the loop's branch is `recollect/loop-<slug>`. */
export function slugFromTask(task: string): string {
  const words = trimEnd(
    task
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
      .split(" ")
      .filter(Boolean)
      .slice(0, 5)
      .join("-")
      .slice(0, 40),
    "-",
  );
  return words || "task";
}

/**
 * Registers a new running loop. The id's random tail keeps two loops of one task apart.
 * `grantKey`: the API token of the server, when a token holder asked for the loop (the route's
 * guard checked that): the loop gets its run grant, without which no plugin adopts it.
 */
export function createLoop(ctx: Ctx, input: ParsedCreateLoopInput, grantKey?: string): LoopDto {
  const projectId = resolveProject(ctx, { directory: input.directory });
  const tail = crypto.randomBytes(3).toString("hex");
  const slug = `${input.slug ?? slugFromTask(input.task)}-${tail}`;
  const id = `loop_${crypto.randomBytes(8).toString("hex")}`;
  const directory = redactKey(input.directory);
  const runGrant =
    grantKey === undefined
      ? null
      : loopRunGrant(grantKey, { id, directory, mode: input.mode, sandbox: input.sandbox, task: input.task, completionPromise: input.completionPromise });
  const row = ctx.db
    .insert(loops)
    .values({
      id,
      projectId,
      slug,
      task: input.task,
      maxIterations: input.maxIterations,
      minAudits: input.audit ? input.minAudits : 0,
      audit: input.audit,
      mode: input.mode,
      sandbox: input.sandbox,
      model: input.model ?? null,
      completionPromise: input.completionPromise,
      directory,
      branch: input.branch ?? null,
      worktreePath: input.worktreePath ?? null,
      runGrant,
    })
    .returning()
    .get();
  return loopDto(row);
}
