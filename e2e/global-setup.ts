import { enterRunTempDir } from "../tests/helpers/run-temp";

/** The run's temp dirs (browsers, servers, OpenCode homes) in one directory, removed at the end. */
export default function globalSetup() {
  return enterRunTempDir("playwright-run-");
}
