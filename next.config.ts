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
    // The proxy buffers bodies; session histories sent for compression are large. Route handlers
    // enforce the configured limits themselves.
    proxyClientMaxBodySize: "512mb",
  },
});

export default nextConfig;
