import type { Set_ } from "./blind";

/** Every set that is tuning data now (r13's frozen half is not one). */
export const TUNING_SETS: Set_[] = [
  "tuning",
  "frozen",
  "extra",
  "r3-tuning",
  "r3-frozen",
  "r4-tuning",
  "r4-frozen",
  "r5-tuning",
  "r5-frozen",
  "r6-tuning",
  "r6-frozen",
  "r7-tuning",
  "r7-frozen",
  "r8-tuning",
  "r8-frozen",
  "r9-tuning",
  "r9-frozen",
  "r10-tuning",
  "r10-frozen",
  "r11-tuning",
  "r11-frozen",
  "r12-tuning",
  "r12-frozen",
  "r13-tuning",
];
