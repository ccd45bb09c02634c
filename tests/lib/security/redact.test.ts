import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REDACT_SLICE_CHARS, REDACTION_KINDS, redact, redactAsync, redactDeep, redactDeepAsync } from "../../../lib/security/redact";

/**
 * Fake secrets are assembled at run time so that no secret-looking literal sits in the repository
 * (and so that a secret scanner on the repository stays quiet).
 */
const r = (alphabet: string, n: number, seed: number) => Array.from({ length: n }, (_, i) => alphabet[(i * 7 + seed * 13) % alphabet.length]).join("");
const AZ09 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const hex = "0123456789abcdef";
const tag = (kind: string) => `[REDACTED:${kind}]`;
const pemBody = (lines: number) => Array.from({ length: lines }, (_, i) => r(b64 + "+/", 64, 30 + i)).join("\n");

/** [kind, text with the secret, the secret itself (must be gone), the text expected around it] */
const POSITIVE: { kind: string; text: string; secret: string; keeps?: string[] }[] = [
  { kind: "aws_access_key", secret: `AKIA${r(AZ09, 16, 1)}`, text: "key $S in ~/.aws" },
  { kind: "aws_secret_key", secret: r(b64, 40, 2), text: "aws_secret_access_key = $S", keeps: ["aws_secret_access_key = "] },
  { kind: "aws_secret_key", secret: r(b64, 40, 2), text: '"AWS_SECRET_KEY": "$S"', keeps: ['"AWS_SECRET_KEY": "'] },
  { kind: "github_token", secret: `ghp_${r(b64, 36, 3)}`, text: "gh auth with $S now" },
  { kind: "github_token", secret: `github_pat_${r(b64, 22, 3)}_${r(b64, 59, 4)}`, text: "pat $S" },
  { kind: "gitlab_token", secret: `glpat-${r(b64, 20, 4)}`, text: "gitlab $S" },
  { kind: "openai_key", secret: `sk-proj-${r(b64, 40, 5)}`, text: "OPENAI_API_KEY=$S", keeps: ["OPENAI_API_KEY="] },
  { kind: "anthropic_key", secret: `sk-ant-api03-${r(b64, 40, 6)}`, text: "claude via $S" },
  { kind: "slack_token", secret: `xoxb-${r(hex, 12, 7)}-${r(b64, 24, 7)}`, text: "slack bot $S" },
  { kind: "slack_webhook", secret: `https://hooks.slack.com/services/T${r(AZ09, 8, 8)}/B${r(AZ09, 8, 8)}/${r(b64, 24, 8)}`, text: "post to $S" },
  { kind: "stripe_key", secret: `sk_live_${r(b64, 24, 9)}`, text: "stripe $S" },
  { kind: "google_api_key", secret: `AIza${r(b64, 35, 10)}`, text: "maps key $S" },
  { kind: "google_oauth", secret: `GOCSPX-${r(b64, 28, 10)}`, text: "client_secret $S" },
  { kind: "npm_token", secret: `npm_${r(b64, 36, 11)}`, text: "publish with $S" },
  { kind: "npm_token", secret: r(b64, 30, 11), text: "//registry.npmjs.org/:_authToken=$S", keeps: [":_authToken="] },
  { kind: "huggingface_token", secret: `hf_${r(b64, 34, 12)}`, text: "hub token $S" },
  { kind: "sendgrid_key", secret: `SG.${r(b64, 22, 13)}.${r(b64, 43, 13)}`, text: "mail $S" },
  { kind: "digitalocean_token", secret: `dop_v1_${r(hex, 64, 14)}`, text: "doctl $S" },
  { kind: "twilio_key", secret: `AC${r(hex, 32, 1)}`, text: "account $S" },
  { kind: "twilio_key", secret: `SK${r(hex, 32, 2)}`, text: "api key $S" },
  { kind: "shopify_token", secret: `shpat_${r(hex, 32, 3)}`, text: "shop $S" },
  { kind: "pypi_token", secret: `pypi-AgEIcHlwaS5vcmc${r(b64, 60, 4)}`, text: "twine $S" },
  { kind: "vault_token", secret: `hvs.${r(b64, 30, 5)}`, text: "VAULT $S" },
  { kind: "age_secret_key", secret: `AGE-SECRET-KEY-1${r(AZ09, 58, 6)}`, text: "age $S" },
  { kind: "jwt", secret: `eyJ${r(b64, 20, 15)}.eyJ${r(b64, 30, 15)}.${r(b64, 43, 15)}`, text: "session cookie $S" },
  { kind: "private_key", secret: pemBody(3), text: "-----BEGIN OPENSSH PRIVATE KEY-----\n$S\n-----END OPENSSH PRIVATE KEY-----\nafter", keeps: ["\nafter"] },
  // `head id_rsa`: no END line; the body is redacted, the prompt after it kept.
  {
    kind: "private_key",
    secret: pemBody(4),
    text: "$ head -5 id_rsa\n-----BEGIN RSA PRIVATE KEY-----\n$S\n$ ls -la",
    keeps: ["$ head -5 id_rsa\n", "\n$ ls -la"],
  },
  // Inside a JSON string (a GCP service account file), `\n` escaped.
  {
    kind: "private_key",
    secret: r(b64, 64, 40),
    text: '{"private_key": "-----BEGIN PRIVATE KEY-----\\n$S\\n-----END PRIVATE KEY-----\\n", "x": 1}',
    keeps: ['{"private_key": ', ', "x": 1}'],
  },
  {
    kind: "url_password",
    secret: `pw${r(b64, 14, 18)}`,
    text: "DATABASE at postgres://app:$S@db.internal:5432/prod",
    keeps: ["postgres://app:", "@db.internal:5432/prod"],
  },
  { kind: "url_password", secret: `pw${r(b64, 14, 19)}`, text: "REDIS_URL=redis://:$S@cache:6379/0", keeps: ["redis://:", "@cache:6379/0"] },
  { kind: "url_password", secret: `p@ss${r(b64, 8, 20)}`, text: "mongodb://me:$S@host/db", keeps: ["mongodb://me:", "@host/db"] },
  { kind: "bearer_token", secret: r(b64, 32, 19), text: 'curl -H "Authorization: Bearer $S" https://api.example', keeps: ["Authorization: Bearer "] },
  { kind: "basic_auth", secret: Buffer.from(`admin:${r(b64, 12, 21)}`).toString("base64"), text: "Authorization: Basic $S", keeps: ["Authorization: Basic "] },
  { kind: "azure_key", secret: `${r(b64, 44, 20)}==`, text: "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=$S;", keeps: ["AccountKey=", ";"] },
  {
    kind: "signed_url",
    secret: `${r(b64, 30, 21)}%2B${r(b64, 10, 21)}%3D`,
    text: "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&se=2030-01-01&sig=$S&x=1",
    keeps: ["&sig=", "&x=1"],
  },
  {
    kind: "signed_url",
    secret: r(hex, 64, 22),
    text: "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=$S",
    keeps: ["X-Amz-Signature="],
  },
  { kind: "cli_password", secret: `S3cr${r(b64, 10, 23)}`, text: "$ mysql -h db -uroot -p$S app < dump.sql", keeps: ["-uroot -p", " app < dump.sql"] },
  { kind: "cli_password", secret: `S3cr${r(b64, 10, 24)}`, text: "mysqldump -u root -p'$S' app", keeps: ["-p"] },
  { kind: "cli_password", secret: `pa${r(b64, 10, 25)}`, text: "curl -u admin:$S https://api.example/x", keeps: ["-u admin:", " https://api.example/x"] },
  { kind: "cli_password", secret: `pa${r(b64, 10, 26)}`, text: "cd /srv && curl -sS --user 'ci:$S' https://x", keeps: ["--user 'ci:", "' https://x"] },
  { kind: "cli_password", secret: `pa${r(b64, 10, 27)}`, text: "sshpass -p $S ssh me@host", keeps: ["sshpass -p ", " ssh me@host"] },
  { kind: "cli_password", secret: `pa${r(b64, 10, 28)}`, text: "docker login -u me -p $S registry.example", keeps: ["-p ", " registry.example"] },
  { kind: "cli_password", secret: `pa${r(b64, 10, 29)}`, text: "machine api.example.com login me password $S", keeps: ["password "] },
  // A bare carriage return (a terminal redraw) ends the command line: read past, never looped on.
  { kind: "cli_password", secret: `pa${r(b64, 10, 30)}`, text: "curl -u ci:$S\rmachine words\r 10%\rdone", keeps: ["-u ci:", "\rmachine words\r 10%\rdone"] },
  { kind: "env_secret", secret: `val${r(b64, 13, 21)}`, text: "in .env: STRIPE_WEBHOOK_SECRET=$S", keeps: ["STRIPE_WEBHOOK_SECRET="] },
  { kind: "env_secret", secret: `pw${r(b64, 12, 22)}`, text: 'PASSWORD="$S"', keeps: ["PASSWORD="] },
  { kind: "env_secret", secret: `tk${r(b64, 12, 23)}`, text: "GITHUB_TOKEN: $S" },
  { kind: "env_secret", secret: `pw${r(b64, 12, 24)}`, text: '{"user": "me", "password": "$S"}', keeps: ['"password": '] },
  { kind: "env_secret", secret: `pw${r(b64, 12, 25)}`, text: 'body: "{\\"user\\":\\"me\\",\\"password\\":\\"$S\\"}"', keeps: ['\\"password\\":', "}"] },
  {
    kind: "env_secret",
    secret: `pw${r(b64, 12, 26)}`,
    text: "Server=db;Database=app;User Id=sa;Password=$S;Encrypt=true",
    keeps: ["Password=", ";Encrypt=true"],
  },
  { kind: "env_secret", secret: `pw${r(b64, 12, 27)}`, text: "Driver={ODBC};Server=db;Uid=sa;Pwd=$S;", keeps: ["Pwd=", ";"] },
  { kind: "env_secret", secret: `pw${r(b64, 12, 28)}`, text: "wget --http-password=$S https://x", keeps: ["--http-password="] },
  { kind: "env_secret", secret: `k${r(b64, 20, 29)}`, text: "X-Api-Key: $S", keeps: ["X-Api-Key: "] },
  {
    kind: "discord_webhook",
    secret: `${r(b64, 30, 31)}-${r(b64, 37, 31)}`,
    text: "notify https://discord.com/api/webhooks/1234567890123456789/$S done",
    keeps: ["https://discord.com/api/webhooks/1234567890123456789/", " done"],
  },
  { kind: "telegram_bot_token", secret: `7${r("0123456789", 9, 32)}:AA${r(b64, 33, 32)}`, text: "bot $S ready", keeps: ["bot ", " ready"] },
];

