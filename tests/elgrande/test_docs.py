"""The Python examples in docs/games/elgrande.md run."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "elgrande.md"


def test_doc_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), re.S)
    assert len(blocks) >= 2
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), {})
