import { tool } from "../tool";
import { FINDING_SEVERITIES } from "../../lib/vocabulary";
import { recordAudit } from "../findings";
import type { Runtime } from "../runtime";
import { unavailable } from "./format";

const z = tool.schema;

/** The auditor's one write: this audit's findings (see plugin/findings.ts). */
export function reviewTools(rt: Runtime) {
  return {
    memory_review_findings: tool({
      description: "Record this audit's findings (all of them, every time). Findings not reported again on the reviewed files are marked resolved and deleted.",
      args: {
        findings: z
          .array(
            z.object({
              file: z.string().min(1).max(500),
              line: z.number().int().min(0),
              severity: z.enum(FINDING_SEVERITIES),
              description: z.string().min(1).max(2000),
            }),
          )
          .max(200),
        files: z.array(z.string().min(1).max(500)).max(500).optional().describe("the files this audit reviewed (default: all)"),
      },
      async execute({ findings, files }) {
        const res = await recordAudit({ client: rt.client, directory: rt.directory, timeoutMs: rt.settings.toolTimeoutMs }, findings, files);
        if (!res.ok) return res.status && res.status < 500 ? `Not recorded: ${res.error}` : unavailable(res.error);
        const { added, carried, resolved } = res.data;
        return `Recorded ${added.length} new, ${carried.length} carried forward, ${resolved.length} resolved.${resolved.length ? ` Resolved: ${resolved.join(", ")}` : ""}`;
      },
    }),
  };
}
