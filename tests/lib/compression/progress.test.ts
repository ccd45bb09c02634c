import { describe, expect, it } from "vitest";
import { compressMessages, expandCompressedOriginal } from "../../../lib/compression";
import { withoutProgress } from "../../../lib/compression/progress";
import { contextsPerTest } from "../../helpers/contexts";
import type { testCtx } from "../../helpers/ctx";
import { fieldOf, History, SESSION } from "./history";
import { LINEAR } from "../../helpers/linear";

/** Progress output (lib/compression/progress.ts): removed from every output from its first request on, recoverable. */
const contexts = contextsPerTest();
const compress = (ctx: ReturnType<typeof testCtx>, h: History, end = h.messages.length) =>
  compressMessages(ctx, { sessionID: SESSION, messages: structuredClone(h.messages.slice(0, end)) });

const CURL = [
  "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current",
  "                                 Dload  Upload   Total   Spent    Left  Speed",
  "",
  "  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0",
  "100  2352    0  1927  100   425  17281   3811 --:--:-- --:--:-- --:--:-- 21777",
  "  8 1024M    8 88.1M    0     0  12.3M      0  0:01:23  0:00:07  0:01:16 13.1M",
].join("\n");
const PAGE = ["<!DOCTYPE html>", "<html>", "<head><title>Perl File Upload</title></head>", '<body><form method="post"></form></body>', "</html>"].join("\n");

describe("withoutProgress", () => {
  it("removes curl's meter, header and rows, and keeps the answer", () => {
    expect(withoutProgress(`${CURL}\n${PAGE}`)).toEqual({ text: PAGE, removed: 6 });
  });

  it("keeps the last state of a line redrawn after \\r, and CRLF endings as they are", () => {
    const r = withoutProgress("Downloading 10%\rDownloading 55%\rDownloading 100%\r\nDone\r\nok");
    expect(r).toEqual({ text: "Downloading 100%\r\nDone\r\nok", removed: 2 });
    expect(withoutProgress("a\r\nb\r\n")).toBeUndefined();
  });

  it("keeps every line of text with \\r line endings (states that show no progress are not redraws)", () => {
    const config = Array.from({ length: 40 }, (_, i) => `config_${i} = value_${i}  # set on 2024/05/${String(i % 28).padStart(2, "0")} ===`).join("\r");
    expect(withoutProgress(`${config}\r`)).toBeUndefined();
    expect(withoutProgress(`header\n${config}\nfooter`)).toBeUndefined();
    expect(withoutProgress("a\rb\rdone\nok 50%")).toBeUndefined();
    // A bar redrawn without a single line break is still one.
    expect(withoutProgress("\r  0%|          | 0/3\r 33%|███▎      | 1/3\r100%|██████████| 3/3")?.text).toBe("100%|██████████| 3/3");
    expect(withoutProgress("Receiving objects:  45% (450/1000)\rReceiving objects: 100% (1000/1000), done.")?.text).toBe(
      "Receiving objects: 100% (1000/1000), done.",
    );
    expect(withoutProgress("⠋ Installing dependencies\r⠙ Installing dependencies\r✔ Installed")?.text).toBe("✔ Installed");
  });

  it("keeps an error that was drawn over", () => {
    const r = withoutProgress("fetch 10%\rError: connection reset by peer\rfetch 20%\rfetch 100%");
    expect(r?.text).toBe("Error: connection reset by peer\nfetch 100%");
  });

  it("keeps the last of a run of progress-bar states (tqdm, pip, wget, bracketed bars)", () => {
    const tqdm = ["  0%|          | 0/3 [00:00<?, ?it/s]", " 33%|███▎      | 1/3 [00:01<00:02,  1.0it/s]", "100%|██████████| 3/3 [00:03<00:00,  1.0it/s]"];
    expect(withoutProgress(["epoch 1", ...tqdm, "loss 0.12"].join("\n"))?.text).toBe(["epoch 1", tqdm[2], "loss 0.12"].join("\n"));
    const pip = [
      "   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 0.0/1.2 MB 0.0 MB/s eta 0:00:01",
      "   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 1.2/1.2 MB 3.4 MB/s eta 0:00:00",
    ];
    expect(withoutProgress(["Collecting six", ...pip].join("\n"))?.text).toBe(["Collecting six", pip[1]].join("\n"));
    const wget = [
      "     0K .......... .......... .......... .......... ..........  9% 1.2M 0s",
      "    50K .......... .......... .......... .......... .......... 19% 2.4M 0s",
    ];
    expect(withoutProgress(wget.join("\n"))?.text).toBe(wget[1]);
    const docker = ["layer [=====>                                   ]  12.1MB/98MB", "layer [==================================>    ]  90.2MB/98MB"];
    expect(withoutProgress(docker.join("\n"))?.text).toBe(docker[1]);
  });

  it("leaves outputs without progress alone: percentages in prose, tables, a single bar", () => {
    for (const text of [
      "Coverage: 93% of statements\nTests: 12 passed",
      "Name    Stmts   Miss  Cover\nsrc/a.py   10      1    90%\nsrc/b.py   20      0   100%",
      "100%|██████████| 3/3 [00:03<00:00,  1.0it/s]",
      PAGE,
    ])
      expect(withoutProgress(text)).toBeUndefined();
  });

  // No timing assertion: the per-test timeout is the guard (the backtracking patterns took seconds).
  it("is linear on long hostile lines", LINEAR, () => {
    expect(withoutProgress(`${"1 ".repeat(200_000)}\n${"█".repeat(200_000)}%\n${"\r".repeat(100_000)}x`)).toBeUndefined();
  });
});

