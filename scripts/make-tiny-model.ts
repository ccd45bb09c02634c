/**
 * Writes tiny random-weight BERT-like feature-extraction models for tests: a WordPiece tokenizer
 * (tokenizer.json, a few hundred words), config.json (model_type bert) and onnx/model_quantized.onnx
 * (the file transformers.js loads for dtype q8; the weights are plain float). Deterministic: the
 * same seed writes the same bytes. Loaded through the same transformers.js code path as the real
 * model via `embedding.modelDir`.
 *
 * Graph: last_hidden_state = tanh((word_emb[input_ids] + type_emb[token_type_ids]) · W + b) · mask.
 * Mean pooling of such vectors makes texts that share words close in cosine, which is all the
 * tests need (near duplicates, hybrid fusion, reindex).
 *
 *   npx tsx scripts/make-tiny-model.ts            # tests/fixtures/tiny-model (32 dims)
 *   npx tsx scripts/make-tiny-model.ts --dim 16 --out tests/fixtures/tiny-model-16
 *   npx tsx scripts/make-tiny-model.ts --bias 3 --out tests/fixtures/tiny-model-degenerate
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
// The ONNX protobuf schema that onnxruntime-web ships (a protobufjs static module).
const { onnx } = require(path.join(ROOT, "node_modules/onnxruntime-web/lib/onnxjs/ort-schema/protobuf/onnx.js"));

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DIM = Number(arg("dim", "32"));
const OUT = path.resolve(ROOT, arg("out", "tests/fixtures/tiny-model"));
const SEED = Number(arg("seed", "42"));
/**
 * Scale of the dense layer's bias (default 0.1). A large one (--bias 3) drowns the words: every
 * text maps to nearly the same vector, a degenerate model like one with random weights
 * (tests/fixtures/tiny-model-degenerate, for the deduplication tests).
 */
const BIAS = Number(arg("bias", "0.1"));

const WORDS = `
the of and to in is it you that he was for on are with as his they be at one have this from or had by
word but what some we can out other were all there when up use your how said an each she which do their time
if will way about many then them write would like so these her long make thing see him two has look more day
could go come did number sound no most people my over know water than call first who may down side been now
find any new work part take get place made live where after back little only round man year came show every
good me give our under name very through just form sentence great think say help low line differ turn cause
much mean before move right boy old too same tell does set three want air well also play small end put home
read hand port large spell add even land here must big high such follow act why ask men change went light kind
off need house picture try us again animal point mother world near build self earth father head stand own page
should country found answer school grow study still learn plant cover food sun four between state keep eye never
last let thought city tree cross farm hard start might story saw far sea draw left late run while press close
night real life few north open seem together next white children begin got walk example ease paper group always
music those both mark often letter until mile river car feet care second book carry took science eat room friend
began idea fish mountain stop once base hear horse cut sure watch color face wood main enough plain girl usual
young ready above ever red list though feel talk bird soon body dog family direct pose leave song measure door
product black short numeral class wind question happen complete ship area half rock order fire south problem piece
told knew pass since top whole king space heard best hour better true during hundred five remember step early hold
west ground interest reach fast verb sing listen six table travel less morning ten simple several vowel toward war
lay against pattern slow center love person money serve appear road map rain rule govern pull cold notice voice
unit power town fine certain fly fall lead cry dark machine note wait plan figure star box noun field rest correct
able pound done beauty drive stood contain front teach week final gave green oh quick develop ocean warm free minute
strong special mind behind clear tail produce fact street inch multiply nothing course stay wheel full force blue
object decide surface deep moon island foot system busy test record boat common gold possible plane stead dry wonder
laugh thousand ago ran check game shape equate hot miss brought heat snow tire bring yes distant fill east paint
language among database sqlite postgres query index search memory vector embedding model token server client
request response error type function class method file path test build deploy config setting option user
password secret key cache queue batch project session agent plugin compile commit branch merge release bug fix
react next node python rust typescript javascript api http json schema migration table column row
`
  .trim()
  .split(/\s+/);

const SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
const CHARS = "abcdefghijklmnopqrstuvwxyz0123456789.,:;!?'\"()[]{}-_/#@$%&*+=<>".split("");
const vocabList = [...new Set([...SPECIAL, ...CHARS, ...CHARS.map((c) => "##" + c), ...WORDS])];
const vocab = Object.fromEntries(vocabList.map((t, i) => [t, i]));
const V = vocabList.length;

