import type { Page } from "@playwright/test";

/** /constraints: pinned memories edited inline, and the injected block they make. */
export class ConstraintsPage {
  get preview() {
    return this.page.getByTestId("block-text");
  }

  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async goto(projectId: string) {
    await this.page.goto(`${this.url}/constraints?project=${projectId}`);
  }

  async previewTokens(): Promise<number> {
    return Number((await this.page.getByTestId("block-tokens").textContent())!.replace(/,/g, ""));
  }

  async previewText(): Promise<string> {
    return (await this.preview.textContent()) ?? "";
  }

  item(text: string) {
    return this.page.getByTestId("constraint-item").filter({ hasText: text });
  }

  async edit(text: string, content: string) {
    const item = this.item(text);
    await item.getByTestId("constraint-content").fill(content);
    await item.getByTestId("constraint-save").click();
  }

  enabled(text: string) {
    return this.item(text).getByTestId("constraint-enabled");
  }

  async quickAdd(content: string) {
    await this.page.getByTestId("quick-constraint-content").fill(content);
    await this.page.getByTestId("quick-constraint-content").press("Enter");
  }

  async moveUp(text: string) {
    await this.item(text).getByTestId("constraint-up").click();
  }
}
