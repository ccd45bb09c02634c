"""
Exports an MPNet sentence-embedding model (all-mpnet-base-v2) to ONNX in the layout
@huggingface/transformers loads from a local directory, without torch, like export_bert.py does
for BERT (export_common.py holds what the two share). MPNet differs from BERT in three ways, all
reproduced here and in the NumPy reference: positions start at padding_idx + 1 (cumsum of the mask + 1), there is no token-type embedding, and
every layer adds a relative-position bias (32 buckets, max distance 128, shared by all layers) to
the attention scores.

The reference is a NumPy forward pass of the same weights (MPNetModel + mean pooling + L2 norm, as
sentence-transformers' all-mpnet-base-v2 pipeline does). Writes reference.json for the Node check.

usage: export_mpnet.py SOURCE_MODEL_DIR OUT_DIR SENTENCES_FILE
"""

import numpy as np
import onnx
from tokenizers import Tokenizer

from export_common import Graph, Reference, main

MAX_LEN = 512
ATTENTION = {"q": "attention.attn.q", "k": "attention.attn.k", "v": "attention.attn.v", "o": "attention.attn.o", "norm": "attention.LayerNorm"}


def bucket(relative: np.ndarray, num_buckets: int = 32, max_distance: int = 128) -> np.ndarray:
    """transformers' MPNetEncoder.relative_position_bucket (bidirectional)."""
    n = -relative
    half = num_buckets // 2
    ret = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    with np.errstate(divide="ignore"):
        large = max_exact + (np.log(np.maximum(n, 1).astype(np.float32) / max_exact) / np.log(max_distance / max_exact) * (half - max_exact)).astype(np.int64)
    large = np.minimum(large, half - 1)
    return ret + np.where(n < max_exact, n, large)


def eps_of(cfg: dict) -> float:
    return float(cfg.get("layer_norm_eps", 1e-5))


def build_graph(w: dict, cfg: dict) -> onnx.ModelProto:
    g = Graph(w, eps_of(cfg))
    const, node = g.const, g.node
    pad = int(cfg.get("pad_token_id", 1))
    e = "embeddings"
    word = const("word_embeddings", w[f"{e}.word_embeddings.weight"])
    pos = const("position_embeddings", w[f"{e}.position_embeddings.weight"])
    # Positions: cumsum(mask) * mask + padding_idx (padding keeps padding_idx).
    cum = node("CumSum", ["attention_mask", const("axis1", np.array(1, dtype=np.int64))], "mask_cumsum")
    positions = node("Add", [node("Mul", [cum, "attention_mask"], "pos_masked"), const("pad_idx", np.array(pad, dtype=np.int64))], "positions")
    x = node("Add", [node("Gather", [word, "input_ids"], "we"), node("Gather", [pos, positions], "pe")], "wpe")
    x = g.layer_norm(x, f"{e}.LayerNorm", "emb")

    # Relative-position bias [1, NH, seq, seq]: bucket of (k - q) from a table over -511..511.
    shape = node("Shape", ["input_ids"], "ids_shape")
    seq = node("Gather", [shape, const("one_i", np.array(1, dtype=np.int64))], "seq_len", axis=0)
    r = node("Range", [const("zero_i", np.array(0, dtype=np.int64)), seq, const("one_step", np.array(1, dtype=np.int64))], "range")
    rq = node("Unsqueeze", [r, const("axes1", np.array([1], dtype=np.int64))], "range_q")
    rk = node("Unsqueeze", [r, const("axes0", np.array([0], dtype=np.int64))], "range_k")
    rel = node("Add", [node("Sub", [rk, rq], "rel"), const("rel_off", np.array(MAX_LEN - 1, dtype=np.int64))], "rel_idx")
    table = const("bucket_table", bucket(np.arange(-(MAX_LEN - 1), MAX_LEN, dtype=np.int64)))
    buckets = node("Gather", [table, rel], "buckets")
    rbias = node("Gather", [const("rel_attn_weight", w["encoder.relative_attention_bias.weight"]), buckets], "rel_bias_qkh")
    rbias = node("Unsqueeze", [node("Transpose", [rbias], "rel_bias_hqk", perm=[2, 0, 1]), const("axes0b", np.array([0], dtype=np.int64))], "rel_bias")

    bias = node("Add", [rbias, g.mask_bias()], "attn_bias")
    g.encoder(x, cfg, bias, ATTENTION)
    return g.model("mpnet", ["input_ids", "attention_mask"], cfg["hidden_size"])


def reference(w: dict, cfg: dict, tok: Tokenizer, texts: list) -> np.ndarray:
    """NumPy MPNetModel forward + mean pooling + L2 norm, one text at a time (no padding)."""
    r = Reference(w, cfg, eps_of(cfg))
    pad = int(cfg.get("pad_token_id", 1))
    out = []
    for t in texts:
        ids = np.array(tok.encode(t).ids)
        n = len(ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][np.arange(n) + pad + 1]
        rel = np.arange(n)[None, :] - np.arange(n)[:, None]
        rb = w["encoder.relative_attention_bias.weight"][bucket(rel)].transpose(2, 0, 1)
        out.append(r.encode(r.ln(x, "embeddings.LayerNorm"), ATTENTION, rb))
    return np.array(out, dtype=np.float32)


if __name__ == "__main__":
    main(build_graph, reference, lambda ids: {"input_ids": ids, "attention_mask": np.ones_like(ids)}, ("mpnet.", "model."), truncate=False)
