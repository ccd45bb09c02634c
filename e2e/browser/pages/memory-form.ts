import type { Page } from "@playwright/test";

/** /memories/new and a memory's page: the form, its field errors, versions and links. */
export class MemoryForm {
  get save() {
    return this.page.getByTestId("save-memory");
  }
  get created() {
    return this.page.getByTestId("created-notice");
  }
  get saved() {
    return this.page.getByTestId("form-saved");
  }
  get detail() {
    return this.page.getByTestId("memory-detail");
  }
  get versions() {
    return this.page.getByTestId("version-item");
  }
  get versionDiff() {
    return this.page.getByTestId("version-diff");
  }
  get links() {
    return this.page.getByTestId("link-item");
  }

  constructor(private readonly page: Page) {}

  field(name: "content" | "title" | "priority" | "category" | "tags") {
    return this.page.getByTestId(`field-${name}`);
  }

  error(name: "content" | "priority") {
    return this.page.getByTestId(`error-${name}`);
  }

  async linkTo(id: string) {
    await this.page.getByTestId("link-to").fill(id);
    await this.page.getByTestId("link-to").press("Enter");
  }
}
