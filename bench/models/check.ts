import fs from "node:fs";
import path from "node:path";
import { env, pipeline } from "@huggingface/transformers";

/**
 * The Node side of bench/models/prepare: loads the exported directory the way the server does
 * (transformers.js, local files only, q8 unless told) and compares its embeddings with the Python
 * reference vectors in reference.json. Prints min/mean cosine as JSON; exits 1 under the bar.
 *
 *   npx tsx bench/models/check.ts MODEL_DIR [dtype] [minCosine] [reference file] [mean|cls]
 */
const [dir, dtype = "q8", bar = "0.99", referenceFile = "reference.json", pooling = "mean"] = process.argv.slice(2);
env.allowRemoteModels = false;
env.allowLocalModels = true;
const ref = JSON.parse(fs.readFileSync(path.join(dir, referenceFile), "utf8")) as { texts: string[]; vectors: number[][] };
const extractor = await pipeline("feature-extraction", path.resolve(dir), { dtype: dtype as "q8", device: "cpu" });
const cos: number[] = [];
for (let i = 0; i < ref.texts.length; i += 16) {
  const out = await extractor(ref.texts.slice(i, i + 16), { pooling: pooling as "mean" | "cls", normalize: true });
  const data = out.data as Float32Array;
  const dim = out.dims[1];
  for (let k = 0; k * dim < data.length; k++) {
    const r = ref.vectors[i + k];
    let dot = 0;
    for (let d = 0; d < dim; d++) dot += data[k * dim + d] * r[d];
    cos.push(dot);
  }
}
const min = Math.min(...cos);
const mean = cos.reduce((a, b) => a + b, 0) / cos.length;
const below = cos.filter((c) => c < Number(bar)).length;
console.log(
  JSON.stringify({
    reference: referenceFile,
    dtype,
    sentences: cos.length,
    min: Math.round(min * 1e4) / 1e4,
    mean: Math.round(mean * 1e4) / 1e4,
    below: below,
  }),
);
process.exit(mean >= Number(bar) ? 0 : 1);
