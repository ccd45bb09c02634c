"""
What export_bert.py and export_mpnet.py share: reading the safetensors weights, writing an ONNX
encoder graph (embeddings are each model's own; the attention + GELU feed-forward layers, the mask
bias and the model wrapper are the same), the NumPy reference forward pass of those layers, and the
export-quantize-check main (fp32 and q8 through onnxruntime against the reference; reference.json
for the Node check). Written without torch: its PyPI wheels for Linux pull gigabytes of CUDA
libraries.
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


def load_weights(src: Path, prefixes: tuple) -> dict:
    w = load_file(str(src / "model.safetensors"))
    # Some exports prefix every tensor with the model's name or "model."; strip it.
    out = {}
    for k, v in w.items():
        for p in prefixes:
            if k.startswith(p):
                k = k[len(p):]
        out[k] = v.astype(np.float32)
    return out


class Graph:
    """ONNX nodes and initializers, named as the exporters always named them (same bytes out)."""

    def __init__(self, w: dict, eps: float):
        self.w, self.eps, self.inits, self.nodes = w, eps, [], []

    def const(self, name, arr):
        self.inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def node(self, op, inputs, name, **attrs):
        self.nodes.append(helper.make_node(op, inputs, [name], name=name + "_op", **attrs))
        return name

    def linear(self, x, prefix, out):
        # HF stores Linear weights [out, in]; MatMul wants [in, out].
        wt = self.const(prefix + ".weight_T", self.w[prefix + ".weight"].T.copy())
        b = self.const(prefix + ".bias", self.w[prefix + ".bias"])
        return self.node("Add", [self.node("MatMul", [x, wt], out + "_mm"), b], out)

    def layer_norm(self, x, prefix, out):
        w = self.w
        return self.node("LayerNormalization", [x, self.const(prefix + ".weight", w[prefix + ".weight"]), self.const(prefix + ".bias", w[prefix + ".bias"])], out, axis=-1, epsilon=self.eps)

    def mask_bias(self):
        """-1e4 where attention_mask is 0, shaped [batch, 1, 1, seq]."""
        maskf = self.node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
        inv = self.node("Sub", [self.const("one_f", np.array(1.0, dtype=np.float32)), maskf], "mask_inv")
        bias = self.node("Mul", [inv, self.const("neg_big", np.array(-1e4, dtype=np.float32))], "mask_bias_2d")
        return self.node("Unsqueeze", [bias, self.const("axes12", np.array([1, 2], dtype=np.int64))], "mask_bias")

    def encoder(self, x, cfg: dict, bias, attention: dict):
        """The transformer layers; `attention` names the q, k, v, o linears and the norm after them."""
        H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
        hd = H // NH
        const, node, linear = self.const, self.node, self.linear
        heads = const("heads_shape", np.array([0, 0, NH, hd], dtype=np.int64))
        merged = const("merged_shape", np.array([0, 0, H], dtype=np.int64))
        scale = const("scale", np.array(1.0 / np.sqrt(hd), dtype=np.float32))
        half = const("half", np.array(0.5, dtype=np.float32))
        inv_sqrt2 = const("inv_sqrt2", np.array(1.0 / np.sqrt(2.0), dtype=np.float32))
        for i in range(NL):
            p = f"encoder.layer.{i}"
            q = node("Transpose", [node("Reshape", [linear(x, f"{p}.{attention['q']}", f"l{i}_q"), heads], f"l{i}_qh")], f"l{i}_qt", perm=[0, 2, 1, 3])
            k = node("Transpose", [node("Reshape", [linear(x, f"{p}.{attention['k']}", f"l{i}_k"), heads], f"l{i}_kh")], f"l{i}_kt", perm=[0, 2, 3, 1])
            v = node("Transpose", [node("Reshape", [linear(x, f"{p}.{attention['v']}", f"l{i}_v"), heads], f"l{i}_vh")], f"l{i}_vt", perm=[0, 2, 1, 3])
            s = node("Add", [node("Mul", [node("MatMul", [q, k], f"l{i}_qk"), scale], f"l{i}_qks"), bias], f"l{i}_scores")
            a = node("Softmax", [s], f"l{i}_probs", axis=-1)
            c = node("Reshape", [node("Transpose", [node("MatMul", [a, v], f"l{i}_ctx")], f"l{i}_ctxt", perm=[0, 2, 1, 3]), merged], f"l{i}_ctxm")
            o = linear(c, f"{p}.{attention['o']}", f"l{i}_ao")
            x = self.layer_norm(node("Add", [o, x], f"l{i}_ares"), f"{p}.{attention['norm']}", f"l{i}_aln")
            h = linear(x, f"{p}.intermediate.dense", f"l{i}_fi")
            erf = node("Erf", [node("Mul", [h, inv_sqrt2], f"l{i}_gs")], f"l{i}_erf")
            g = node("Mul", [node("Mul", [h, half], f"l{i}_gh"), node("Add", [erf, const(f"one_f{i}", np.array(1.0, dtype=np.float32))], f"l{i}_e1")], f"l{i}_gelu")
            o = linear(g, f"{p}.output.dense", f"l{i}_fo")
            x = self.layer_norm(node("Add", [o, x], f"l{i}_fres"), f"{p}.output.LayerNorm", f"l{i}_oln" if i < NL - 1 else "last_hidden_state")
        return x

    def model(self, name: str, inputs: list, hidden: int) -> onnx.ModelProto:
        ids = lambda n: helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
        graph = helper.make_graph(
            self.nodes,
            name,
            [ids(n) for n in inputs],
            [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", hidden])],
            self.inits,
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="recollect-bench")
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


def verf(x):
    # Abramowitz & Stegun 7.1.26 (error < 1.5e-7), vectorized: math.erf per element is far slower.
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-a * a)
    return s * y


class Reference:
    """The NumPy forward pass of the same layers, one text at a time (no padding)."""

    def __init__(self, w: dict, cfg: dict, eps: float):
        self.w, self.cfg, self.eps = w, cfg, eps

    def ln(self, x, p):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + self.eps) * self.w[p + ".weight"] + self.w[p + ".bias"]

    def lin(self, x, p):
        return x @ self.w[p + ".weight"].T + self.w[p + ".bias"]

    def encode(self, x, attention: dict, extra_bias=None):
        """Transformer layers, then mean pooling and L2 norm."""
        cfg, lin, ln = self.cfg, self.lin, self.ln
        H, NH, NL = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"]
        hd = H // NH
        n = x.shape[0]
        for i in range(NL):
            p = f"encoder.layer.{i}"
            q = lin(x, f"{p}.{attention['q']}").reshape(n, NH, hd).transpose(1, 0, 2)
            k = lin(x, f"{p}.{attention['k']}").reshape(n, NH, hd).transpose(1, 0, 2)
            v = lin(x, f"{p}.{attention['v']}").reshape(n, NH, hd).transpose(1, 0, 2)
            s = q @ k.transpose(0, 2, 1) / np.sqrt(hd)
            if extra_bias is not None:
                s = s + extra_bias
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            c = (s @ v).transpose(1, 0, 2).reshape(n, H)
            x = ln(lin(c, f"{p}.{attention['o']}") + x, f"{p}.{attention['norm']}")
            h = lin(x, f"{p}.intermediate.dense")
            h = 0.5 * h * (1 + verf(h / np.sqrt(2)))
            x = ln(lin(h, f"{p}.output.dense") + x, f"{p}.output.LayerNorm")
        e = x.mean(0)
        return e / np.linalg.norm(e)


def main(build_graph, reference, feeds, prefixes: tuple, truncate: bool = True):
    """usage: <exporter> SOURCE_MODEL_DIR OUT_DIR SENTENCES_FILE; prints the Python check as JSON."""
    src, out, sentences = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    cfg = json.loads((src / "config.json").read_text())
    w = load_weights(src, prefixes)
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
    if not truncate:
        tok.no_truncation()
    ref = reference(w, cfg, tok, texts)

    # The ONNX files through onnxruntime in Python, fp32 and q8, against the reference.
    import onnxruntime as ort

    result = {"sentences": len(texts)}
    for name in ("model.onnx", "model_quantized.onnx"):
        sess = ort.InferenceSession(str(out / "onnx" / name), providers=["CPUExecutionProvider"])
        cos = []
        for t, r in zip(texts, ref):
            ids = np.array([tok.encode(t).ids], dtype=np.int64)
            h = sess.run(None, feeds(ids))[0][0].mean(0)
            cos.append(float(h @ r / np.linalg.norm(h)))
        result[name] = {"min": round(min(cos), 4), "mean": round(float(np.mean(cos)), 4)}
    (out / "reference.json").write_text(json.dumps({"texts": texts, "vectors": [[round(float(x), 6) for x in v] for v in ref]}))
    print(json.dumps(result))
