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

describe("errorResponse for storage failures", () => {
  const quiet = <T>(fn: () => T): T => {
    const original = console.error;
    console.error = () => {};
    try {
      return fn();
    } finally {
      console.error = original;
    }
  };

  it("maps SQLITE_FULL to 507 storage_full", async () => {
    const res = quiet(() => errorResponse(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })));
    expect(res.status).toBe(507);
    expect((await res.json()).error).toMatchObject({ code: "storage_full", message: expect.stringMatching(/full/) });
  });

  it("maps other SQLite I/O errors to 503 storage_error", async () => {
    for (const code of ["SQLITE_IOERR_WRITE", "SQLITE_IOERR_FSYNC", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_CORRUPT"]) {
      const res = quiet(() => errorResponse(Object.assign(new Error("io"), { code })));
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe("storage_error");
    }
  });
});
