import type { Part } from "@opencode-ai/sdk";
import { COMMANDS } from "../commands";
import type { CommandContext, CommandOutcome } from "../commands/types";
import type { Runtime } from "../runtime";
import type { AgentGuard } from "./guard";

/**
 * What a handled command asks of the model: OpenCode 1.18 follows `command.execute.before` with a
 * prompt whatever the hook does (docs/opencode-native.md), and a throw makes the command an error
 * (`opencode run --command` exits 1, the SDK's `session.command` answers 500). So the command's
 * prompt becomes this one line, answered in a word: the command succeeds in every client, its work
 * done once, here, for the price of one short model turn.
 */
export const acknowledgement = (name: string) => `Recollect already ran /${name}; its outcome is shown to the user. Reply with one word: Done.`;

/**
 * The arguments as the user typed them: `opencode run --command remember "We decided ..."` joins its
 * words after wrapping each that holds a space in double quotes (escaping the quotes inside), so a
 * whole argument in one pair of quotes is unwrapped (else the memory was stored with the quotes).
 */
export function unquoted(args: string): string {
  const m = /^\s*"((?:[^"\\]|\\.)*)"\s*$/s.exec(args);
  return m ? m[1]!.replace(/\\(["\\])/g, "$1") : args;
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
    const ctx: CommandContext = { rt, sessionID: input.sessionID, arguments: unquoted(input.arguments ?? "") };
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
    acknowledge(output.parts, cmd.name);
  };
}

/**
 * Rewrites the command's prompt in place (OpenCode sends the array it passed the hook) to the
 * acknowledgement. Synthetic: the TUI does not show it as the user's words, and neither extraction
 * nor recall reads it (plugin/hooks/chat.ts, messages.ts).
 */
export function acknowledge(parts: Part[], name: string) {
  const first = parts.find((p) => p.type === "text") as (Part & { type: "text" }) | undefined;
  const text = { ...(first ?? {}), type: "text", text: acknowledgement(name), synthetic: true, metadata: { recollect: name } } as Part;
  parts.splice(0, parts.length, text);
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
