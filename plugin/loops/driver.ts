import crypto from "node:crypto";
import type { PluginInput } from "@opencode-ai/plugin";
import type { LoopDto, UpdateLoopInput } from "../../lib/contracts/loops";
import type { RecollectClient } from "../client";
import { listFindings, type OpenFinding } from "../findings";
import { auditorPrompt, coderPrompt, nudgePrompt, promiseTag } from "./prompts";
import { loopRegistry, type LoopEventType, type LoopSessionInfo } from "./registry";
import type { Sandbox } from "./sandbox";
import { modelRef, type LoopSettings } from "./settings";
import { commitWorkspace, createWorkspace, headCommit, iterationDiff, removeWorkspace, type LoopWorkspace } from "./worktree";

type Opencode = PluginInput["client"];
type Phase = "code" | "audit";
type EndStatus = "completed" | "cancelled" | "max_iterations" | "stall_timeout" | "errors";

export interface DriverDeps {
  client: RecollectClient;
  opencode: Opencode;
  settings: LoopSettings;
  log: (level: "info" | "warn", message: string) => void;
  /** One id per plugin instance: the server gives a loop to one driver at a time. */
  driverId: string;
  startSandbox?: (loop: LoopDto, ws: LoopWorkspace) => Promise<Sandbox>;
  /** Trace points (the benchmark splits idle -> next request with them). */
  onTrace?: (event: "idle" | "prompt", loopId: string, phase: string, iteration: number) => void;
}

/**
 * Drives one loop: per iteration a fresh coder session with the task, the promise and the open
 * findings; when it goes idle the changes are committed and an auditor session reviews the
 * iteration's diff; the loop completes when the coder output the promise, no finding is open
 * and `minAudits` audits ran. Stops on maxIterations, consecutive errors, cancel and stalls.
 */
export class LoopDriver {
  private ws?: LoopWorkspace;
  private sandbox?: Sandbox;
  private iteration: number;
  private phase?: Phase;
  private sessionID?: string;
  private base?: string;
  private promiseSeen = false;
  private auditsDone: number;
  private consecutiveErrors = 0;
  private stalls = 0;
  private findingsResolved: number;
  private model?: string;
  private fellBack = false;
  private stallTimer?: ReturnType<typeof setTimeout>;
  private readonly abandoned: string[] = [];
  private readonly sessionIDs: string[] = [];
  private pollTimer?: ReturnType<typeof setInterval>;
  private ended = false;
  /** Serializes phase transitions (events arrive from several plugin instances). */
  private chain: Promise<void> = Promise.resolve();
  readonly done: Promise<EndStatus>;
  private finish!: (s: EndStatus) => void;

  constructor(
    private loop: LoopDto,
    private readonly deps: DriverDeps,
  ) {
    this.iteration = loop.iteration;
    this.auditsDone = loop.auditsDone;
    this.findingsResolved = loop.findingsResolved;
    this.model = loop.model ?? deps.settings.executionModel;
    this.done = new Promise((r) => (this.finish = r));
  }

  get id() {
    return this.loop.id;
  }

  /** Sets up the workspace (and container) and starts the next iteration. */
  async start(): Promise<void> {
    const reg = loopRegistry();
    reg.drivers.set(this.loop.id, {
      onSessionEvent: (sid, type, error) => this.onSessionEvent(sid, type, error),
      cancel: () => this.serial(() => this.end("cancelled", { report: false })), // the server already says so
    });
    try {
      this.ws = await createWorkspace({
        repoDir: this.loop.directory,
        slug: this.loop.slug,
        inPlace: this.loop.mode === "in_place",
        worktreesDir: this.deps.settings.worktreesDir,
      });
      if (this.loop.sandbox === "docker") {
        if (!this.deps.startSandbox) throw new Error("sandbox mode is not available");
        this.sandbox = await this.deps.startSandbox(this.loop, this.ws);
      }
      await this.report({ branch: this.ws.branch ?? null, worktreePath: this.ws.worktreePath ?? null });
    } catch (error) {
      await this.report({ lastError: message(error) });
      await this.serial(() => this.end("errors", { report: true }));
      return;
    }
    this.pollTimer = setInterval(() => void this.poll(), this.deps.settings.pollMs);
    await this.serial(() => this.nextIteration());
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(fn).catch((error) => this.deps.log("warn", `loop ${this.loop.id}: ${message(error)}`));
    return this.chain;
  }

