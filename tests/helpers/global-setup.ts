import { ensureBuild } from "../../scripts/build-if-needed";

/** HTTP tests run the real production server: make sure a current build exists first. */
export default function setup() {
  ensureBuild();
}
