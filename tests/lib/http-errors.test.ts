import { describe, expect, it } from "vitest";
import { errorResponse } from "../../app/api/_lib/handler";

describe("errorResponse", () => {
  it("turns an unexpected error into a 500 without a stack trace or its message", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const res = errorResponse(new Error("secret internals at /home/me/x.ts:12"));
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "internal error (see the server log)", details: null } });
      expect(text).not.toMatch(/internals|\.ts:\d+|at /);
    } finally {
      console.error = original;
    }
  });

  it("maps a busy database to 503", async () => {
    const res = errorResponse(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }));
    expect(res.status).toBe(503);
  });
});
