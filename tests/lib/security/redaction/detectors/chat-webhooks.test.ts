/** chat-webhooks.ts: Discord webhooks and Telegram bot tokens. */
import { describe, expect, it } from "vitest";
import { redact } from "../../../../../lib/security/redaction";
import { b64, r, unchanged } from "../helpers";

describe("redact: chat webhooks and bot tokens", () => {
  it("Discord webhooks and Telegram bot tokens (also in the Bot API's path)", () => {
    const tg = `5${r("0123456789", 9, 50)}:AA${r(b64, 33, 50)}`;
    expect(redact(`https://api.telegram.org/bot${tg}/sendMessage`)).toBe("https://api.telegram.org/bot[REDACTED:telegram_bot_token]/sendMessage");
    const hook = `${r(b64, 68, 51)}`;
    expect(redact(`https://discordapp.com/api/v10/webhooks/987654321098765432/${hook}`)).toBe(
      "https://discordapp.com/api/v10/webhooks/987654321098765432/[REDACTED:discord_webhook]",
    );
    unchanged([
      "mac 11:22:33:44:55:AA",
      "ratio 123456789:AAA",
      "https://discord.com/api/webhooks/123/short",
      "see https://discord.com/developers/docs/resources/webhook",
    ]);
  });
});
