import type { Command } from "commander";
import { Client } from "./client";
import { resolveTarget, type GlobalOptions, type Target } from "./env";
import { Output } from "./output";

/** What each command's action gets: its options merged with the global ones, the target, a client. */
export interface CommandContext<O> {
  opts: O & GlobalOptions;
  target: Target;
  client: Client;
  out: Output;
}

export function commandContext<O>(cmd: Command): CommandContext<O> {
  const opts = cmd.optsWithGlobals() as O & GlobalOptions;
  const target = resolveTarget(opts);
  return { opts, target, client: new Client(target), out: new Output(opts) };
}
