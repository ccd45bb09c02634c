import type { Message, Part } from "@opencode-ai/sdk";

/** A message of the history as OpenCode hands it to `experimental.chat.messages.transform`. */
export type WithParts = { info: Message; parts: Part[] };

/** Ids of the parts the plugin attaches to user messages (recall blocks, nudges): never compressed or sent. */
export const ATTACHED_PART_PREFIX = "prt_recollect_";
