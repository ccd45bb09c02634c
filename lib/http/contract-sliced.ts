import { z } from "zod";
import { runAll, STEP_ITEMS, type Steps } from "../slices";

/**
 * A body checked by its zod contract in steps (lib/slices.ts): the contract's one big array field
 * (a checkpoint's `messages`, up to 100,000 of them; extraction's optional `messages`) is parsed STEP_ITEMS items a step, the rest of
 * the body once. `schema.parse` of a 40 MB history held the event loop for seconds.
 *
 * The value equals `schema.parse(body)`'s. A bad item throws a ZodError whose path names it in the
 * whole body (`messages.5123.info.role`), as the one-piece parse would; when both an item and
 * another field are wrong, the first issue named may differ from the one-piece parse's.
 */
export function* contractSteps<S extends z.ZodObject>(schema: S, field: keyof S["shape"] & string, body: unknown): Steps<z.output<S>> {
  // An optional array (extraction's `messages`) is parsed as the array itself when it is given.
  const declared = schema.shape[field];
  const array = declared instanceof z.ZodOptional ? declared.unwrap() : declared;
  const items = isObject(body) ? body[field] : undefined;
  if (!(array instanceof z.ZodArray) || !Array.isArray(items) || items.length <= STEP_ITEMS) return schema.parse(body);
  // The rest of the body, and the array's own checks (its length) on placeholders: no item is parsed here.
  // `safeExtend` keeps the object's refinements (extraction's "give messages or text"); they run on the
  // placeholders too, so a refinement must not read the items.
  const lengthOnly = z.array(z.unknown()).check(...((array._zod.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[]));
  const envelope = (schema as z.ZodObject)
    .safeExtend({ [field]: lengthOnly })
    .parse({ ...(body as Record<string, unknown>), [field]: new Array(items.length).fill(null) }) as Record<string, unknown>;
  yield;
  const element = z.array(array.element);
  const parsed: unknown[] = [];
  for (let from = 0; from < items.length; from += STEP_ITEMS) {
    const chunk = element.safeParse(items.slice(from, from + STEP_ITEMS));
    if (!chunk.success) {
      const issues = chunk.error.issues.map((issue) => ({ ...issue, path: [field, from + (issue.path[0] as number), ...issue.path.slice(1)] }));
      throw new z.ZodError(issues);
    }
    for (const item of chunk.data) parsed.push(item);
    yield;
  }
  envelope[field] = parsed;
  return envelope as z.output<S>;
}

/** `contractSteps` run to the end at once (tests compare it with `schema.parse`). */
export function parseContractWhole<S extends z.ZodObject>(schema: S, field: keyof S["shape"] & string, body: unknown): z.output<S> {
  return runAll(contractSteps(schema, field, body));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
