/**
 * The detectors, in order. The scanner runs every one over the whole text; the order only names
 * merged spans: where two detectors' spans overlap, the union is redacted once and named after the
 * detector listed first. So specific formats come first (a private key, vendors' prefixed tokens,
 * webhooks, JWTs), then URL and HTTP credentials, then command lines, and the generic
 * `NAME=value` assignments last: `OPENAI_API_KEY=sk-...` reads `OPENAI_API_KEY=[REDACTED:openai_key]`.
 * A new detector: a file in detectors/ (one detector or one family a file), a line here, a test in
 * tests/lib/security/redaction/detectors/.
 */
import type { Detector } from "./detector";
import { cliPassword, stdinPassword } from "./detectors/cli-password";
import { discordWebhook, telegramBotToken } from "./detectors/chat-webhooks";
import { jwt, sendgrid } from "./detectors/dotted-tokens";
import { envSecret } from "./detectors/env-secret";
import { basicAuth, bearer } from "./detectors/http-auth";
import { privateKey } from "./detectors/private-key";
import { signedUrl } from "./detectors/signed-url";
import { urlPassword } from "./detectors/url-password";
import * as vendor from "./detectors/vendor-tokens";
import { xmlAttributeSecret } from "./detectors/xml-attribute";

export const DETECTORS: readonly Detector[] = [
  privateKey,
  vendor.anthropicKey,
  vendor.openaiKey,
  vendor.stripeKey,
  vendor.githubToken,
  vendor.githubPat,
  vendor.gitlabToken,
  vendor.slackToken,
  vendor.slackAppToken,
  vendor.slackWebhook,
  discordWebhook,
  telegramBotToken,
  vendor.awsAccessKey,
  vendor.awsSecretKey,
  vendor.googleApiKey,
  vendor.googleClientSecret,
  vendor.googleAccessToken,
  vendor.npmToken,
  vendor.npmrcAuthToken,
  vendor.huggingfaceToken,
  sendgrid,
  vendor.digitaloceanToken,
  vendor.twilioKey,
  vendor.shopifyToken,
  vendor.pypiToken,
  vendor.vaultToken,
  vendor.ageSecretKey,
  jwt,
  urlPassword,
  basicAuth,
  bearer,
  vendor.azureKey,
  signedUrl,
  cliPassword,
  stdinPassword,
  xmlAttributeSecret,
  envSecret,
];

/** Every kind a `[REDACTED:<kind>]` tag may name, in registry order. */
export const REDACTION_KINDS = [...new Set(DETECTORS.map((d) => d.kind))];
