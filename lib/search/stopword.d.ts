/** `stopword` ships no types; only the lists used here are declared. */
declare module "stopword" {
  export const eng: string[];
  export const zho: string[];
}
