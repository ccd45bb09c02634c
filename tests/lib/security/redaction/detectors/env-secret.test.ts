/** env-secret.ts and xml-attribute.ts: secret-ish names, code that stays code, quoted and bare values, arrow pairs and XML. */
import { describe, expect, it } from "vitest";
import { redact } from "../../../../../lib/security/redaction";
import { b64, cases, hex, r, unchanged } from "../helpers";

describe("redact: secret-ish names and their values", () => {
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
});
