import type { Part } from "@opencode-ai/sdk";
import type { Snapshot } from "./snapshot";

/** What the plugin remembers per OpenCode session (in memory; bounded). */
export interface SessionState {
  id: string;
  /**
   * The stable block injected into this session. Kept for the session's life while it goes on: a
   * pinned memory stored mid-session reaches the system prompt at the next natural cache break.
   */
  stable?: { hash: string; text: string; memoryIds: string[] };
  /** The next stable block answer replaces the session's (after a compaction, or asked for at once). */
  stableRefresh?: boolean;
  /** The resume block: undefined = not asked yet, "" = none. */
  resume?: string;
  resumePending?: Promise<void>;
  /** A resume call failed: the server may have recorded a delivery whose answer was lost (asked `again`). */
  resumeFailed?: boolean;
  /** The fetch of what was injected before OpenCode restarted (plugin/hooks/injected.ts). */
  restoring?: Promise<void>;
  /**
   * Changes to what was injected (plugin/hooks/injected.ts), counted, and the last count the server
   * recorded: a record is owed while they differ (it rides in the next compress request).
   */
  injectedVersion?: number;
  injectedRecorded?: number;
  /** The record as the server holds it from this process's compress requests (named by its `recordBase`): the next sends only what changed. */
  injectedServer?: InjectedHeld;
  /** Saw `session.created` in this process: a new session (gets the resume block). */
  isNew: boolean;
  userTurns: number;
  /** Blocks attached to user messages (recall, nudges), by message id: the same bytes every turn. */
  attached: Map<string, string>;
  /** The memories each user message's recall block shows, by message id. */
  recalled: Map<string, string[]>;
  /** The latest user message recall was asked for, and its words (a message repeating them word for word is not asked again). */
  lastRecall?: { messageID: string; query: string };
  /** User messages whose block was already decided (fetched, failed or empty). */
  decided: Set<string>;
  /** User text waiting to go to extraction (sent after the turn's request is built). */
  pendingExtract: string[];
  /** The stable block fetch started early (in messages.transform) for this turn. */
  stablePending?: Promise<string>;
  /**
   * A nudge from extraction, attached to the next user message: its suggestions' ids (the server
   * rebuilds the nudge from them as the store is then) and its text as extraction wrote it (used
   * when no recall call goes out).
   */
  pendingNudge?: PendingNudge;
  /** A note for the next user message as it is (the librarian's after a compaction). */
  pendingNote?: string;
  /** Pressure nudges already attached to a message of this session (each is shown once). */
  shownNudges: Set<string>;
  /** Files the session touched since the last heartbeat. */
  files: Set<string>;
  latestRequest?: string;
  registered: boolean;
  /** The registration call in flight (the resume call waits for it). */
  registration?: Promise<void>;
  title?: string;
  /** The checkpoint stored at the last compaction. */
  lastCheckpoint?: string;
  /** Messages already sent to extraction on idle. */
  extractedCount: number;
  /** Messages in the last idle checkpoint. */
  checkpointedCount: number;
  /** The last idle checkpoint: the next one sends only the messages after it (`since`). */
  idleCheckpoint?: { id: string; count: number; lastID: string };
  /** The idle checkpoint on its way, if any (the next one waits for it). */
  idleCheckpointing?: Promise<void>;
  /** The last compression call, for the delta exchange (plugin/hooks/compress.ts). */
  compressDelta?: CompressDeltaState;
}

export interface PendingNudge {
  text: string;
  ids: string[];
}

/** What the last compression call of a session sent and got, for the delta exchange. */
/** A session's record of injected blocks as sent (plugin/hooks/injected.ts). */
export interface InjectedContent {
  resume: string;
  attached: Map<string, string>;
  recalled: Map<string, string[]>;
}

/** The record the server wrote, named by the `recordBase` of its answer. */
export interface InjectedHeld extends InjectedContent {
  base: string;
}

export interface CompressDeltaState {
  base: string;
  /** The server answers with `keep` (it takes leading messages left out). */
  keeps: boolean;
  /** The server takes the turn's recall in the compress request (its answer `accepts` it). */
  recalls: boolean;
  /** The server takes the session's record of injected blocks in the compress request (`accepts`). */
  records: boolean;
  /** The server prepares the next turn at idle (`prepare: true`, lib/compression/prepared.ts; `accepts`). */
  prepares: boolean;
  /** The server runs the turn's recall search ahead (`POST /api/context/recall/warm`, plugin/hooks/chat.ts; `accepts`). */
  warms?: boolean;
  /** Each message of the call, in order. */
  messages: SentMessage[];
  /** A snapshot of each part as sent (plugin/snapshot.ts), by id. */
  sent: Map<string, Snapshot>;
  /** Each part of the answer (stubs resolved), by id. */
  answer: Map<string, Part>;
  /** A compression call is on its way that will take over `sent` and `answer` (updated in place with its answer). */
  busy?: boolean;
}

/** One message of a compression call: snapshots of what was sent, and the parts answered for it. */
export interface SentMessage {
  id: string;
  info: Snapshot;
  partIds: string[];
  parts: Snapshot[];
  /** Per part: the same as in the call before (sent as a stub). */
  unchanged: boolean[];
  answer: Part[];
}

const MAX_SESSIONS = 64;

export class Sessions {
  private readonly map = new Map<string, SessionState>();

  get(id: string): SessionState {
    let s = this.map.get(id);
    if (s) {
      // Refresh recency (Map keeps insertion order).
      this.map.delete(id);
      this.map.set(id, s);
      return s;
    }
    s = {
      id,
      isNew: false,
      userTurns: 0,
      attached: new Map(),
      recalled: new Map(),
      decided: new Set(),
      pendingExtract: [],
      shownNudges: new Set(),
      files: new Set(),
      registered: false,
      extractedCount: 0,
      checkpointedCount: 0,
    };
    this.map.set(id, s);
    while (this.map.size > MAX_SESSIONS) this.map.delete(this.map.keys().next().value!);
    return s;
  }

  has(id: string) {
    return this.map.has(id);
  }

  delete(id: string) {
    this.map.delete(id);
  }
}