describe("redact: every kind", () => {
  for (const [i, c] of POSITIVE.entries()) {
    it(`${c.kind} #${i}`, () => {
      const text = c.text.replace("$S", c.secret);
      const out = redact(text);
      expect(out).toContain(tag(c.kind));
      expect(out).not.toContain(c.secret);
      for (const k of c.keeps ?? []) expect(out).toContain(k);
      // Idempotent: a redacted text is left as it is.
      expect(redact(out)).toBe(out);
    });
  }

  it("lists every kind tested here, and tests every kind it lists", () => {
    expect(new Set(POSITIVE.map((c) => c.kind))).toEqual(new Set(REDACTION_KINDS));
  });

  it("keeps labels and surrounding text exactly", () => {
    const token = `ghp_${r(b64, 36, 3)}`;
    expect(redact(`use ${token} for CI`)).toBe("use [REDACTED:github_token] for CI");
    expect(redact("postgres://app:hunter22@db/x")).toBe("postgres://app:[REDACTED:url_password]@db/x");
    expect(redact("mysql -uroot -phunter22 app")).toBe("mysql -uroot -p[REDACTED:cli_password] app");
  });

  it("names a secret found by two detectors after the more specific one", () => {
    const key = `sk-proj-${r(b64, 40, 5)}`;
    expect(redact(`OPENAI_API_KEY=${key}`)).toBe("OPENAI_API_KEY=[REDACTED:openai_key]");
    expect(redact(`GITHUB_TOKEN: ghp_${r(b64, 36, 3)}`)).toBe("GITHUB_TOKEN: [REDACTED:github_token]");
  });
});

