import path from "node:path";
import type { Command } from "commander";
import { commandContext } from "../lib/command-context";
import { table } from "../lib/output";

interface TeamStatusDto {
  joined: boolean;
  url: string | null;
  lastSyncAt: number | null;
  lastError: string | null;
  connection: string | null;
  projects: { projectId: string; hubProject: string; cursor: number }[];
  pending: number;
  conflicts: number;
  synced: number;
}

/** `recollect team ...`: team memory through a PostgreSQL hub (docs/team.md). */
export function registerTeam(program: Command) {
  const team = program.command("team").description("share a project's memories with a team through a hub (docs/team.md)");

  team
    .command("join")
    .description("join a hub with the token `recollect team invite` printed on it")
    .argument("<url>", "the hub's URL")
    .requiredOption("--token <token>", "your team token")
    .action(async (url: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ token: string }>(cmd);
      const r = await client.json<{ url: string; name: string; team: string; projects: string[] }>("/api/team", { json: { url, token: opts.token } });
      out.result(r, (x: typeof r) => [`Joined ${x.url} as ${x.name} (team ${x.team}); projects: ${x.projects.join(", ") || "none yet"}.`]);
    });

  team
    .command("share")
    .description("make a project's memories its team scope, synced with the hub's project <name>")
    .argument("[directory]", "a directory of the project", ".")
    .requiredOption("--as <name>", "the project's name on the hub (the same on every machine)")
    .action(async (directory: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ as: string }>(cmd);
      const r = await client.json<{ hubProject: string; queued: number }>("/api/team/projects", {
        json: { directory: path.resolve(directory), name: opts.as },
      });
      out.result(r, (x: typeof r) => [`Shared as ${x.hubProject}: ${x.queued} memories queued for the hub.`]);
    });

  team
    .command("leave")
    .description("stop syncing; every memory stays on this machine")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<{ left: boolean }>("/api/team", { method: "DELETE" });
      out.result(r, (x: typeof r) => [x.left ? "Left the hub." : "Not joined to a hub."]);
    });

  team
    .command("status")
    .description("the hub, the shared projects, what waits in the outbox, conflicts")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const s = await client.json<TeamStatusDto>("/api/team");
      out.result(s, (x: TeamStatusDto) =>
        x.joined
          ? [
              `Hub: ${x.url} (${x.connection ?? "unknown"})  last sync: ${x.lastSyncAt ? new Date(x.lastSyncAt).toISOString() : "never"}${x.lastError ? `  error: ${x.lastError}` : ""}`,
              `Outbox: ${x.pending}  synced: ${x.synced}  conflicts: ${x.conflicts} (in the inbox)`,
              table(
                x.projects.map((p) => [p.hubProject, p.projectId, String(p.cursor)]),
                ["hub project", "local project", "cursor"],
              ),
            ]
          : ["Not joined to a hub (recollect team join <url> --token …)."],
      );
    });

  team
    .command("sync")
    .description("one sync round now (the server syncs every few seconds anyway)")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<{ pushed: number; pulled: number; error: string | null }>("/api/team/sync", { method: "POST" });
      out.result(r, (x: typeof r) => [x.error ? `Sync failed: ${x.error}` : `Pushed ${x.pushed}, pulled ${x.pulled}.`]);
    });

  team
    .command("invite")
    .description("on the hub: issue a user's token (shown once)")
    .argument("<name>", "the user's name")
    .option("--team <team>", "the user's team", "team")
    .option("--admin", "may administer the hub")
    .action(async (name: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ team: string; admin?: boolean }>(cmd);
      const r = await client.json<{ name: string; team: string; token: string }>("/api/team/users", {
        json: { name, team: opts.team, admin: Boolean(opts.admin) },
      });
      out.result(r, (x: typeof r) => [`Token for ${x.name} (team ${x.team}), shown once:`, x.token]);
    });

  team
    .command("revoke")
    .description("on the hub: refuse a user's token from now on")
    .argument("<name>", "the user's name")
    .action(async (name: string, _o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<{ name: string }>(`/api/team/users/${encodeURIComponent(name)}`, { method: "DELETE" });
      out.result(r, (x: typeof r) => [`Revoked ${x.name}.`]);
    });

  team
    .command("grant")
    .description("on the hub: let a team reach a project's team memories")
    .argument("<team>", "the team")
    .argument("<project>", "the hub project name")
    .action(async (teamName: string, project: string, _o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<{ team: string; project: string }>("/api/team/access", { json: { team: teamName, project } });
      out.result(r, (x: typeof r) => [`Team ${x.team} reaches ${x.project}.`]);
    });
}
