import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git } from "../../../plugin/loops/git";
import { dockerRunArgs, shQuote } from "../../../plugin/loops/sandbox";
import { operandPath } from "../../../plugin/loops/tools";
import { tempDir } from "../../helpers/server";

/** What a loop's workspace (written by the model, or by a container) cannot make the host run or delete. */
describe("a loop's workspace and the host", () => {
  it("a path given to sandbox_glob is an operand of find, never an action such as -delete", () => {
    const dir = tempDir("sandbox-find-");
    fs.writeFileSync(path.join(dir, "keep.txt"), "x");
    for (const p of ["-delete", "-fprint", "-exec"]) {
      execFileSync("sh", ["-c", `find ${shQuote(operandPath(p))} -name ${shQuote("*.none")} 2>/dev/null; true`], { cwd: dir });
    }
    expect(fs.readdirSync(dir)).toEqual(["keep.txt"]);
    expect(operandPath(undefined)).toBe(".");
    expect(operandPath("src/lib")).toBe("src/lib");
  });

  it("the container gets the workspace's git metadata read-only", () => {
    expect(dockerRunArgs({ image: "img:1", hostDir: "/wt/a", hasGit: true }, "c1")).toEqual([
      "run",
      "-d",
      "--name",
      "c1",
      "-v",
      "/wt/a:/workspace",
      "-v",
      "/wt/a/.git:/workspace/.git:ro",
      "-w",
      "/workspace",
      "img:1",
      "sleep",
      "infinity",
    ]);
    expect(dockerRunArgs({ image: "img:1", hostDir: "/wt/a", hasGit: false }, "c1")).not.toContain("/wt/a/.git:/workspace/.git:ro");
  });

  it("the host's git calls run no program a repository's config names (file-system monitor, hooks, external diff)", async () => {
    const dir = tempDir("sandbox-git-");
    const marker = path.join(dir, "..", `${path.basename(dir)}-pwned`);
    const sh = (cmd: string) => execFileSync("sh", ["-c", cmd], { cwd: dir });
    sh("git init -q && git config user.email a@b.c && git config user.name a && echo a > f && git add f && git commit -qm init");
    sh(`git config core.fsmonitor "touch ${marker}; false" && git config diff.external "touch ${marker}"`);
    fs.mkdirSync(path.join(dir, ".git", "hooks"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".git", "hooks", "pre-commit"), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "f"), "b\n");
    await git(dir, ["add", "-A"]);
    await git(dir, ["diff", "--no-ext-diff", "--cached"]);
    await git(dir, ["ls-files", "--others"]);
    await git(dir, ["commit", "--quiet", "-m", "x"]);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
