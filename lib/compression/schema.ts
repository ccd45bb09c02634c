import { z } from "zod";

/**
 * OpenCode's message shape as `experimental.chat.messages.transform` hands it over: `{ info, parts }`.
 * Only what compression reads is checked; every other field (and every other part type) passes
 * through untouched, so the plugin can write the result back in place. Names and ids are bounded:
 * they are matched and hashed per call, and a 50,000-character tool name cost seconds.
 */
export const MAX_NAME_CHARS = 200;
const name = z.string().min(1).max(MAX_NAME_CHARS);

const toolState = z.looseObject({
  status: z.string().min(1).max(64),
  input: z.record(z.string(), z.unknown()).optional(),
  output: z.string().optional(),
  error: z.string().optional(),
});

export const partSchema = z
  .looseObject({
    id: name,
    type: z.string().min(1).max(64),
    text: z.string().optional(),
    tool: z.string().max(MAX_NAME_CHARS).optional(),
    state: toolState.optional(),
  })
  .superRefine((part, ctx) => {
    if ((part.type === "text" || part.type === "reasoning") && typeof part.text !== "string") {
      ctx.addIssue({ code: "custom", path: ["text"], message: `a ${part.type} part needs a string "text"` });
    }
    if (part.type === "tool") {
      if (typeof part.tool !== "string" || !part.tool) ctx.addIssue({ code: "custom", path: ["tool"], message: 'a tool part needs a "tool" name' });
      if (!part.state) ctx.addIssue({ code: "custom", path: ["state"], message: 'a tool part needs a "state" object' });
      else if (part.state.status === "completed" && typeof part.state.output !== "string")
        ctx.addIssue({ code: "custom", path: ["state", "output"], message: 'a completed tool part needs a string "state.output"' });
      else if (part.state.status === "error" && typeof part.state.error !== "string")
        ctx.addIssue({ code: "custom", path: ["state", "error"], message: 'an errored tool part needs a string "state.error"' });
    }
  });

export const messageSchema = z.looseObject({
  info: z.looseObject({
    id: name,
    role: z.enum(["user", "assistant"]),
    sessionID: z.string().max(MAX_NAME_CHARS).optional(),
  }),
  parts: z.array(partSchema),
});

export type OcPart = z.infer<typeof partSchema>;
export type OcMessage = z.infer<typeof messageSchema>;
