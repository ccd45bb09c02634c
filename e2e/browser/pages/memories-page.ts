import { expect, type Page } from "@playwright/test";

/** /memories: the list, search from the keyboard, filters and bulk actions. */
export class MemoriesPage {
  get rows() {
    return this.page.getByTestId("memory-item");
  }
  get searchInput() {
    return this.page.getByTestId("search-input");
  }
  get summary() {
    return this.page.getByTestId("result-summary");
  }
  get selectedCount() {
    return this.page.getByTestId("selected-count");
  }
  get bulkMessage() {
    return this.page.getByTestId("bulk-message");
  }
  get confirmDialog() {
    return this.page.getByTestId("confirm-dialog");
  }
  get emptyState() {
    return this.page.getByTestId("empty-state");
  }

  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async goto() {
    await this.page.goto(this.url + "/memories");
  }

  row(text: string) {
    return this.rows.filter({ hasText: text });
  }

  /** "/" focuses the search box once the page has hydrated: press until it takes effect. */
  async searchFromKeyboard(query: string) {
    await expect(async () => {
      await this.page.locator("body").press("/");
      await expect(this.searchInput).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await this.page.keyboard.type(query);
    await this.page.keyboard.press("Enter");
  }

  async select(text: string) {
    await this.row(text).getByTestId("select-memory").check();
  }

  async showStatus(status: string) {
    await this.page.getByTestId("filter-status").selectOption(status);
    await this.page.getByTestId("apply-filters").click();
  }

  bulk(action: "archive" | "restore" | "delete") {
    return this.page.getByTestId(`bulk-${action}`);
  }
}
