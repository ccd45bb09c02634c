import type { Page } from "@playwright/test";

/** /login: the form where the API token is pasted by hand. */
export class LoginPage {
  get root() {
    return this.page.getByTestId("login-page");
  }
  get token() {
    return this.page.getByTestId("login-token");
  }
  get submit() {
    return this.page.getByTestId("login-submit");
  }
  get error() {
    return this.page.getByTestId("login-error");
  }

  constructor(private readonly page: Page) {}

  async signInWith(token: string) {
    await this.token.fill(token);
    await this.submit.click();
  }
}