describe("progress output in the pipeline", () => {
  it("sends a command output without its progress from its first request on, the same bytes after, and the original back with expand", () => {
    const ctx = contexts();
    const output = `${CURL}\n${PAGE}`;
    const h = new History()
      .user("Look at the upload form")
      .step({ tools: [{ name: "curl", tool: "bash", input: { command: "curl http://localhost:8000/" }, output }] });
    const first = compress(ctx, h);
    const shown = fieldOf(first.messages, h.ids.curl)!;
    expect(shown).toMatch(/^<!DOCTYPE html>\n[\s\S]*<\/html>\n\[recollect: 6 lines of progress output removed; memory_expand\("([0-9a-f]{16})"\)\]$/);
    expect(first.stats.byStrategy.progress).toBeGreaterThan(50);
    expect(first.stats.tokensBefore - first.stats.tokensAfter).toBe(first.stats.byStrategy.progress);
    const hash = /memory_expand\("([0-9a-f]{16})"\)/.exec(shown)![1];
    expect(expandCompressedOriginal(ctx, hash).content).toBe(output);

    h.filler(12);
    for (let end = 3; end <= h.messages.length; end++) {
      const later = fieldOf(compress(ctx, h, end).messages, h.ids.curl)!;
      // Aged and compressed or not, it never shows the meter again.
      expect(later).not.toContain("% Total");
      if (end < 6) expect(later).toBe(shown);
    }
  });

  it("leaves reads, protected tools and disabled configurations alone", () => {
    const text = "line 1 10%\rline 1 done\n".repeat(20) + CURL;
    const h = new History().user("Read it").step({
      tools: [
        { name: "read", tool: "read", input: { filePath: "notes.txt" }, output: text },
        { name: "todo", tool: "todowrite", input: { todos: [] }, output: text },
        { name: "bash", tool: "bash", input: { command: "./fetch.sh" }, output: text },
      ],
    });
    const on = compress(contexts(), h);
    expect(fieldOf(on.messages, h.ids.read)).toBe(text);
    expect(fieldOf(on.messages, h.ids.todo)).toBe(text);
    expect(fieldOf(on.messages, h.ids.bash)).not.toBe(text);
    // (Noise at first send, noise.test.ts, would fold the repeated lines: off too.)
    const off = compress(contexts({ env: { RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: '["progress","noise"]' } }), h);
    expect(fieldOf(off.messages, h.ids.bash)).toBe(text);
  });
});
