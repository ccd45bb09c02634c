/** Vendors' tokens recognised by a fixed prefix or a fixed label: one line each, read by prefix-token.ts and labelled.ts. */
import { ALNUM, B64, B64_PAD, B64URL, HEX, LOWER_HEX, NPMRC_VALUE, OAUTH, SLACK, UPPER_DIGIT, WEBHOOK, WORD } from "../readers/chars";
import { labelled } from "./labelled";
import { prefixToken } from "./prefix-token";

export const anthropicKey = prefixToken({ kind: "anthropic_key", anchor: /sk-ant-/g, cls: B64URL, min: 20, full: 100 });
export const openaiKey = prefixToken({ kind: "openai_key", anchor: /sk-(?!ant-)/g, cls: B64URL, min: 20, full: 160 });
export const stripeKey = prefixToken({ kind: "stripe_key", anchor: /(?:sk|rk|pk|whsec)_(?:live|test)_/g, cls: ALNUM, min: 16, full: 99 });
export const githubToken = prefixToken({ kind: "github_token", anchor: /gh[pousr]_/g, cls: ALNUM, min: 36 });
export const githubPat = prefixToken({ kind: "github_token", anchor: /github_pat_/g, cls: WORD, min: 22, full: 82 });
export const gitlabToken = prefixToken({ kind: "gitlab_token", anchor: /gl(?:pat|ptt|dt|rt|soat|ft|cbt)-/g, cls: B64URL, min: 20 });
export const slackToken = prefixToken({ kind: "slack_token", anchor: /xox[abposre]-/g, cls: SLACK, min: 10, full: 50 });
/** Slack's app-level tokens. */
export const slackAppToken = prefixToken({ kind: "slack_token", anchor: /xapp-\d-/g, cls: SLACK, min: 20, full: 90 });
export const slackWebhook = prefixToken({
  kind: "slack_webhook",
  anchor: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\//g,
  cls: WEBHOOK,
  min: 20,
  full: 44,
  wordStart: false,
});
export const awsAccessKey = prefixToken({
  kind: "aws_access_key",
  anchor: /(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])/g,
  cls: UPPER_DIGIT,
  min: 16,
  exact: true,
  endNot: WORD,
});
export const awsSecretKey = labelled("aws_secret_key", /aws_?secret_?(?:access_?)?key/gi, { min: 40, bare: B64, exact: true });
export const googleApiKey = prefixToken({ kind: "google_api_key", anchor: /AIza/g, cls: B64URL, min: 35, exact: true, endNot: B64URL });
export const googleClientSecret = prefixToken({ kind: "google_oauth", anchor: /GOCSPX-/g, cls: B64URL, min: 24, full: 28 });
export const googleAccessToken = prefixToken({ kind: "google_oauth", anchor: /ya29\./g, cls: OAUTH, min: 20, full: 100 });
export const npmToken = prefixToken({ kind: "npm_token", anchor: /npm_/g, cls: ALNUM, min: 36, exact: true, endNot: WORD });
/** `.npmrc`'s `_authToken=`. */
export const npmrcAuthToken = labelled("npm_token", /_authToken/g, { min: 1, bare: NPMRC_VALUE, only: "=" });
export const huggingfaceToken = prefixToken({ kind: "huggingface_token", anchor: /hf_/g, cls: ALNUM, min: 30, full: 34, endNot: WORD });
export const digitaloceanToken = prefixToken({ kind: "digitalocean_token", anchor: /do[opr]_v1_/g, cls: LOWER_HEX, min: 64, exact: true, endNot: WORD });
export const twilioKey = prefixToken({ kind: "twilio_key", anchor: /(?:AC|SK)/g, cls: LOWER_HEX, min: 32, exact: true, endNot: WORD });
export const shopifyToken = prefixToken({ kind: "shopify_token", anchor: /shp(?:at|ss|ca|pa)_/g, cls: HEX, min: 32, exact: true, endNot: WORD });
export const pypiToken = prefixToken({ kind: "pypi_token", anchor: /pypi-AgEIcHlwaS5vcmc/g, cls: B64URL, min: 50, full: 160 });
export const vaultToken = prefixToken({ kind: "vault_token", anchor: /hv[sb]\./g, cls: B64URL, min: 24, full: 90 });
export const ageSecretKey = prefixToken({ kind: "age_secret_key", anchor: /AGE-SECRET-KEY-1/g, cls: UPPER_DIGIT, min: 58, exact: true, endNot: WORD });
/** Azure connection strings' `AccountKey=` / `SharedAccessKey=`. */
export const azureKey = labelled("azure_key", /(?:AccountKey|SharedAccessKey)/g, { min: 20, bare: B64_PAD, only: "=" });
