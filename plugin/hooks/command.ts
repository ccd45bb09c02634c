import type { Part } from "@opencode-ai/sdk";
import { COMMANDS } from "../commands";
import type { CommandContext, CommandOutcome } from "../commands/types";
import type { Runtime } from "../runtime";
import type { AgentGuard } from "./guard";

/**
 * Thrown once a command the plugin handled itself has shown its outcome: OpenCode 1.18 has no other
 * way for `command.execute.before` to stop the prompt, so this is what keeps the model from being
 * called. Its message is what OpenCode reports for the command.
 */
export class CommandHandled extends Error {
  constructor(name: string) {
    super(`/${name} done by Recollect (no model call)`);
    this.name = "CommandHandled";
  }
}

/**
 * `command.execute.before`: a command with a handler runs here, its outcome goes into the session
 * as a message that asks for no reply (kept out of the model's view unless it is context, like
 * `/recall`), with a toast where a TUI is attached; a model command gets its prompt completed.
 */
export function commandBefore(rt: Runtime, owned: Set<string>, guard: AgentGuard) {
  const byName = new Map(COMMANDS.map((c) => [c.name, c]));
  return async (input: { command: string; sessionID: string; arguments: string }, output: { parts: Part[] }) => {
    const cmd = owned.has(input.command) ? byName.get(input.command) : undefined;
    if (!cmd) return;
    const ctx: CommandContext = { rt, sessionID: input.sessionID, arguments: input.arguments ?? "" };
    if (!cmd.run) {
      await cmd.prepare?.(ctx, output.parts).catch((e: Error) => rt.log("warn", `/${cmd.name}: ${e?.message ?? e}`));
      return;
    }
    let outcome: CommandOutcome;
    try {
      outcome = await cmd.run(ctx);
    } catch (error) {
      outcome = { text: `Recollect could not run /${cmd.name}: ${(error as Error)?.message ?? error}` };
    }
    await show(rt, input.sessionID, cmd.name, outcome, guard.agentOf(input.sessionID));
    throw new CommandHandled(cmd.name);
  };
}

async function show(rt: Runtime, sessionID: string, name: string, outcome: CommandOutcome, agent: string | undefined) {
  const oc = rt.opencode;
  if (!oc) return;
  try {
    await oc.session.prompt({
      path: { id: sessionID },
      query: { directory: rt.directory },
      body: {
        noReply: true,
        ...(agent ? { agent } : {}),
        parts: [{ type: "text", text: `/${name}\n${outcome.text}`, ...(outcome.context ? {} : { ignored: true }), metadata: { recollect: name } }],
      },
    });
  } catch (error) {
    rt.log("warn", `/${name}: could not show the outcome: ${(error as Error)?.message ?? error}`);
  }
  const toast = outcome.toast ?? { message: `Recollect /${name}: ${outcome.text.split("\n")[0]!.slice(0, 120)}`, variant: "info" as const };
  // No TUI (opencode run, serve): the call fails; nothing to show it on anyway.
  void oc.tui?.showToast?.({ body: { message: toast.message, variant: toast.variant } })?.catch?.(() => {});
}
