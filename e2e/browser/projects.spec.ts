import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, tempDir } from "./helpers";
import { ProjectsPage } from "./pages/projects-page";

/**
 * The Projects page in Chromium against a really started server: merging one project into
 * another moves its memories and leaves it as an alias; splitting moves the memories a query
 * finds (less those unticked) into a new project.
 */
async function seed(s: TestServer) {
  const project = async (directory: string, contents: string[]) => {
    const ids: string[] = [];
    for (const content of contents) ids.push((await createMemory(s, { content, scope: "project", directory })).id);
    const first = (await (await s.api(`/api/memories/${ids[0]}`)).json()) as { projectId: string };
    return { id: first.projectId, directory, memories: ids };
  };
  const keep = await project(tempDir("recollect-e2e-keep-"), ["Keep: the API is versioned in the URL."]);
  const gone = await project(tempDir("recollect-e2e-gone-"), ["Gone: staging deploys every hour.", "Gone: the cron runs at 03:00."]);
  const mono = await project(tempDir("recollect-e2e-mono-"), [
    "Mono: the gizmo service listens on 9090.",
    "Mono: gizmo logs go to /var/log/gizmo.",
    "Mono: the gizmo dashboard is legacy and stays.",
    "Mono: billing runs nightly.",
  ]);
  return { keep, gone, mono };
}

const test = appTest("projects", seed);

test("merging one project into another in the browser", async ({ page, app }) => {
  const { keep, gone } = app.data;
  await login(page, app.server, "/projects");
  const projects = new ProjectsPage(page, app.server.url);
  await expect(projects.memoriesOf(gone.id)).toHaveText("2");
  await projects.merge(keep.id, gone.id);
  await expect(projects.mergeDone).toContainText("2 memories");
  await expect(projects.row(gone.id)).toHaveCount(0);
  await expect(projects.memoriesOf(keep.id)).toHaveText("3");
  await expect(projects.row(keep.id).getByTestId("project-aliases")).toContainText(gone.id);

  // The merged project's directory now reads the kept project's memories.
  const listed = (await (await app.server.api(`/api/memories?directory=${encodeURIComponent(gone.directory)}`)).json()) as { items: { content: string }[] };
  expect(listed.items.map((m) => m.content).sort()).toEqual([
    "Gone: staging deploys every hour.",
    "Gone: the cron runs at 03:00.",
    "Keep: the API is versioned in the URL.",
  ]);
});

test("splitting the memories a query finds, less one unticked, into a new project", async ({ page, app }) => {
  const { mono } = app.data;
  await login(page, app.server, "/projects");
  const projects = new ProjectsPage(page, app.server.url);
  await projects.find(mono.id, "gizmo");
  await expect(projects.matches).toHaveCount(3);
  await projects.keep("dashboard is legacy");
  await projects.move({});
  await expect(projects.fieldError("name")).toContainText("name or a remote");
  await projects.move({ name: "gizmo" });
  await expect(projects.splitDone).toHaveText("Moved 2 memories to gizmo.");
  await expect(projects.memoriesOf(mono.id)).toHaveText("2");
  const created = page.getByTestId("project-row").filter({ has: page.getByTestId("project-name").getByText("gizmo", { exact: true }) });
  await expect(created.getByTestId("project-memories")).toHaveText("2");

  const left = (await (await app.server.api(`/api/memories?project=${mono.id}`)).json()) as { items: { content: string }[] };
  expect(left.items.map((m) => m.content).sort()).toEqual(["Mono: billing runs nightly.", "Mono: the gizmo dashboard is legacy and stays."]);
});
