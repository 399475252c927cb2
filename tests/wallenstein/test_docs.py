"""The Python examples in docs/games/wallenstein.md run, and the texts the page shows are the ones
the game says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "wallenstein.md"


def test_doc_examples_run_and_print_what_the_page_says() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), re.S)
    assert len(blocks) >= 2
    for code in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(DOC), "exec"), {})
        printed = out.getvalue()
        if "names = " not in code:  # the texts' example (the others' comments are explanations)
            continue
        # every "# text" comment that stands alone after a print is a line the print wrote
        for shown in re.findall(r"^# (.+)$", code, re.M):
            if not shown.startswith("{"):
                assert shown in printed, shown
        for call, shown in re.findall(r"^(print\(.*\))[ \t]+# (.+)$", code, re.M):
            assert shown in printed, (call, shown)
