import { ensureBuild } from "../../scripts/build-if-needed";

/**
 * HTTP tests run the real production server: make sure a current build exists first.
 * `RECOLLECT_SKIP_BUILD=1` skips it for runs of tests/lib only (they never start a server).
 */
export default function setup() {
  if (process.env.RECOLLECT_SKIP_BUILD !== "1") ensureBuild();
}
