"""
Exports a BERT sentence-embedding model to ONNX in the layout @huggingface/transformers loads from
a local directory (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx and the q8
onnx/model_quantized.onnx), without torch: the graph is written with the onnx package from the
safetensors weights (export_common.py holds what this shares with export_mpnet.py).

The reference it is checked against is a NumPy forward pass of the same weights (BertModel + mean
pooling + L2 norm, as sentence-transformers' all-MiniLM-L6-v2 pipeline does), on the tokenizer.json
of the package. Writes reference.json (texts + fp32 reference vectors) for the Node check.

usage: export_bert.py SOURCE_MODEL_DIR OUT_DIR SENTENCES_FILE
"""

import numpy as np
import onnx
from tokenizers import Tokenizer

from export_common import Graph, Reference, main

ATTENTION = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value", "o": "attention.output.dense", "norm": "attention.output.LayerNorm"}


def eps_of(cfg: dict) -> float:
    return float(cfg.get("layer_norm_eps", 1e-12))


def build_graph(w: dict, cfg: dict) -> onnx.ModelProto:
    g = Graph(w, eps_of(cfg))
    const, node = g.const, g.node
    e = "embeddings"
    word = const("word_embeddings", w[f"{e}.word_embeddings.weight"])
    pos = const("position_embeddings", w[f"{e}.position_embeddings.weight"])
    typ = const("token_type_embeddings", w[f"{e}.token_type_embeddings.weight"])
    shape = node("Shape", ["input_ids"], "ids_shape")
    seq = node("Gather", [shape, const("one_i", np.array(1, dtype=np.int64))], "seq_len", axis=0)
    positions = node("Range", [const("zero_i", np.array(0, dtype=np.int64)), seq, const("one_step", np.array(1, dtype=np.int64))], "positions")
    positions = node("Unsqueeze", [positions, const("axes0", np.array([0], dtype=np.int64))], "positions_2d")
    x = node("Add", [node("Gather", [word, "input_ids"], "we"), node("Gather", [pos, positions], "pe")], "wpe")
    x = node("Add", [x, node("Gather", [typ, "token_type_ids"], "te")], "emb_sum")
    x = g.layer_norm(x, f"{e}.LayerNorm", "emb")
    g.encoder(x, cfg, g.mask_bias(), ATTENTION)
    return g.model("bert", ["input_ids", "attention_mask", "token_type_ids"], cfg["hidden_size"])


def reference(w: dict, cfg: dict, tok: Tokenizer, texts: list) -> np.ndarray:
    """NumPy BertModel forward + mean pooling + L2 norm, one text at a time (no padding)."""
    r = Reference(w, cfg, eps_of(cfg))
    out = []
    for t in texts:
        ids = np.array(tok.encode(t).ids)
        n = len(ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n] + w["embeddings.token_type_embeddings.weight"][0]
        out.append(r.encode(r.ln(x, "embeddings.LayerNorm"), ATTENTION))
    return np.array(out, dtype=np.float32)


if __name__ == "__main__":
    main(build_graph, reference, lambda ids: {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}, ("bert.", "model."))