  /**
   * Reports go out in order on their own chain: a phase transition does not wait for the server
   * (the loop's numbers it needs are its own); `end` waits for them before the last one.
   */
  private reports: Promise<unknown> = Promise.resolve();
  private report(state: Omit<UpdateLoopInput, "phaseReport">, phaseReport?: UpdateLoopInput["phaseReport"]) {
    const send = async () => {
      const res = await this.deps.client.call<LoopDto>("PATCH", `/api/loops/${encodeURIComponent(this.loop.id)}`, {
        body: { ...state, ...(phaseReport ? { phaseReport } : {}) },
        timeoutMs: 10_000,
        bypassBreaker: true,
      });
      if (res.ok) this.loop = { ...res.data, phases: undefined };
      else if (res.status === 409 && !this.ended) void this.serial(() => this.end("cancelled", { report: false }));
      return res;
    };
    const sent = this.reports.then(send, send);
    this.reports = sent;
    return sent;
  }

  /** The heartbeat: keeps the claim, and learns of a cancel from the CLI or the browser. */
  private async poll() {
    if (this.ended) return;
    const res = await this.deps.client.post<LoopDto>(
      `/api/loops/${encodeURIComponent(this.loop.id)}/claim`,
      { driver: this.deps.driverId },
      { timeoutMs: 5000, bypassBreaker: true },
    );
    if (res.ok && res.data.status !== "running" && !this.ended) await this.serial(() => this.end(res.data.status as EndStatus, { report: false }));
    if (!res.ok && res.status === 409 && !this.ended) await this.serial(() => this.end("cancelled", { report: false, keepWorkspace: true }));
  }

  private async nextIteration() {
    if (this.ended) return;
    const max = this.loop.maxIterations;
    if (max > 0 && this.iteration >= max) return this.end("max_iterations", { report: true });
    this.iteration += 1;
    this.promiseSeen = false;
    this.base = await headCommit(this.ws!);
    await this.startPhase("code");
  }

  private async findings(): Promise<OpenFinding[]> {
    const res = await listFindings({ client: this.deps.client, directory: this.loop.directory, timeoutMs: 5000 });
    return res.ok ? res.data : [];
  }

  private async startPhase(phase: Phase, retry?: "stall" | "error") {
    if (this.ended) return;
    this.phase = phase;
    const oc = this.deps.opencode;
    const directory = this.ws!.directory;
    // Independent: the session, the open findings and (for an audit) the iteration's diff.
    const [created, findings, diff] = await Promise.all([
      oc.session.create({ body: { title: `loop ${this.loop.slug} #${this.iteration} ${phase}` }, query: { directory } }),
      this.findings(),
      phase === "audit" ? iterationDiff(this.ws!, this.base) : Promise.resolve(""),
    ]);
    if (created.error || !created.data) throw new Error(`session.create failed: ${JSON.stringify(created.error)}`);
    const sid = created.data.id;
    const reg = loopRegistry();
    // Earlier sessions stay registered until the end: an abandoned one is still a loop session.
    this.sessionIDs.push(sid);
    this.sessionID = sid;
    const info: LoopSessionInfo = {
      loopId: this.loop.id,
      kind: phase,
      repoDir: this.loop.directory,
      ...(this.sandbox ? { container: this.sandbox.container, hostDir: directory } : {}),
    };
    reg.sessions.set(sid, info);
    const text =
      phase === "code"
        ? (retry === "stall" ? nudgePrompt(this.loop.completionPromise) + "\n\n" : "") +
          coderPrompt({ task: this.loop.task, iteration: this.iteration, promise: this.loop.completionPromise, findings, directory })
        : auditorPrompt({ task: this.loop.task, iteration: this.iteration, findings, diff });
    void this.report(
      { iteration: this.iteration, phase, findingsOpen: findings.length },
      { iteration: this.iteration, kind: phase, sessionId: sid, status: "running" },
    );
    if (retry) this.deps.log("info", `loop ${this.loop.id}: phase ${phase} re-triggered after ${retry === "stall" ? "a stall" : "an error"}`);
    await this.prompt(sid, phase, text);
  }

