import type { Command } from "commander";
import type { SessionsRevoked } from "../../lib/contracts/auth";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { mintLoginLink, openInBrowser } from "../lib/login-link";

/** `recollect open` and `recollect logout`: the memory browser's sign-in, through the API token. */
export function registerBrowser(program: Command) {
  program
    .command("open")
    .argument("[path]", "the page to open, e.g. /memories or /constraints", "/")
    .description("open the memory browser, signed in by a one-time login link (valid 2 minutes, single use)")
    .option("--print", "print the link instead of opening a browser")
    .action(async (pagePath: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ print?: boolean }>(cmd);
      if (!pagePath.startsWith("/")) throw new CliError(`path must start with "/" (got "${pagePath}")`, EXIT.usage);
      const link = await mintLoginLink(client, pagePath);
      if (opts.print || opts.json) {
        out.result(link, () => link.url);
        return;
      }
      const opened = await openInBrowser(link.url);
      out.result({ ...link, opened }, () =>
        opened
          ? `Opened the memory browser (the link works once, until ${link.expiresAt}).`
          : `Could not start a browser here; open this link (once, within 2 minutes):\n${link.url}`,
      );
    });

  program
    .command("logout")
    .description("sign browsers out of the memory browser (the nav's Sign out ends one browser's session)")
    .option("--all", "end every browser session")
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ all?: boolean }>(cmd);
      if (!opts.all)
        throw new CliError("the CLI has no browser session of its own: pass --all to sign every browser out", EXIT.usage, "`recollect logout --all`");
      const result = await client.json<SessionsRevoked>("/api/auth/sessions", { method: "DELETE" });
      out.result(result, () => `Signed out every browser (${result.revoked} session${result.revoked === 1 ? "" : "s"} ended).`);
    });
}
