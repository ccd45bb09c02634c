import { bootstrap } from "./bootstrap";
import { cancelLoop } from "./cancel-loop";
import { checkpoint } from "./checkpoint";
import { distill } from "./distill";
import { dream } from "./dream";
import { forget } from "./forget";
import { loop } from "./loop";
import { memory } from "./memory";
import { recall } from "./recall";
import { remember } from "./remember";
import { resume } from "./resume";
import { review } from "./review";
import type { SlashCommand } from "./types";

/** Every slash command the plugin registers: one file each; a new one is one more line here. */
export const COMMANDS: readonly SlashCommand[] = [remember, recall, forget, checkpoint, resume, memory, review, dream, distill, bootstrap, loop, cancelLoop];