// mulberry32: small, seedable, deterministic.
let state = SEED >>> 0;
function rand(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const gaussian = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
const randomTensor = (n: number, scale: number) => Float32Array.from({ length: n }, () => gaussian() * scale);

const floatTensor = (name: string, dims: number[], data: Float32Array) => ({
  name,
  dims,
  dataType: onnx.TensorProto.DataType.FLOAT,
  rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
});
const int64Tensor = (name: string, dims: number[], data: number[]) => ({
  name,
  dims,
  dataType: onnx.TensorProto.DataType.INT64,
  int64Data: data,
});
const valueInfo = (name: string, elemType: number, shape: (string | number)[]) => ({
  name,
  type: {
    tensorType: {
      elemType,
      shape: { dim: shape.map((d) => (typeof d === "string" ? { dimParam: d } : { dimValue: d })) },
    },
  },
});
const node = (opType: string, input: string[], output: string[], attribute: unknown[] = []) => ({
  opType,
  input,
  output,
  name: `${opType}_${output[0]}`,
  attribute,
});

const INT64 = onnx.TensorProto.DataType.INT64;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const graph = {
  name: "tiny_bert",
  input: [
    valueInfo("input_ids", INT64, ["batch_size", "sequence_length"]),
    valueInfo("attention_mask", INT64, ["batch_size", "sequence_length"]),
    valueInfo("token_type_ids", INT64, ["batch_size", "sequence_length"]),
  ],
  output: [valueInfo("last_hidden_state", FLOAT, ["batch_size", "sequence_length", DIM])],
  initializer: [
    floatTensor("word_embeddings", [V, DIM], randomTensor(V * DIM, 1)),
    floatTensor("token_type_embeddings", [2, DIM], randomTensor(2 * DIM, 0.1)),
    floatTensor("dense_weight", [DIM, DIM], randomTensor(DIM * DIM, 1 / Math.sqrt(DIM))),
    floatTensor("dense_bias", [DIM], randomTensor(DIM, BIAS)),
    int64Tensor("mask_axes", [1], [-1]),
  ],
  node: [
    node("Gather", ["word_embeddings", "input_ids"], ["words"]),
    node("Gather", ["token_type_embeddings", "token_type_ids"], ["types"]),
    node("Add", ["words", "types"], ["embedded"]),
    node("MatMul", ["embedded", "dense_weight"], ["projected"]),
    node("Add", ["projected", "dense_bias"], ["biased"]),
    node("Tanh", ["biased"], ["activated"]),
    node("Cast", ["attention_mask"], ["mask_float"], [{ name: "to", type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }]),
    node("Unsqueeze", ["mask_float", "mask_axes"], ["mask_3d"]),
    node("Mul", ["activated", "mask_3d"], ["last_hidden_state"]),
  ],
};
const model = {
  irVersion: 8,
  producerName: "recollect make-tiny-model",
  opsetImport: [{ domain: "", version: 14 }],
  graph,
};

const tokenizer = {
  version: "1.0",
  truncation: null,
  padding: null,
  added_tokens: SPECIAL.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
  normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
  pre_tokenizer: { type: "BertPreTokenizer" },
  post_processor: {
    type: "TemplateProcessing",
    single: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } }],
    pair: [
      { SpecialToken: { id: "[CLS]", type_id: 0 } },
      { Sequence: { id: "A", type_id: 0 } },
      { SpecialToken: { id: "[SEP]", type_id: 0 } },
      { Sequence: { id: "B", type_id: 1 } },
      { SpecialToken: { id: "[SEP]", type_id: 1 } },
    ],
    special_tokens: {
      "[CLS]": { id: "[CLS]", ids: [vocab["[CLS]"]], tokens: ["[CLS]"] },
      "[SEP]": { id: "[SEP]", ids: [vocab["[SEP]"]], tokens: ["[SEP]"] },
    },
  },
  decoder: { type: "WordPiece", prefix: "##", cleanup: true },
  model: { type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: 100, vocab },
};

const config = {
  _name_or_path: "recollect/tiny-random-bert",
  architectures: ["BertModel"],
  model_type: "bert",
  hidden_size: DIM,
  intermediate_size: DIM * 2,
  num_attention_heads: 2,
  num_hidden_layers: 1,
  max_position_embeddings: 128,
  type_vocab_size: 2,
  vocab_size: V,
  pad_token_id: 0,
};
const tokenizerConfig = {
  tokenizer_class: "BertTokenizer",
  do_lower_case: true,
  model_max_length: 128,
  cls_token: "[CLS]",
  sep_token: "[SEP]",
  pad_token: "[PAD]",
  unk_token: "[UNK]",
  mask_token: "[MASK]",
  clean_up_tokenization_spaces: true,
};

fs.mkdirSync(path.join(OUT, "onnx"), { recursive: true });
const bytes = onnx.ModelProto.encode(onnx.ModelProto.fromObject(model)).finish() as Uint8Array;
fs.writeFileSync(path.join(OUT, "onnx", "model_quantized.onnx"), bytes);
fs.writeFileSync(path.join(OUT, "tokenizer.json"), JSON.stringify(tokenizer));
fs.writeFileSync(path.join(OUT, "config.json"), JSON.stringify(config, null, 2) + "\n");
fs.writeFileSync(path.join(OUT, "tokenizer_config.json"), JSON.stringify(tokenizerConfig, null, 2) + "\n");
fs.writeFileSync(
  path.join(OUT, "README.md"),
  BIAS === 0.1
    ? `Random-weight test model (${DIM} dims, ${V} tokens), written by scripts/make-tiny-model.ts --dim ${DIM} --seed ${SEED}. Its similarities mean nothing beyond shared words.\n`
    : `Degenerate random-weight test model (${DIM} dims, ${V} tokens), written by scripts/make-tiny-model.ts --dim ${DIM} --seed ${SEED} --bias ${BIAS}: every text embeds to nearly the same vector.\n`,
);
console.log(`wrote ${path.relative(ROOT, OUT)}: ${DIM} dims, vocabulary ${V}, model ${bytes.length} bytes`);
