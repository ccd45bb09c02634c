/** cli-password.ts (and Slack app tokens met on command lines): passwords on a command line. */
import { describe, it } from "vitest";
import { AZ09, cases, hex, r, unchanged } from "../helpers";

describe("redact: command-line passwords", () => {
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
});