  private async prompt(sid: string, phase: Phase, text: string) {
    const blocked = Object.fromEntries(this.deps.settings.blockedTools.map((t) => [t, false]));
    // A sandboxed loop searches through the container; any other never sees the sandbox tools.
    Object.assign(blocked, this.sandbox ? { glob: false, grep: false } : { sandbox_glob: false, sandbox_grep: false });
    const model = modelRef(this.model);
    this.armWatchdog();
    this.deps.onTrace?.("prompt", this.loop.id, phase, this.iteration);
    const res = await this.deps.opencode.session.promptAsync({
      path: { id: sid },
      query: { directory: this.ws!.directory },
      body: {
        agent: phase === "code" ? this.deps.settings.coderAgent : this.deps.settings.auditorAgent,
        ...(model ? { model } : {}),
        tools: blocked,
        parts: [{ type: "text", text }],
      },
    });
    if (res.error) throw new Error(`prompt failed: ${JSON.stringify(res.error)}`);
  }

  private armWatchdog() {
    clearTimeout(this.stallTimer);
    if (this.ended) return;
    this.stallTimer = setTimeout(() => void this.serial(() => this.onStall()), this.deps.settings.stallTimeoutMs);
  }

  private onSessionEvent(sid: string, type: LoopEventType, error?: unknown) {
    if (sid !== this.sessionID || this.ended) return;
    if (type === "progress") {
      this.stalls = 0;
      this.armWatchdog();
      return;
    }
    clearTimeout(this.stallTimer);
    if (type === "idle") this.deps.onTrace?.("idle", this.loop.id, this.phase ?? "", this.iteration);
    if (type === "idle") void this.serial(() => this.onIdle(sid));
    else void this.serial(() => this.onError(sid, error));
  }

  /**
   * No progress for stallTimeoutMs: the phase is re-triggered in a fresh session (the stalled one
   * is aborted; its late events no longer count), or the loop ends after maxStalls in a row.
   */
  private async onStall() {
    if (this.ended || !this.sessionID) return;
    this.stalls += 1;
    await this.report({ stalls: this.stalls });
    // Not aborted now: an abort while OpenCode is still setting up the directory's provider can
    // leave every later prompt of that directory failing ("All fibers interrupted", 1.18.33). A
    // stalled session is abandoned (its events no longer count) and aborted when the loop ends.
    this.abandoned.push(this.sessionID);
    if (this.stalls >= this.deps.settings.maxStalls) return this.end("stall_timeout", { report: true });
    await this.startPhase(this.phase!, "stall");
  }

  private async onError(sid: string, error: unknown) {
    if (this.ended || sid !== this.sessionID) return;
    const name = (error as { name?: string } | undefined)?.name;
    if (name === "MessageAbortedError") return; // our own abort (a stall re-trigger or a cancel)
    const text = message((error as { data?: { message?: string } })?.data?.message ?? name ?? error);
    this.consecutiveErrors += 1;
    await this.report(
      { consecutiveErrors: this.consecutiveErrors, lastError: text.slice(0, 2000) },
      { iteration: this.iteration, kind: this.phase!, status: "error", error: text.slice(0, 2000) },
    );
    if (this.consecutiveErrors >= this.deps.settings.maxConsecutiveErrors) return this.end("errors", { report: true });
    // A model error: once, fall back to the default model.
    if (this.model && !this.fellBack && isModelError(error)) {
      this.fellBack = true;
      this.deps.log("warn", `loop ${this.loop.id}: model ${this.model} failed (${text}); falling back to the default model`);
      this.model = undefined;
    }
    await this.startPhase(this.phase!, "error");
  }

  private async onIdle(sid: string) {
    if (this.ended || sid !== this.sessionID || !this.phase) return;
    // The commit does not depend on the answer (work is kept either way): both at once.
    const [usage, commit] = await Promise.all([
      this.usage(sid),
      this.phase === "code" ? commitWorkspace(this.ws!, `loop ${this.loop.slug}: iteration ${this.iteration}`) : Promise.resolve(undefined),
    ]);
    if (usage.error) return this.onError(sid, usage.error);
    // Idle without a single answer: the prompt never ran (OpenCode dropped it); that is no phase.
    if (!usage.answered) return this.onError(sid, { name: "UnknownError", data: { message: "the session went idle without an answer" } });
    this.consecutiveErrors = 0;
    this.stalls = 0;
    if (this.phase === "code") {
      this.promiseSeen = usage.text.includes(promiseTag(this.loop.completionPromise));
      void this.report(
        { consecutiveErrors: 0, stalls: 0 },
        { iteration: this.iteration, kind: "code", status: "done", promiseSeen: this.promiseSeen, ...(commit ? { commit } : {}), ...usage.totals },
      );
      if (this.loop.audit) return this.startPhase("audit");
      return this.evaluate([]);
    }
    const findings = await this.findings();
    this.auditsDone += 1;
    void this.report(
      { auditsDone: this.auditsDone, findingsOpen: findings.length, consecutiveErrors: 0, stalls: 0 },
      { iteration: this.iteration, kind: "audit", status: "done", findings: findings.length, ...usage.totals },
    );
    return this.evaluate(findings);
  }

