import type { Page } from "@playwright/test";

/** /inbox: suggested memories and consolidation proposals in one keyboard-driven queue. */
export class InboxPage {
  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.url}/inbox`);
  }

  get items() {
    return this.page.getByTestId("inbox-item");
  }

  get current() {
    return this.page.getByTestId("inbox-current");
  }

  get count() {
    return this.page.getByTestId("inbox-count");
  }

  get navCount() {
    return this.page.getByTestId("nav-inbox-count");
  }

  get toast() {
    return this.page.getByTestId("inbox-toast");
  }

  item(text: string) {
    return this.items.filter({ hasText: text });
  }

  /** Presses keys on the page (not in a field): j, k, a, r, e, u, x. */
  async press(...keys: string[]) {
    for (const k of keys) await this.page.keyboard.press(k);
  }

  async undoFromToast() {
    await this.page.getByTestId("inbox-undo").click();
  }

  async consolidateNow() {
    await this.page.getByTestId("run-consolidation").click();
  }

  async edit(text: string, content: string) {
    await this.item(text).getByTestId("inbox-edit-start").click();
    await this.item(text).getByTestId("inbox-edit").fill(content);
    await this.item(text).getByTestId("inbox-approve").click();
  }

  async select(text: string) {
    await this.item(text).getByTestId("inbox-select").check();
  }

  async bulkReject() {
    await this.page.getByTestId("bulk-reject").click();
  }
}
