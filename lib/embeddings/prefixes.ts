import path from "node:path";
import type { Config } from "../config";
import { trimEnd } from "../trim-end";

/** What a text is embedded as: a search question, or a stored text (a memory, a probe, a text about to be stored). */
export type EmbedRole = "query" | "passage";

export interface EmbeddingPrefixes {
  query: string;
  passage: string;
}

/** BGE English v1.5's instruction for short questions against passages (its model card); passages get none. */
export const BGE_QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

/**
 * The prefixes a model was trained with, by its name (or its directory's name): e5 models read
 * "query: " / "passage: ", BGE English v1.5 an instruction on questions only. Without them the
 * models still run but rank worse (issue 42). Any other model: none.
 */
export function defaultPrefixes(modelName: string): EmbeddingPrefixes {
  const name = path.basename(trimEnd(modelName, "\\/")).toLowerCase();
  if (/(^|[^a-z])e5-/.test(name)) return { query: "query: ", passage: "passage: " };
  if (/^bge-(small|base|large)-en-v1\.?5/.test(name)) return { query: BGE_QUERY_INSTRUCTION, passage: "" };
  return { query: "", passage: "" };
}

/**
 * The prefixes in use: `embedding.queryPrefix` / `embedding.passagePrefix` when set (an empty
 * string turns a default off), else the model's defaults. Only the local provider uses them; an
 * HTTP server applies its own.
 */
export function embeddingPrefixes(config: Config["embedding"]): EmbeddingPrefixes {
  if (config.provider !== "transformers") return { query: "", passage: "" };
  const defaults = defaultPrefixes(config.modelDir || config.model);
  return { query: config.queryPrefix ?? defaults.query, passage: config.passagePrefix ?? defaults.passage };
}