  private async evaluate(findings: OpenFinding[]) {
    if (this.promiseSeen && findings.length === 0 && this.auditsDone >= this.loop.minAudits) return this.end("completed", { report: true });
    return this.nextIteration();
  }

  /** The session's last assistant text, its token and cost totals, and an error it ended with. */
  private async usage(sid: string) {
    const res = await this.deps.opencode.session.messages({ path: { id: sid }, query: { directory: this.ws!.directory } });
    const messages = res.data ?? [];
    let tokensInput = 0;
    let tokensOutput = 0;
    let cost = 0;
    let text = "";
    let error: unknown;
    let answered = false;
    for (const m of messages) {
      if (m.info.role !== "assistant") continue;
      answered ||= m.parts.some((p) => p.type === "text" || p.type === "tool" || p.type === "step-finish");
      tokensInput += m.info.tokens?.input ?? 0;
      tokensOutput += m.info.tokens?.output ?? 0;
      cost += m.info.cost ?? 0;
      text = m.parts.map((p) => (p.type === "text" ? p.text : "")).join("") || text;
      error = m.info.error;
    }
    if ((error as { name?: string } | undefined)?.name === "MessageAbortedError") error = undefined;
    return { text, error, answered, totals: { tokensInput, tokensOutput, cost: Math.round(cost * 1e6) / 1e6 } };
  }

  /** Ends the loop: the session stopped, the work committed, the worktree removed (branch kept). */
  private async end(status: EndStatus, o: { report: boolean; keepWorkspace?: boolean }) {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.stallTimer);
    clearInterval(this.pollTimer);
    const reg = loopRegistry();
    if (this.sessionID && this.ws) {
      const toAbort = status === "completed" ? this.abandoned : [...new Set([...this.abandoned, this.sessionID])];
      for (const id of toAbort) await this.deps.opencode.session.abort({ path: { id }, query: { directory: this.ws.directory } }).catch(() => {});
    }
    for (const id of this.sessionIDs) reg.sessions.delete(id);
    // Its sub-agents' sessions too.
    for (const [id, info] of reg.sessions) if (info.loopId === this.loop.id) reg.sessions.delete(id);
    let commit: string | undefined;
    if (this.ws && !o.keepWorkspace) {
      commit = await commitWorkspace(this.ws, `loop ${this.loop.slug}: ${status} after iteration ${this.iteration}`).catch(() => undefined);
      await removeWorkspace(this.ws).catch((error) => this.deps.log("warn", `loop ${this.loop.id}: worktree not removed: ${message(error)}`));
    }
    await this.sandbox?.stop().catch(() => {});
    await this.reports.catch(() => {});
    if (!o.report && this.ws?.worktreePath && !o.keepWorkspace)
      await this.report({ worktreePath: null }, commit && this.phase ? { iteration: this.iteration, kind: this.phase, commit } : undefined);
    if (o.report)
      await this.report(
        { status, ...(this.ws?.inPlace ? {} : { worktreePath: null }) },
        commit && this.phase ? { iteration: this.iteration, kind: this.phase, commit } : undefined,
      );
    reg.drivers.delete(this.loop.id);
    this.deps.log("info", `loop ${this.loop.id} ended: ${status}`);
    this.finish(status);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
}

/**
 * Errors that a different model may not have: auth, unknown model, any provider API error. A
 * retryable one (5xx, 429) reaches the session only after OpenCode's own retries ran out, so it
 * counts too.
 */
function isModelError(error: unknown): boolean {
  const e = error as { name?: string; data?: { message?: string } } | undefined;
  if (e?.name === "ProviderAuthError" || e?.name === "APIError") return true;
  return /model/i.test(e?.data?.message ?? "");
}

export const newDriverId = () => `drv_${crypto.randomBytes(6).toString("hex")}`;
