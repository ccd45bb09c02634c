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

  /** The link picker: types words, then picks the memory found whose text has `pick`. */
  async linkByWords(words: string, pick: string) {
    await this.page.getByTestId("link-to").fill(words);
    await this.page.getByTestId("link-candidate").filter({ hasText: pick }).click();
  }

  get linkCandidates() {
    return this.page.getByTestId("link-candidate");
  }

  async linkTo(id: string) {
    await this.page.getByTestId("link-to").fill(id);
    await this.page.getByTestId("link-to").press("Enter");
  }
}
