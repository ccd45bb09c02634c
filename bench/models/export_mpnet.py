"""
Exports an MPNet sentence-embedding model (all-mpnet-base-v2) to ONNX in the layout
@huggingface/transformers loads from a local directory, without torch, like export_bert.py does
for BERT. MPNet differs from BERT in three ways, all reproduced here and in the NumPy reference:
positions start at padding_idx + 1 (cumsum of the mask + 1), there is no token-type embedding, and
every layer adds a relative-position bias (32 buckets, max distance 128, shared by all layers) to
the attention scores.

The reference is a NumPy forward pass of the same weights (MPNetModel + mean pooling + L2 norm, as
sentence-transformers' all-mpnet-base-v2 pipeline does). Writes reference.json for the Node check.

usage: export_mpnet.py SOURCE_MODEL_DIR OUT_DIR SENTENCES_FILE
"""

import json
import shutil
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic
from safetensors.numpy import load_file
from tokenizers import Tokenizer

MAX_LEN = 512


def load_weights(src: Path) -> dict:
    w = load_file(str(src / "model.safetensors"))
    out = {}
    for k, v in w.items():
        for p in ("mpnet.", "model."):
            if k.startswith(p):
                k = k[len(p):]
        out[k] = v.astype(np.float32)
    return out


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


def build_graph(w: dict, cfg: dict) -> onnx.ModelProto:
    H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
    eps = float(cfg.get("layer_norm_eps", 1e-5))
    pad = int(cfg.get("pad_token_id", 1))
    hd = H // NH
    inits, nodes = [], []

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def node(op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name + "_op", **attrs))
        return name

    def linear(x, prefix, out):
        wt = const(prefix + ".weight_T", w[prefix + ".weight"].T.copy())
        b = const(prefix + ".bias", w[prefix + ".bias"])
        return node("Add", [node("MatMul", [x, wt], out + "_mm"), b], out)

    def layer_norm(x, prefix, out):
        return node("LayerNormalization", [x, const(prefix + ".weight", w[prefix + ".weight"]), const(prefix + ".bias", w[prefix + ".bias"])], out, axis=-1, epsilon=eps)

    e = "embeddings"
    word = const("word_embeddings", w[f"{e}.word_embeddings.weight"])
    pos = const("position_embeddings", w[f"{e}.position_embeddings.weight"])
    # Positions: cumsum(mask) * mask + padding_idx (padding keeps padding_idx).
    cum = node("CumSum", ["attention_mask", const("axis1", np.array(1, dtype=np.int64))], "mask_cumsum")
    positions = node("Add", [node("Mul", [cum, "attention_mask"], "pos_masked"), const("pad_idx", np.array(pad, dtype=np.int64))], "positions")
    x = node("Add", [node("Gather", [word, "input_ids"], "we"), node("Gather", [pos, positions], "pe")], "wpe")
    x = layer_norm(x, f"{e}.LayerNorm", "emb")

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

    maskf = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    inv = node("Sub", [const("one_f", np.array(1.0, dtype=np.float32)), maskf], "mask_inv")
    mbias = node("Mul", [inv, const("neg_big", np.array(-1e4, dtype=np.float32))], "mask_bias_2d")
    mbias = node("Unsqueeze", [mbias, const("axes12", np.array([1, 2], dtype=np.int64))], "mask_bias")
    bias = node("Add", [rbias, mbias], "attn_bias")
    heads = const("heads_shape", np.array([0, 0, NH, hd], dtype=np.int64))
    merged = const("merged_shape", np.array([0, 0, H], dtype=np.int64))
    scale = const("scale", np.array(1.0 / np.sqrt(hd), dtype=np.float32))
    half = const("half", np.array(0.5, dtype=np.float32))
    inv_sqrt2 = const("inv_sqrt2", np.array(1.0 / np.sqrt(2.0), dtype=np.float32))

    for i in range(NL):
        p = f"encoder.layer.{i}"
        q = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.attn.q", f"l{i}_q"), heads], f"l{i}_qh")], f"l{i}_qt", perm=[0, 2, 1, 3])
        k = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.attn.k", f"l{i}_k"), heads], f"l{i}_kh")], f"l{i}_kt", perm=[0, 2, 3, 1])
        v = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.attn.v", f"l{i}_v"), heads], f"l{i}_vh")], f"l{i}_vt", perm=[0, 2, 1, 3])
        s = node("Add", [node("Mul", [node("MatMul", [q, k], f"l{i}_qk"), scale], f"l{i}_qks"), bias], f"l{i}_scores")
        a = node("Softmax", [s], f"l{i}_probs", axis=-1)
        c = node("Reshape", [node("Transpose", [node("MatMul", [a, v], f"l{i}_ctx")], f"l{i}_ctxt", perm=[0, 2, 1, 3]), merged], f"l{i}_ctxm")
        o = linear(c, f"{p}.attention.attn.o", f"l{i}_ao")
        x = layer_norm(node("Add", [o, x], f"l{i}_ares"), f"{p}.attention.LayerNorm", f"l{i}_aln")
        h = linear(x, f"{p}.intermediate.dense", f"l{i}_fi")
        erf = node("Erf", [node("Mul", [h, inv_sqrt2], f"l{i}_gs")], f"l{i}_erf")
        g = node("Mul", [node("Mul", [h, half], f"l{i}_gh"), node("Add", [erf, const(f"one_f{i}", np.array(1.0, dtype=np.float32))], f"l{i}_e1")], f"l{i}_gelu")
        o = linear(g, f"{p}.output.dense", f"l{i}_fo")
        x = layer_norm(node("Add", [o, x], f"l{i}_fres"), f"{p}.output.LayerNorm", f"l{i}_oln" if i < NL - 1 else "last_hidden_state")

    ids = lambda n: helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
    graph = helper.make_graph(
        nodes,
        "mpnet",
        [ids("input_ids"), ids("attention_mask")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", H])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="recollect-bench")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def reference(w: dict, cfg: dict, tok: Tokenizer, texts: list) -> np.ndarray:
    """NumPy MPNetModel forward + mean pooling + L2 norm, one text at a time (no padding)."""
    H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
    eps = float(cfg.get("layer_norm_eps", 1e-5))
    pad = int(cfg.get("pad_token_id", 1))
    hd = H // NH

    def verf(x):
        s = np.sign(x)
        a = np.abs(x)
        t = 1.0 / (1.0 + 0.3275911 * a)
        y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-a * a)
        return s * y

    def ln(x, p):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + eps) * w[p + ".weight"] + w[p + ".bias"]

    def lin(x, p):
        return x @ w[p + ".weight"].T + w[p + ".bias"]

    out = []
    for t in texts:
        ids = np.array(tok.encode(t).ids)
        n = len(ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][np.arange(n) + pad + 1]
        x = ln(x, "embeddings.LayerNorm")
        rel = np.arange(n)[None, :] - np.arange(n)[:, None]
        rb = w["encoder.relative_attention_bias.weight"][bucket(rel)].transpose(2, 0, 1)
        for i in range(NL):
            p = f"encoder.layer.{i}"
            q = lin(x, f"{p}.attention.attn.q").reshape(n, NH, hd).transpose(1, 0, 2)
            k = lin(x, f"{p}.attention.attn.k").reshape(n, NH, hd).transpose(1, 0, 2)
            v = lin(x, f"{p}.attention.attn.v").reshape(n, NH, hd).transpose(1, 0, 2)
            s = q @ k.transpose(0, 2, 1) / np.sqrt(hd) + rb
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            c = (s @ v).transpose(1, 0, 2).reshape(n, H)
            x = ln(lin(c, f"{p}.attention.attn.o") + x, f"{p}.attention.LayerNorm")
            h = lin(x, f"{p}.intermediate.dense")
            h = 0.5 * h * (1 + verf(h / np.sqrt(2)))
            x = ln(lin(h, f"{p}.output.dense") + x, f"{p}.output.LayerNorm")
        e = x.mean(0)
        out.append(e / np.linalg.norm(e))
    return np.array(out, dtype=np.float32)


