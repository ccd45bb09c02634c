"""
Exports a BERT sentence-embedding model to ONNX in the layout @huggingface/transformers loads from
a local directory (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx and the q8
onnx/model_quantized.onnx), without torch: the graph is written with the onnx package from the
safetensors weights (torch's PyPI wheels for Linux pull gigabytes of CUDA libraries).

The reference it is checked against is a NumPy forward pass of the same weights (BertModel + mean
pooling + L2 norm, as sentence-transformers' all-MiniLM-L6-v2 pipeline does), on the tokenizer.json
of the package. Writes reference.json (texts + fp32 reference vectors) for the Node check.

usage: export_bert.py SOURCE_MODEL_DIR OUT_DIR SENTENCES_FILE
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


def load_weights(src: Path) -> dict:
    w = load_file(str(src / "model.safetensors"))
    # Some exports prefix every tensor with "bert." or "model."; strip it.
    out = {}
    for k, v in w.items():
        for p in ("bert.", "model."):
            if k.startswith(p):
                k = k[len(p):]
        out[k] = v.astype(np.float32)
    return out


def build_graph(w: dict, cfg: dict) -> onnx.ModelProto:
    H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
    eps = float(cfg.get("layer_norm_eps", 1e-12))
    hd = H // NH
    inits, nodes = [], []

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def node(op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name + "_op", **attrs))
        return name

    def linear(x, prefix, out):
        # HF stores Linear weights [out, in]; MatMul wants [in, out].
        wt = const(prefix + ".weight_T", w[prefix + ".weight"].T.copy())
        b = const(prefix + ".bias", w[prefix + ".bias"])
        return node("Add", [node("MatMul", [x, wt], out + "_mm"), b], out)

    def layer_norm(x, prefix, out):
        return node("LayerNormalization", [x, const(prefix + ".weight", w[prefix + ".weight"]), const(prefix + ".bias", w[prefix + ".bias"])], out, axis=-1, epsilon=eps)

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
    x = layer_norm(x, f"{e}.LayerNorm", "emb")

    maskf = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    inv = node("Sub", [const("one_f", np.array(1.0, dtype=np.float32)), maskf], "mask_inv")
    bias = node("Mul", [inv, const("neg_big", np.array(-1e4, dtype=np.float32))], "mask_bias_2d")
    bias = node("Unsqueeze", [bias, const("axes12", np.array([1, 2], dtype=np.int64))], "mask_bias")
    heads = const("heads_shape", np.array([0, 0, NH, hd], dtype=np.int64))
    merged = const("merged_shape", np.array([0, 0, H], dtype=np.int64))
    scale = const("scale", np.array(1.0 / np.sqrt(hd), dtype=np.float32))
    half = const("half", np.array(0.5, dtype=np.float32))
    inv_sqrt2 = const("inv_sqrt2", np.array(1.0 / np.sqrt(2.0), dtype=np.float32))

    for i in range(NL):
        p = f"encoder.layer.{i}"
        q = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.query", f"l{i}_q"), heads], f"l{i}_qh")], f"l{i}_qt", perm=[0, 2, 1, 3])
        k = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.key", f"l{i}_k"), heads], f"l{i}_kh")], f"l{i}_kt", perm=[0, 2, 3, 1])
        v = node("Transpose", [node("Reshape", [linear(x, f"{p}.attention.self.value", f"l{i}_v"), heads], f"l{i}_vh")], f"l{i}_vt", perm=[0, 2, 1, 3])
        s = node("Add", [node("Mul", [node("MatMul", [q, k], f"l{i}_qk"), scale], f"l{i}_qks"), bias], f"l{i}_scores")
        a = node("Softmax", [s], f"l{i}_probs", axis=-1)
        c = node("Reshape", [node("Transpose", [node("MatMul", [a, v], f"l{i}_ctx")], f"l{i}_ctxt", perm=[0, 2, 1, 3]), merged], f"l{i}_ctxm")
        o = linear(c, f"{p}.attention.output.dense", f"l{i}_ao")
        x = layer_norm(node("Add", [o, x], f"l{i}_ares"), f"{p}.attention.output.LayerNorm", f"l{i}_aln")
        h = linear(x, f"{p}.intermediate.dense", f"l{i}_fi")
        erf = node("Erf", [node("Mul", [h, inv_sqrt2], f"l{i}_gs")], f"l{i}_erf")
        g = node("Mul", [node("Mul", [h, half], f"l{i}_gh"), node("Add", [erf, const(f"one_f{i}", np.array(1.0, dtype=np.float32))], f"l{i}_e1")], f"l{i}_gelu")
        o = linear(g, f"{p}.output.dense", f"l{i}_fo")
        x = layer_norm(node("Add", [o, x], f"l{i}_fres"), f"{p}.output.LayerNorm", f"l{i}_oln" if i < NL - 1 else "last_hidden_state")

    ids = lambda n: helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
    graph = helper.make_graph(
        nodes,
        "bert",
        [ids("input_ids"), ids("attention_mask"), ids("token_type_ids")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", H])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="recollect-bench")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def reference(w: dict, cfg: dict, tok: Tokenizer, texts: list) -> np.ndarray:
    """NumPy BertModel forward + mean pooling + L2 norm, one text at a time (no padding)."""
    H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
    eps = float(cfg.get("layer_norm_eps", 1e-12))
    hd = H // NH
    def verf(x):
        # Abramowitz & Stegun 7.1.26 (error < 1.5e-7), vectorized: math.erf per element is far slower.
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
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n] + w["embeddings.token_type_embeddings.weight"][0]
        x = ln(x, "embeddings.LayerNorm")
        for i in range(NL):
            p = f"encoder.layer.{i}"
            q = lin(x, f"{p}.attention.self.query").reshape(n, NH, hd).transpose(1, 0, 2)
            k = lin(x, f"{p}.attention.self.key").reshape(n, NH, hd).transpose(1, 0, 2)
            v = lin(x, f"{p}.attention.self.value").reshape(n, NH, hd).transpose(1, 0, 2)
            s = q @ k.transpose(0, 2, 1) / np.sqrt(hd)
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            c = (s @ v).transpose(1, 0, 2).reshape(n, H)
            x = ln(lin(c, f"{p}.attention.output.dense") + x, f"{p}.attention.output.LayerNorm")
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
    # MatMul only, per output channel, signed: 0.99+ cosine to fp32 (Gather and per-tensor lose more).
    quantize_dynamic(str(out / "onnx" / "model.onnx"), str(out / "onnx" / "model_quantized.onnx"), op_types_to_quantize=["MatMul"], per_channel=True, weight_type=QuantType.QInt8)

    texts = [l for l in sentences.read_text().split("\n") if l.strip()]
    tok = Tokenizer.from_file(str(src / "tokenizer.json"))
    tok.no_padding()
    ref = reference(w, cfg, tok, texts)

    # The ONNX files through onnxruntime in Python, fp32 and q8, against the reference.
    import onnxruntime as ort

    result = {"sentences": len(texts)}
    for name in ("model.onnx", "model_quantized.onnx"):
        sess = ort.InferenceSession(str(out / "onnx" / name), providers=["CPUExecutionProvider"])
        cos = []
        for t, r in zip(texts, ref):
            ids = np.array([tok.encode(t).ids], dtype=np.int64)
            h = sess.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)})[0][0].mean(0)
            cos.append(float(h @ r / np.linalg.norm(h)))
        result[name] = {"min": round(min(cos), 4), "mean": round(float(np.mean(cos)), 4)}
    (out / "reference.json").write_text(json.dumps({"texts": texts, "vectors": [[round(float(x), 6) for x in v] for v in ref]}))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
