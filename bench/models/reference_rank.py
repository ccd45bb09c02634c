"""Python reference for the vector list of bench/search/unseen.ts (issue 42): ranks the memories of
bench/search/unseen-set.ts by cosine for the TUNING half of its paraphrase questions (the frozen half
is skipped, by the same sha256 split as unseen-split.ts), with the fp32 ONNX file of a prepared model
run by onnxruntime and its tokenizer.json run by tokenizers (no padding: MiniLM's tokenizer.json pads
to 128, and mean pooling over pads would be wrong). Prints vector hit@1 / hit@5 as JSON. Agreeing
with the bench's vector column (through transformers.js, q8) says the JS side embeds as the model's
own Python stack does; a model that ranks badly here is not misconfigured in lib.

usage: reference_rank.py MODEL_DIR mean|cls QUERY_PREFIX PASSAGE_PREFIX
  e.g. bench/models/.cache/venv-e5-small-v2/bin/python bench/models/reference_rank.py \
         bench/models/.cache/e5-small-v2 mean "query: " "passage: "
"""

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

model_dir, pooling, query_prefix, passage_prefix = sys.argv[1:5]
source = (Path(__file__).resolve().parent.parent / "search" / "unseen-set.ts").read_text()


def table(name: str) -> list[list[str]]:
    body = source.split(f"const {name} = `")[1].split("`")[0]
    return [[c.strip() for c in line.split("|")] for line in body.strip().split("\n") if line.strip()]


def tuning(item: str) -> bool:
    return hashlib.sha256(item.encode()).digest()[0] % 2 == 0


en, zh = table("MEMORY_TABLE"), table("ZH_TABLE")
memories = [(r[0], r[1]) for r in en + zh]
questions = [(r[2], r[0]) for r in en if len(r) > 2 and r[2] and tuning(f"paraphrase\0{r[2]}\0{r[0]}")]

tok = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
tok.enable_truncation(512)
tok.no_padding()
session = ort.InferenceSession(str(Path(model_dir) / "onnx" / "model.onnx"), providers=["CPUExecutionProvider"])
inputs = [i.name for i in session.get_inputs()]


def embed(text: str) -> np.ndarray:
    ids = np.array([tok.encode(text).ids], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
    hidden = session.run(None, {k: v for k, v in feeds.items() if k in inputs})[0][0]
    v = hidden[0] if pooling == "cls" else hidden.mean(0)
    return v / np.linalg.norm(v)


matrix = np.stack([embed(passage_prefix + text) for _, text in memories])
keys = [k for k, _ in memories]
positions = []
for q, key in questions:
    order = np.argsort(-(matrix @ embed(query_prefix + q)))
    positions.append([keys[i] for i in order].index(key))
n = len(positions)
print(json.dumps({
    "model": Path(model_dir).name,
    "pooling": pooling,
    "queryPrefix": query_prefix,
    "passagePrefix": passage_prefix,
    "tuningParaphrases": n,
    "hit1": round(sum(p < 1 for p in positions) / n, 3),
    "hit5": round(sum(p < 5 for p in positions) / n, 3),
}))
