/** Chat platforms' bot credentials: Discord webhooks, Telegram bot tokens. */
import type { Detector } from "../detector";
import { B64URL, DIGIT, tokenBody, wordBefore } from "../readers/chars";

/** A Discord webhook: `https://discord.com/api/webhooks/<id>/<token>` (also discordapp.com, `/api/v10/`); the token is redacted. */
export const discordWebhook: Detector = {
  kind: "discord_webhook",
  anchor: /discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\//g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const idEnd = DIGIT.runEnd(text, anchorEnd);
    if (idEnd - anchorEnd < 15 || idEnd - anchorEnd > 22 || text.charCodeAt(idEnd) !== 47) return idEnd;
    const body = tokenBody(text, idEnd + 1, B64URL, 68);
    if (body.length >= 60) push(idEnd + 1, body.end);
    return Math.max(anchorEnd, body.end);
  },
};

/** A Telegram bot token: `<bot id, 8-11 digits>:AA<33 characters>`, also in the API's path (`/bot123...:AA.../sendMessage`). */
export const telegramBotToken: Detector = {
  kind: "telegram_bot_token",
  anchor: /:AA/g,
  read(text, at, anchorEnd, push) {
    let s = at;
    while (s > 0 && at - s < 12 && DIGIT.has(text.charCodeAt(s - 1))) s--;
    if (at - s < 8 || at - s > 11) return anchorEnd;
    if (wordBefore(text, s) && !(text.startsWith("bot", s - 3) && !wordBefore(text, s - 3))) return anchorEnd;
    const e = B64URL.runEnd(text, at + 1);
    if (e - at - 1 === 35) push(s, e);
    return Math.max(anchorEnd, e);
  },
};
