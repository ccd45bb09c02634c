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
  /** "51–100 of 130 results" under a paged search. */
  get pagePosition() {
    return this.page.getByTestId("page-position");
  }
  get nextPage() {
    return this.page.getByTestId("next-page");
  }
  get previousPage() {
    return this.page.getByTestId("previous-page");
  }
  get selectAll() {
    return this.page.getByTestId("select-all");
  }
  /** Offered once the whole page is selected and the search matches more. */
  get selectAllMatching() {
    return this.page.getByTestId("select-all-matching");
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
    }).toPass({ timeout: 30_000 });
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
