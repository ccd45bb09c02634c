import type { Command } from "commander";
import { detectOpencode, installPlugin, PACKAGE_NAME } from "../../scripts/install-plugin";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";

/**
 * `recollect install-plugin`: adds (or removes) the plugin entry in the user's or a project's
 * opencode.json, in the shape of the OpenCode generation installed (or named by --opencode).
 */
export function registerPlugin(program: Command) {
  program
    .command("install-plugin")
    .description("add the Recollect plugin to OpenCode's config (global by default), keeping the file's comments")
    .option("--project <dir>", "the project's opencode.json instead of the global one")
    .option("--config <file>", "this opencode.json(c) file")
    .option("--by-name", 'write the package name ("recollect": OpenCode installs it from npm) instead of the path of this installation\'s plugin')
    .option("--opencode <generation>", "the OpenCode generation to install for, 1 or 2 (default: the installed one)")
    .option("--uninstall", "remove the entry instead")
    .action(async (_o, cmd: Command) => {
      const { opts, out } = commandContext<{ project?: string; config?: string; uninstall?: boolean; byName?: boolean; opencode?: string }>(cmd);
      if (opts.project && opts.config) throw new CliError("give --project or --config, not both", EXIT.usage);
      if (opts.opencode !== undefined && opts.opencode !== "1" && opts.opencode !== "2") throw new CliError("--opencode takes 1 or 2", EXIT.usage);
      const opencode = opts.opencode ? (Number(opts.opencode) as 1 | 2) : detectOpencode().generation;
      const target = opts.config ? { config: opts.config } : opts.project ? { project: opts.project } : { global: true as const };
      let result: ReturnType<typeof installPlugin>;
      try {
        result = installPlugin({ target, opencode, uninstall: opts.uninstall, ...(opts.byName ? { entry: PACKAGE_NAME } : {}) });
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.invalid);
      }
      out.result(
        result,
        (r: typeof result) =>
          `${r.action}: ${r.file} (OpenCode ${r.opencode})${r.tui ? `\nTUI plugin ${r.tui.action}: ${r.tui.file}` : ""}${(r.removedOther ?? []).map((o) => `\nremoved the other generation's entry: ${o}`).join("")}${r.changed || r.tui?.changed ? "\nRestart OpenCode to load it." : ""}`,
      );
    });
}
