import type { Page } from "@playwright/test";

/** /projects: the project list, the merge form and the split form (query, preview, move). */
export class ProjectsPage {
  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.url}/projects`);
  }

  row(projectId: string) {
    return this.page.locator(`[data-testid="project-row"][data-project="${projectId}"]`);
  }

  memoriesOf(projectId: string) {
    return this.row(projectId).getByTestId("project-memories");
  }

  get mergeDone() {
    return this.page.getByTestId("merge-done");
  }

  async merge(into: string, from: string) {
    await this.page.getByTestId("merge-into").selectOption(into);
    await this.page.getByTestId("merge-from").selectOption(from);
    await this.page.getByTestId("merge-submit").click();
    await this.page.getByTestId("confirm-button").click();
  }

  get matches() {
    return this.page.getByTestId("split-match");
  }

  get splitDone() {
    return this.page.getByTestId("split-done");
  }

  fieldError(field: string) {
    return this.page.getByTestId(`split-error-${field}`);
  }

  async find(from: string, query: string) {
    await this.page.getByTestId("split-from").selectOption(from);
    await this.page.getByTestId("split-query").fill(query);
    await this.page.getByTestId("split-find").click();
  }

  /** Unticks a matched memory so it stays where it is. */
  async keep(text: string) {
    await this.matches.filter({ hasText: text }).getByRole("checkbox").uncheck();
  }

  async move(target: { name?: string; remote?: string }) {
    if (target.name !== undefined) await this.page.getByTestId("split-name").fill(target.name);
    if (target.remote !== undefined) await this.page.getByTestId("split-remote").fill(target.remote);
    await this.page.getByTestId("split-submit").click();
  }
}
