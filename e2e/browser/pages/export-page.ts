import type { Download, Page } from "@playwright/test";

/** /export: the Markdown/JSON download and the import with its preview report. */
export class ExportPage {
  get created() {
    return this.page.getByTestId("report-created");
  }
  get duplicates() {
    return this.page.getByTestId("report-duplicates");
  }
  get report() {
    return this.page.getByTestId("import-report");
  }
  get confirm() {
    return this.page.getByTestId("import-confirm");
  }

  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async goto() {
    await this.page.goto(this.url + "/export");
  }

  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId("export-download").click()]);
    return download;
  }

  async preview(file?: string) {
    if (file) await this.page.getByTestId("import-file").setInputFiles(file);
    await this.page.getByTestId("import-preview").click();
  }
}
