import { describe, expect, it } from "vitest";
import { browserCommand } from "../../cli/lib/login-link";

describe("browserCommand", () => {
  const url = "http://127.0.0.1:3777/api/auth/tickets/t0k3n?next=%2Fmemories&x=1";

  it("passes the URL as one argument of its own, through no shell", () => {
    expect(browserCommand(url, "linux")).toEqual(["xdg-open", [url]]);
    expect(browserCommand(url, "darwin")).toEqual(["open", [url]]);
    // cmd /c start would end the command at the `&` and run what follows it.
    const [command, args] = browserCommand(url, "win32");
    expect(command).toBe("rundll32");
    expect(args).toEqual(["url.dll,FileProtocolHandler", url]);
  });
});
