/**
 * The brand of redacted values. Only the redactor imports this file (lib/security/redaction/ and
 * ../redact-fields.ts; a dependency rule in .dependency-cruiser.cjs refuses any other importer), so
 * only the redactor can make a `Redacted` value; everything else gets one by calling it.
 */

declare const redactedBrand: unique symbol;
type Brand = { readonly [redactedBrand]: true };

/**
 * A value that went through the redactor. Strings carry the brand; an array is an array of
 * redacted items; an object carries the brand itself and has redacted fields. Numbers, booleans,
 * null pass as they are. Only the redactor makes one (a test refuses `as Redacted` elsewhere).
 */
export type Redacted<T = string> = unknown extends T
  ? T
  : T extends string
    ? T & Brand
    : T extends null | undefined | number | boolean | bigint
      ? T
      : T extends readonly unknown[]
        ? { [K in keyof T]: Redacted<T[K]> }
        : T extends object
          ? { [K in keyof T]: Redacted<T[K]> } & Brand
          : T;

/**
 * The same shape without the brand: what a reader fills from stored rows (an export), where the
 * type of a parsed input (which says "redacted") would be a claim the reader cannot make.
 */
export type Plain<T> = T extends string
  ? string
  : T extends null | undefined | number | boolean | bigint
    ? T
    : T extends readonly unknown[]
      ? { [K in keyof T]: Plain<T[K]> }
      : T extends object
        ? { [K in Exclude<keyof T, typeof redactedBrand>]: Plain<T[K]> }
        : T;

/** Marks what the redactor made. */
export const asRedacted = <T>(value: T) => value as Redacted<T>;

/** A prefix of redacted text, trimmed, is still redacted (a field cut to its column's limit). */
export const clipRedacted = (text: Redacted, max: number): Redacted => asRedacted(text.slice(0, max).trim());

/** Lower-cased redacted text is still redacted (tags are stored lower-case). */
export const lowerCaseRedacted = (text: Redacted): Redacted => asRedacted(text.toLowerCase());