/**
 * Misses found by a review, one block per cause. Each case: the text, the secret (must be gone),
 * what must stay. Next to them, the code and prose that looks alike and must stay unchanged.
 */
describe("redact: review misses, by cause", () => {
  const cases = (list: [text: string, secret: string, keeps?: string[]][]) => {
    for (const [text, secret, keeps = []] of list) {
      const out = redact(text);
      expect(out, text).not.toContain(secret);
      expect(out, text).toContain("[REDACTED:");
      for (const k of keeps) expect(out, text).toContain(k);
      expect(redact(out)).toBe(out);
    }
  };
  const unchanged = (list: string[]) => {
    for (const text of list) expect(redact(text), text).toBe(text);
  };
  const tok = r(b64, 32, 40);
  const hex40 = r(hex, 40, 41);
  const basic = Buffer.from(`user:${r(b64, 12, 42)}!`).toString("base64");

  it("HTTP auth schemes in any case, after an Authorization header (also as a JSON key); GitHub's `token`", () => {
    cases([
      [`authorization: bearer ${tok}`, tok, ["authorization: bearer "]],
      [`AUTHORIZATION: BEARER ${tok.toUpperCase()}`, tok.toUpperCase(), ["AUTHORIZATION: BEARER "]],
      [`authorization: basic ${basic}`, basic, ["authorization: basic "]],
      [`Proxy-Authorization: BASIC ${basic}`, basic],
      [`{"headers":{"authorization":"bearer ${tok}"}}`, tok, ['{"headers":{"authorization":"bearer ', '"}}']],
      [`headers['Authorization'] = 'bearer ${tok}'`, tok],
      [`Authorization: token ${hex40}`, hex40, ["Authorization: token "]],
      [`curl -H "authorization: token ${hex40}" https://api.github.com`, hex40],
      [`GET /x?authorization=bearer%20${tok}`, tok],
    ]);
    unchanged([
      "The Authorization header uses the bearer scheme; bearer tokens are described in RFC 6750.",
      "a bearer token-based authentication scheme",
      "the basic idea is simple; basic knowledge required",
      "The token refresh happens every hour; a token expires after 24h.",
      "the token permissions/organization/administration page",
      "Authorization: Bearer <token>",
      "authorization: bearer $TOKEN",
      "headers: { Authorization: 'Bearer ' + token }",
    ]);
  });

  it("names of secrets: SECRET_KEY and the keys that encrypt or sign, *_PASS, *_PWD, *_PW", () => {
    const v = r(b64, 24, 43);
    cases([
      ["SECRET_KEY = 'django-insecure-7g$k2!x9@q#m1z&w5^v8r3t6y0u4i2o'", "django-insecure-7g$k2!x9@q#m1z&w5^v8r3t6y0u4i2o", ["SECRET_KEY = '"]],
      [`SECRET_KEY_BASE=${r(hex, 64, 44)}`, r(hex, 64, 44), ["SECRET_KEY_BASE="]],
      [`ENCRYPTION_KEY=${v}==`, v],
      [`const cfg = { secretKey: "${v}" }`, v, ['secretKey: "', '" }']],
      [`app.config['SECRET_KEY'] = '${v}'`, v, ["app.config['SECRET_KEY'] = '"]],
      [`JWT_SIGNING_KEY=${v}`, v],
      [`RAILS_MASTER_KEY=${r(hex, 32, 45)}`, r(hex, 32, 45)],
      [`APP_KEY=base64:${v}=`, v],
      [`PRIVATE_KEY=0x${r(hex, 64, 46)}`, r(hex, 64, 46)],
      ["DB_PASS=hunter2xyz", "hunter2xyz", ["DB_PASS="]],
      ["smtp_pass=Sup3rS3cret!", "Sup3rS3cret!", ["smtp_pass="]],
      ["ftp-pass: ftpS3cr3t99", "ftpS3cr3t99"],
      ["userPass: 'Tr0ub4dor&3'", "Tr0ub4dor&3"],
      ["MYSQL_PWD=hunter2xyz", "hunter2xyz", ["MYSQL_PWD="]],
      ["DB_PW=hunter2xyz", "hunter2xyz"],
      ["mail.smtp.pass=Sm7pPw99", "Sm7pPw99"],
      ["DB_PASSWORD=12345678", "12345678"],
      // `pass` as the whole name: an environment variable, or a quoted key with a quoted value.
      ["PASS=hunter2xyz ./run.sh", "hunter2xyz", [" ./run.sh"]],
      ['{"user": "admin", "pass": "hunter2xyz"}', "hunter2xyz", ['"pass": "']],
    ]);
    unchanged([
      "PASSTHROUGH=1",
      "BYPASS=true",
      "COMPASS_HEADING=270",
      "PASS_COUNT=12",
      "bypass: enabled",
      "compass: northwest",
      "First pass: determine the maximum length",
      "const pass = ++this.pass;",
      "PWD=/home/me/project",
      "fds_to_pass = [listener.fileno(), alive_r]",
      "num_pass = 1000",
      "MAX_TOKEN=4096",
      "ENCRYPTION_KEY_LENGTH=256",
      "signing_key_id: 3",
      "use_encryption_key: false",
      "encryption_key: null",
      "SECRET_KEY = env('DJANGO_SECRET_KEY')",
      "ENCRYPTION_KEY=$ENCRYPTION_KEY",
      "secret_key_base: <%= ENV['SECRET_KEY_BASE'] %>",
      "api_key = settings.API_KEY",
      "privKey.PrivateKey = curvePrivateKey",
      "pass: true",
      "'pass': ('pass', '')",
      // Type annotations: a type name, then what closes or joins types.
      "function sign(privateKey: KeyLike | SignKeyObjectInput): Buffer;",
      "createCipher(algorithm: string, password: BinaryLike, options?: Options): Cipher;",
      "callback: (err: Error | null, publicKey: string, privateKey: KeyObject) => void,",
      "type Handler = (args: { auth: AuthState; server: ServerState }) => Response;",
      "  hmacKey: CryptoKey;",
    ]);
  });

  it("passwords spelled like code are values; code stays code", () => {
    cases([
      ["PASSWORD=correct.horse.battery", "correct.horse.battery", ["PASSWORD="]],
      ["db_password=Passw0rd(2024)", "Passw0rd(2024)", ["db_password="]],
      ["password: Passw0rd[1]", "Passw0rd[1]", ["password: "]],
      ["DB_PASSWORD=$uperS3cret!", "$uperS3cret!", ["DB_PASSWORD="]],
      ["ADMIN_PASSWORD=Welc0me(1)", "Welc0me(1)"],
      ["password = P@ss.w0rd", "P@ss.w0rd"],
    ]);
    unchanged([
      "password = user.password",
      "password: process.env.DB_PASSWORD",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable reference, not a secret.
      "password=${PASSWORD}",
      "password: getPassword()",
      "password = request.form['password']",
      "const token = req.headers.authorization?.split(' ')[1];",
      "password = parts[1]",
      "secret = os.environ.get('SECRET')",
      "password = self._password",
      "password = getpass.getpass()",
      "token = secrets.token_urlsafe(32)",
      "password: z.string().min(8),",
      "key = Fernet.generate_key()",
      "password: $this->password,",
      '$PASSWORD = $CPAN::Config->{password} || "";',
      "token: TokenType.ACCESS",
      "login(username=username, password=password, token=token)",
      "self.token = token",
      "password = hashed_password",
      "onToken?: ((token: Token) => void)",
      "password=[REDACTED:env_secret]",
    ]);
  });

  it("quoted values honour backslash escapes; bare values run to white space or to the next Name= pair", () => {
    cases([
      ['{"password": "correct\\"horse battery staple"}', "horse battery staple", ['{"password": "', '"}']],
      ['{"password": "pa\\"ss w0rd secret"}', "ss w0rd secret"],
      ["password: 'it\\'s a secret phrase'", "s a secret phrase"],
      ['body: "{\\"password\\":\\"ab\\\\\\"cd efgh\\"}"', "cd efgh", ['\\"password\\":\\"', '\\"}"']],
      ["PASSWORD=abcd,efgh-ijkl", "efgh-ijkl"],
      ["PASSWORD=abc,def;ghi123", "ghi123"],
      ["DB_PASSWORD=a1b2;c3d4,e5f6 next", "e5f6", [" next"]],
    ]);
    // A separator that starts another pair, or ends the value, still ends it.
    expect(redact("Server=db;Password=pw123456;Encrypt=true")).toBe("Server=db;Password=[REDACTED:env_secret];Encrypt=true");
    expect(redact("GET /x?token=abc123def&user=me")).toBe("GET /x?token=[REDACTED:env_secret]&user=me");
    expect(redact("f(password=hunter22, user=u)")).toBe("f(password=[REDACTED:env_secret], user=u)");
    expect(redact("user:alice,password:hunter22,role:admin")).toBe("user:alice,password:[REDACTED:env_secret],role:admin");
    // A quote that no quote closes at its level still ends at the first one (`'C:\\dir\\'`).
    expect(redact("password='C:\\secret\\' and more")).toBe("password='[REDACTED:env_secret]' and more");
  });

  it("arrow pairs and XML elements", () => {
    cases([
      ["'password' => 'Sup3rS3cret!',", "Sup3rS3cret!", ["'password' => '", "',"]],
      [':password => "Sup3rS3cret!"', "Sup3rS3cret!", [':password => "']],
      ['"api_key" => "k3y-v4lu3-12345"', "k3y-v4lu3-12345"],
      ["$config['db_password'] = 'MyS3cr3tPw';", "MyS3cr3tPw"],
      ["<password>Sup3rS3cret!</password>", "Sup3rS3cret!", ["<password>", "</password>"]],
      ["<server><id>nexus</id><username>deploy</username><password>n3xusDepl0y!</password></server>", "n3xusDepl0y!", ["<username>deploy</username>"]],
      ["  <secret>Zx9Yw8Vu7Ts6</secret>", "Zx9Yw8Vu7Ts6"],
      ["<token>tkn_9a8b7c6d5e4f3a2b</token>", "tkn_9a8b7c6d5e4f3a2b"],
      ["<apiKey>ak-0123456789abcdef</apiKey>", "ak-0123456789abcdef"],
      ["<Password> correct horse battery </Password>", "correct horse battery"],
      ['<add key="DbPassword" value="Sup3rS3cret!" />', "Sup3rS3cret!", ['<add key="DbPassword" value="', '" />']],
      ['<property name="hibernate.connection.password" value="h1bern8!Pw"/>', "h1bern8!Pw"],
      ["<param name='apiToken' value='tok_9a8b7c6d5e4f' />", "tok_9a8b7c6d5e4f"],
      ['<add name="Signing" key="JwtSecretKey" value="correct horse battery staple" />', "correct horse battery staple"],
    ]);
    unchanged([
      "passwords.forEach(password => validate(password));",
      "const check = password => password.length > 8;",
      "const f = token => !token;",
      "'password' => $request->input('password'),",
      ":password => params[:password]",
      "'password' => env('DB_PASSWORD'),",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Maven property reference, not a secret.
      "<password>${env.NEXUS_PASSWORD}</password>",
      '<input type="password" name="password">',
      "usage: login <user> <password>",
      "Enter your <password> and press enter. <b>x</b>",
      "<token>{{ token }}</token>",
      "<Token>{token}</Token>",
      "<password></password>",
      "<auth>true</auth>",
      '<add key="PageSize" value="25" />',
      '<add key="Password" value="" />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Spring property reference, not a secret.
      '<property name="password" value="${db.password}"/>',
      '<add key="SmtpPassword" value="%SMTP_PASSWORD%" />',
      '<input type="password" name="password" value="">',
      '<option value="token-auth">Token</option> <b name="x">',
      "function f(): Promise<Token> { return x; }",
    ]);
    // A `>` that opens no secret element does not hide what follows on its line.
    expect(redact("Promise<Token> password=hunter22x")).toBe("Promise<Token> password=[REDACTED:env_secret]");
  });

  it("a URL's userinfo password may hold a `/` when an `@host` follows", () => {
    const aws = `AKIA${r(AZ09, 16, 47)}`;
    const secret = `${r(b64, 13, 48)}/${r(b64, 7, 48)}/${r(b64, 18, 48)}`;
    expect(redact(`s3://${aws}:${secret}@bucket/key`)).toBe("s3://[REDACTED:aws_access_key]:[REDACTED:url_password]@bucket/key");
    cases([["ftp://admin:Sl/ash3d@ftp.example.com/pub", "ash3d", ["ftp://admin:", "@ftp.example.com/pub"]]]);
    unchanged([
      "http://localhost:3000/users/@me",
      "https://example.com:8443/path/@scope/pkg",
      "https://registry.npmjs.org:443/@types/node",
      "git+ssh://git@github.com:org/repo.git@v1.2",
      "docker://registry:5000/img@sha256:abcdef",
      "https://a.example:80/x?email=a@b.example",
    ]);
  });

  it("curl --user=, openssl pass:, redis-cli -a, keytool -storepass, Slack app-level tokens, echo | docker login --password-stdin", () => {
    const xapp = `xapp-1-A${r(AZ09, 10, 49)}-${r("0123456789", 13, 49)}-${r(hex, 64, 49)}`;
    cases([
      ["curl --user=admin:Sup3rS3cret! https://x", "Sup3rS3cret!", ["--user=admin:", " https://x"]],
      ["curl --proxy-user=proxy:Pr0xyS3cret https://x", "Pr0xyS3cret"],
      ["openssl pkcs12 -export -in c.pem -passout pass:Exp0rtPw! -out c.p12", "Exp0rtPw!", ["-passout pass:", " -out c.p12"]],
      [`SLACK_APP_TOKEN ${xapp}`, xapp.slice(8)],
      ["echo Sup3rS3cretPw | docker login -u me --password-stdin registry.example", "Sup3rS3cretPw", ["| docker login"]],
      ["printf '%s' 'Sup3rS3cretPw' | helm registry login r.example --password-stdin", "Sup3rS3cretPw"],
      ["redis-cli -h cache -a R3disPassw0rd ping", "R3disPassw0rd", ["-a ", " ping"]],
      ["keytool -importkeystore -srcstorepass S0urcePw1 -deststorepass D3stPw99 -keypass K3yPw123", "S0urcePw1"],
      ["keytool -importkeystore -srcstorepass S0urcePw1 -deststorepass D3stPw99 -keypass K3yPw123", "D3stPw99"],
      ["keytool -importkeystore -srcstorepass S0urcePw1 -deststorepass D3stPw99 -keypass K3yPw123", "K3yPw123"],
    ]);
    unchanged([
      "curl --user=$USER:$PASS https://x",
      "curl --user=admin https://x",
      "openssl enc -pass env:PASSWORD -in x",
      "echo $PASSWORD | docker login -u me --password-stdin",
      'echo "$CR_PAT" | docker login ghcr.io -u USERNAME --password-stdin',
      "cat ~/pw.txt | docker login --password-stdin",
      "echo the build is done | docker login --password-stdin",
      "redis-cli -a $REDIS_PASSWORD ping",
      "redis-cli -h cache -p 6379 ping",
      "keytool -list -keystore ks.jks",
    ]);
  });

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

describe("redact: tokens split across a line break", () => {
  const token = `ghp_${r(b64, 36, 3)}`;
  it("joins a fixed-prefix token wrapped onto the next line", () => {
    for (const cut of [4, 10, 20, 39]) {
      const out = redact(`$ cat token.txt\n${token.slice(0, cut)}\n${token.slice(cut)}\n$ next`);
      expect(out).toBe("$ cat token.txt\n[REDACTED:github_token]\n$ next");
    }
    const aws = `AKIA${r(AZ09, 16, 1)}`;
    expect(redact(`${aws.slice(0, 12)}\r\n${aws.slice(12)} x`)).toBe("[REDACTED:aws_access_key] x");
    const ant = `sk-ant-api03-${r(b64, 95, 6)}`; // a real key's length
    const wrapped = ant.match(/.{1,40}/g)!.join("\n");
    expect(redact(`key:\n${wrapped}\nend`)).toBe("key:\n[REDACTED:anthropic_key]\nend");
  });

  it("does not pull the next line into a token that is already complete", () => {
    expect(redact(`${token}\nnext line`)).toBe("[REDACTED:github_token]\nnext line");
    expect(redact(`${token} \nnext`)).toBe("[REDACTED:github_token] \nnext");
  });
});

describe("redact: ordinary text is left alone", () => {
  const NEGATIVE = [
    "docker run -p 8080:80 nginx",
    "docker run -p8080:80 nginx",
    "ssh -p 2222 me@host",
    "mysql -u root -p app",
    "mysql -u root -p\nEnter password:",
    "mysql -u root -p$MYSQL_PWD app",
    "mysql --port 3306 -P3306 --prompt='db> '",
    "curl -u admin https://api.example",
    "curl -u $USER:$PASS https://x",
    "Basic usage: run the command. Basic authentication is described in RFC 7617.",
    'Authorization: Basic realm="x"',
    "The password policy requires 12 characters; the token expires daily.",
    "const password = getPassword(); const token = await fetchToken();",
    "interface Login { password: string; token?: string }",
    "db.connect({ password: config.db.password, token: process.env.TOKEN })",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable reference, not a secret.
    'PASSWORD="$DB_PASSWORD" and TOKEN=${TOKEN}',
    "if (auth) return;",
    "PWD=/home/me/project\nOLDPWD=/tmp",
    "see https://example.com/path?q=1#frag and http://localhost:3000/",
    "git@github.com:org/repo.git",
    "ssh://git@github.com/org/repo",
    "https://example.com?redirect=https://other.example/x",
    "sig=short&sv=1",
    "function sk(x) { return x; } // sk-learn",
    "ACCESS granted; SKU 1234; AC power",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQWxs\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
    "Bearer tokens are described in RFC 6750.",
    "[REDACTED:github_token] and PASSWORD=[REDACTED:env_secret]",
  ];
  for (const text of NEGATIVE) it(JSON.stringify(text.slice(0, 60)), () => expect(redact(text)).toBe(text));

  it("keeps the prose after a private key cut off without its END line", () => {
    const text = `-----BEGIN EC PRIVATE KEY-----\n${pemBody(2)}\nand then the output stops here`;
    expect(redact(text)).toBe("[REDACTED:private_key]\nand then the output stops here");
  });
});

/**
 * Adversarial inputs that took 10-60 s on the quadratic patterns at 100 KB. There are no timing
 * assertions: the per-test timeout is the guard (the old code needs 10 s and more on each).
 */
const ADVERSARIAL: Record<string, (n: number) => string> = {
  '"a-" repeated': (n) => "a-".repeat(n / 2),
  '"a." repeated': (n) => "a.".repeat(n / 2),
  '"eyJ-" repeated': (n) => "eyJ-".repeat(n / 4),
  "aws_secret_key and spaces": (n) => `aws_secret_key${" ".repeat(n)}`,
  "random base64url": (n) => randomBytes(n).toString("base64url").slice(0, n),
  '"password:"" repeated': (n) => 'password:"'.repeat(n / 10),
  '"-----BEGIN PRIVATE KEY-----" repeated': (n) => "-----BEGIN PRIVATE KEY-----\n".repeat(n / 28),
  '"://a:" repeated': (n) => "://a:".repeat(n / 5),
  '"mysql -pX " on one line': (n) => "mysql -pX ".repeat(n / 10),
  '"mysql" run together': (n) => "mysql".repeat(n / 5),
  '"mariadb-" run together': (n) => "mariadb-mysql".repeat(n / 13),
  '"ghp_a\\n" repeated': (n) => "ghp_a\n".repeat(n / 6),
  '"curl -u \'" on one line': (n) => "curl -u '".repeat(n / 9),
  '"=" and ":" only': (n) => "=:".repeat(n / 2),
  '"eyJ." repeated': (n) => "eyJ.".repeat(n / 4),
  '"Basic " and base64': (n) => `Basic ${"QUFB".repeat(n / 4)}`,
  // The readers added for the review's misses.
  '"authorization: bearer " repeated': (n) => "authorization: bearer ".repeat(n / 22),
  '"bearer x" in any case': (n) => "bEaReR x ".repeat(n / 9),
  '"s3://a:b/" repeated': (n) => "s3://a:b/".repeat(n / 9),
  '"x://a:b/" and a long path': (n) => `x://a:b/${"a/".repeat(n / 2)}`,
  '"<password>" repeated': (n) => "<password>".repeat(n / 10),
  '"<password>" and a long line': (n) => `<password>${"a".repeat(n)}`,
  '"<password>a</passwore>" repeated': (n) => "<password>a</passwore>".repeat(n / 22),
  '"PASSWORD=" and ",aaa..." pairs': (n) => `PASSWORD=${`,${"a".repeat(63)}`.repeat(n / 64)}`,
  '"password=" and a long dotted path': (n) => `password=${"a.".repeat(n / 2)}`,
  '"password=$a->" repeated': (n) => `password=$${"a->".repeat(n / 3)}`,
  'password:"\\" (an escaped quote) repeated': (n) => 'password:"\\"'.repeat(n / 12),
  "quotes after long backslash runs": (n) => `password: "${`${"\\".repeat(100)}"`.repeat(n / 101)}`,
  "\"['password']=\" repeated": (n) => "['password']=".repeat(n / 13),
  "arrow pairs ('password' => ) repeated": (n) => "'password' => ".repeat(n / 14),
  '":AA" repeated': (n) => ":AA".repeat(n / 3),
  '"1234567890:AA" repeated': (n) => "1234567890:AA".repeat(n / 13),
  '"echo x | docker login --password-stdin " repeated': (n) => "echo x | docker login --password-stdin ".repeat(n / 39),
  'value=" repeated (no tag)': (n) => 'value="'.repeat(n / 7),
  '<a key="password" value="x repeated': (n) => '<a key="password" value="x'.repeat(n / 26),
  '<a key="password" and value=" repeated in one tag': (n) => `<a key="password" ${'value="'.repeat(n / 7)}`,
  '"discord.com/api/webhooks/" repeated': (n) => "discord.com/api/webhooks/".repeat(n / 25),
  '"curl x\\r" repeated (a command word before a bare carriage return)': (n) => "curl x\r".repeat(n / 7),
};

describe("redact: linear on adversarial inputs", () => {
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    it(`${name}, 100 KB and 1 MB`, { timeout: 5_000 }, () => {
      for (const size of [100_000, 1_000_000]) {
        const text = make(size);
        expect(typeof redact(text)).toBe("string");
      }
    });
  }
});

describe("redactAsync / redactDeepAsync", () => {
  const secret = `ghp_${r(b64, 36, 3)}`;
  const line = (i: number) => `${i} INFO request ok; token ${secret} used, key -----BEGIN PRIVATE KEY-----\n${pemBody(2)}\n-----END PRIVATE KEY-----\n`;
  const big = Array.from({ length: 4000 }, (_, i) => line(i)).join("");

  it("gives what redact gives, a secret on every slice boundary included", async () => {
    expect(big.length).toBeGreaterThan(REDACT_SLICE_CHARS * 3);
    const slices: number[] = [];
    const out = await redactAsync(big, (ms) => slices.push(ms));
    expect(slices.length).toBeGreaterThan(3);
    expect(out).toBe(redact(big));
    expect(out).not.toContain(secret);
    // Cut in the middle of a token and of a key whatever the slice length: a long single line.
    const oneLine = `${"x ".repeat(REDACT_SLICE_CHARS / 2 - 10)}${secret} ${"y ".repeat(REDACT_SLICE_CHARS)}`;
    expect(await redactAsync(oneLine)).toBe(redact(oneLine));
    expect(await redactAsync(oneLine)).not.toContain(secret);
  });

  it("a span that starts before its anchor is merged whole across a slice boundary", async () => {
    // `echo ghp_... | docker login --password-stdin`: the token ends before the boundary, the flag
    // that makes the echoed word a password comes after it; a Telegram bot id before its `:AA`.
    const tg = `5${r("0123456789", 9, 52)}:AA${r(b64, 33, 52)}`;
    for (const [line, tags] of [
      [`echo ${secret} | docker login -u me --password-stdin`, "echo [REDACTED:github_token] | docker login -u me --password-stdin"],
      [`echo Sup3rS3cretPw | docker login -u me --password-stdin`, "echo [REDACTED:cli_password] | docker login -u me --password-stdin"],
      [`bot ${tg} ok`, "bot [REDACTED:telegram_bot_token] ok"],
    ]) {
      for (let off = -70; off <= 5; off += 3) {
        const head = `${"y ".repeat((REDACT_SLICE_CHARS + off) / 2 + 1).slice(0, REDACT_SLICE_CHARS + off - 1)} `;
        const text = `${head}${line} ${"z ".repeat(1000)}`;
        const want = `${head}${tags} ${"z ".repeat(1000)}`;
        expect(redact(text)).toBe(want);
        expect(await redactAsync(text, () => {})).toBe(want);
      }
    }
  });

  it("lets the event loop run while it works on a big text", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await redactAsync(big + big + big);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("small texts and deep values", async () => {
    expect(await redactAsync(`use ${secret}`)).toBe("use [REDACTED:github_token]");
    expect(await redactAsync("")).toBe("");
    const value = { a: [`x ${secret}`, 1, null, { b: big }], [secret.slice(0, 3)]: true };
    expect(await redactDeepAsync(value)).toEqual(redactDeep(value));
  });
});
