import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linkExternals, recordExternalLinks } from "../../scripts/next-externals";

/**
 * The build's hashed links to external packages survive `npm pack` (which drops symlinks) as a
 * manifest, and an installed package links them again to wherever npm put the packages.
 */
describe("the build's links to external packages", () => {
  function fakePackage(dir: string, name: string) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name }));
  }

  it("records each hashed link's package, and relinks the missing ones to the package Node would resolve", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "recollect-externals-"));
    try {
      // The checkout: .next/node_modules/<pkg>-<hash> -> ../../node_modules/<pkg>
      const checkout = path.join(tmp, "checkout");
      fakePackage(path.join(checkout, "node_modules", "better-sqlite3"), "better-sqlite3");
      fakePackage(path.join(checkout, "node_modules", "@scope", "native"), "@scope/native");
      const dist = path.join(checkout, ".next");
      fs.mkdirSync(path.join(dist, "node_modules"), { recursive: true });
      fs.symlinkSync("../../node_modules/better-sqlite3", path.join(dist, "node_modules", "better-sqlite3-90e2652d1716b047"));
      fs.symlinkSync("../../node_modules/@scope/native", path.join(dist, "node_modules", "@scope-native-63899bd51e44e247"));
      expect(recordExternalLinks(dist)).toEqual({ "better-sqlite3-90e2652d1716b047": "better-sqlite3", "@scope-native-63899bd51e44e247": "@scope/native" });

      // The installed package: the build without its links; one dependency nested, one hoisted above it.
      const project = path.join(tmp, "project");
      const installed = path.join(project, "node_modules", "recollect");
      fs.cpSync(path.join(dist, "external-links.json"), path.join(installed, ".next", "external-links.json"));
      fakePackage(path.join(installed, "node_modules", "better-sqlite3"), "better-sqlite3");
      fakePackage(path.join(project, "node_modules", "@scope", "native"), "@scope/native");

      const made = linkExternals(installed, path.join(installed, ".next"));
      expect(made.sort()).toEqual(["@scope-native-63899bd51e44e247", "better-sqlite3-90e2652d1716b047"]);
      const resolved = (name: string) => fs.realpathSync(path.join(installed, ".next", "node_modules", name));
      expect(resolved("better-sqlite3-90e2652d1716b047")).toBe(fs.realpathSync(path.join(installed, "node_modules", "better-sqlite3")));
      expect(resolved("@scope-native-63899bd51e44e247")).toBe(fs.realpathSync(path.join(project, "node_modules", "@scope", "native")));
      // Idempotent: a second start links nothing.
      expect(linkExternals(installed, path.join(installed, ".next"))).toEqual([]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("says which package is missing instead of failing later with a hashed module name", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "recollect-externals-"));
    try {
      fs.mkdirSync(path.join(tmp, ".next"), { recursive: true });
      fs.writeFileSync(path.join(tmp, ".next", "external-links.json"), JSON.stringify({ "gone-0123456789abcdef": "gone-package-xyz" }));
      expect(() => linkExternals(tmp, path.join(tmp, ".next"))).toThrow(/gone-package-xyz/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