def main():
    src, out, sentences = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    cfg = json.loads((src / "config.json").read_text())
    w = load_weights(src)
    (out / "onnx").mkdir(parents=True, exist_ok=True)
    for f in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
        if (src / f).exists():
            shutil.copy2(src / f, out / f)
    model = build_graph(w, cfg)
    onnx.save(model, str(out / "onnx" / "model.onnx"))
    quantize_dynamic(str(out / "onnx" / "model.onnx"), str(out / "onnx" / "model_quantized.onnx"), op_types_to_quantize=["MatMul"], per_channel=True, weight_type=QuantType.QInt8)

    texts = [l for l in sentences.read_text().split("\n") if l.strip()]
    tok = Tokenizer.from_file(str(src / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    ref = reference(w, cfg, tok, texts)

    import onnxruntime as ort

    result = {"sentences": len(texts)}
    for name in ("model.onnx", "model_quantized.onnx"):
        sess = ort.InferenceSession(str(out / "onnx" / name), providers=["CPUExecutionProvider"])
        cos = []
        for t, r in zip(texts, ref):
            ids = np.array([tok.encode(t).ids], dtype=np.int64)
            h = sess.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})[0][0].mean(0)
            cos.append(float(h @ r / np.linalg.norm(h)))
        result[name] = {"min": round(min(cos), 4), "mean": round(float(np.mean(cos)), 4)}
    (out / "reference.json").write_text(json.dumps({"texts": texts, "vectors": [[round(float(x), 6) for x in v] for v in ref]}))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
