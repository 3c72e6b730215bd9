"""Nesting refused before the JSON parser recurses: arrays and objects counted outside strings."""

from __future__ import annotations

from pathlib import Path

import pytest

from polymem.errors import InputError
from polymem.ingest.formats._common import MAX_DEPTH, load_json, parse_json_line, too_deep


def test_depth_is_counted_outside_strings_only() -> None:
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert not too_deep('"' + "[" * (MAX_DEPTH + 5) + '"')
    assert not too_deep('{"a": "\\\\"}' + "[1]" * (MAX_DEPTH + 5))  # an escaped backslash closes no string early


def test_a_deep_line_and_a_deep_file_get_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        parse_json_line("[" * 100_000 + "]" * 100_000)
    f = tmp_path / "deep.json"
    f.write_text("{\"a\": " * 5_000 + "1" + "}" * 5_000, encoding="utf-8")
    with pytest.raises(InputError, match="nested too deeply"):
        load_json(f)
    ok = tmp_path / "ok.json"
    ok.write_text('{"messages": [[1, 2], {"b": "[[[["}]}', encoding="utf-8")
    assert load_json(ok) == {"messages": [[1, 2], {"b": "[[[["}]}
