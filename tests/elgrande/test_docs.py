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


def test_doc_figures_match_the_code() -> None:
    from feldherr.elgrande import codec, info

    text = DOC.read_text("utf-8")
    assert f"`codec.NUM_ACTIONS` = {codec.NUM_ACTIONS} " in text
    assert f"`info.OBSERVATION_SIZE` ({info.OBSERVATION_SIZE})" in text
