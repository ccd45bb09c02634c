import type { Set_ } from "./blind";

/** One labelled pair of a blind set as the decision fits see it: its features and its two labels. */
export interface Row {
  set: Set_;
  x: number[];
  merge: boolean;
  supersede: boolean;
}

/** The same key for a pair whichever memory comes first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
export const round = (x: number) => Math.round(x * 1000) / 1000;
