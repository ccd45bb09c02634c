import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

const server = sharedServer();

const body = async (res: Response) => res.json() as Promise<any>;
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe("sessions and claims over HTTP", () => {
  const directory = tempDir("recollect-proj-");

  it("register, heartbeat, list, claim (409 naming the holder), release, end", async () => {
    let res = await server.api("/api/sessions", { method: "POST", json: { directory, sessionID: "ses_1", title: "Fix login" } });
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ id: "ses_1", status: "active", title: "Fix login" });
    res = await server.api("/api/sessions", { method: "POST", json: { directory, sessionID: "ses_2" } });
    expect(res.status).toBe(201);

    res = await server.api(`/api/sessions/ses_1/heartbeat`, { method: "POST", json: { directory, workingOn: "#12" } });
    expect((await body(res)).workingOn).toBe("#12");
    res = await server.api(`/api/sessions/unknown/heartbeat`, { method: "POST", json: {} });
    expect(res.status).toBe(404);

    res = await server.api(`/api/sessions?${q({ directory })}`);
    expect((await body(res)).items.map((s: any) => s.id).sort()).toEqual(["ses_1", "ses_2"]);

    res = await server.api("/api/claims", { method: "POST", json: { directory, sessionID: "ses_1", item: "#12" } });
    expect(res.status).toBe(201);
    res = await server.api("/api/claims", { method: "POST", json: { directory, sessionID: "ses_2", item: "#12" } });
    expect(res.status).toBe(409);
    const conflict = await body(res);
    expect(conflict.error.message).toContain('claimed by session ses_1 ("Fix login")');
    expect(conflict.error.details.holder).toMatchObject({ sessionId: "ses_1", title: "Fix login" });

    res = await server.api(`/api/claims?${q({ directory })}`);
    expect((await body(res)).items.map((c: any) => [c.item, c.sessionId])).toEqual([["#12", "ses_1"]]);
    res = await server.api(`/api/claims?${q({ directory, sessionID: "ses_2", item: "#12" })}`, { method: "DELETE" });
    expect(res.status).toBe(409);

    res = await server.api(`/api/sessions/ses_1/end`, { method: "POST", json: { summary: "Login fixed" } });
    expect(await body(res)).toMatchObject({ status: "ended", summary: "Login fixed", claims: [] });
    res = await server.api("/api/claims", { method: "POST", json: { directory, sessionID: "ses_2", item: "#12" } });
    expect(res.status).toBe(201);
    res = await server.api(`/api/claims?${q({ directory, sessionID: "ses_2", item: "#12" })}`, { method: "DELETE" });
    expect(await body(res)).toEqual({ released: true });

    res = await server.api(`/api/sessions/ses_1`);
    expect((await body(res)).status).toBe("ended");
    res = await server.api(`/api/sessions?${q({ directory })}`);
    expect((await body(res)).items.map((s: any) => s.id)).toEqual(["ses_2"]);
  });

  it("rejects bad input with 400", async () => {
    let res = await server.api("/api/claims", { method: "POST", json: { sessionID: "ses_2", item: "x" } });
    expect(res.status).toBe(400);
    res = await server.api("/api/sessions", { method: "POST", json: { directory, title: "no id" } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^sessionID/);
  });
});
