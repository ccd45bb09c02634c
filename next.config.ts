import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";

const nextConfig = (phase: string): NextConfig => ({
  // Tests and helpers may build into their own directory so builds never collide.
  distDir: process.env.RECOLLECT_DIST_DIR || ".next",
  // Native modules and the ONNX runtime are loaded by Node at run time, never bundled.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "@huggingface/transformers", "onnxruntime-node", "sharp"],
  poweredByHeader: false,
  // The server only listens on the loopback (plugin, CLI, the browser on this machine): gzipping
  // answers there costs CPU on the agent's hot path and saves nothing.
  compress: false,
  // Types are checked by `npm test` (tsc --noEmit) over the whole project, not by each build.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Production builds carry no source maps (45 MB of the 67 MB the package unpacked to):
    // `RECOLLECT_SOURCE_MAPS=1 next build` makes them for debugging; `next dev` always has them.
    turbopackSourceMaps: phase === PHASE_DEVELOPMENT_SERVER || process.env.RECOLLECT_SOURCE_MAPS === "1",
    // Next.js copies the body of every request the proxy runs for (pages, never /api or /mcp) up to
    // this size. Pages take no body: the front gate (server/gate.ts) refuses one over 64 KB before it
    // is read; API routes stream theirs and count it against their own limit (app/api/_lib/read-json.ts).
    proxyClientMaxBodySize: "64kb",
  },
});

export default nextConfig;
