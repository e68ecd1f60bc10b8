"""`players import`: all or nothing, and every row accounted for (Hypothesis)."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdtool.app.registry import RegistryAt, add, find, import_csv
from tdtool.errors import InputError
from tdtool.names import ascii_fold

GOOD_NAMES = st.sampled_from(
    ["Anna", "anna", "Ánna", "José García", "jose garcia", "Ben Okafor", "Zoë", "ZOE", "Łukasz"]
)
EMAILS = st.sampled_from(["", "a@b.org", "not-an-email"])


@settings(max_examples=60)
@given(st.lists(st.tuples(GOOD_NAMES | st.just(""), EMAILS), min_size=1, max_size=8))
def test_an_import_adds_every_good_row_once_or_nothing_at_all(rows):
    with tempfile.TemporaryDirectory() as folder:
        at = RegistryAt(Path(folder) / "players.tdreg")
        add(at, "Anna")
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(["name", "email"])
        writer.writerows(rows)
        path = Path(folder) / "members.csv"
        path.write_text(text.getvalue(), encoding="utf-8")
        blank = [(name, email) == ("", "") for name, email in rows]
        bad = [
            i + 2
            for i, (name, email) in enumerate(rows)
            if not blank[i] and (not name or email == "not-an-email")
        ]
        if all(blank):
            with pytest.raises(InputError, match="only its header"):
                import_csv(at, path)
            return
        if bad:
            with pytest.raises(InputError, match=rf"members.csv:{bad[0]}:"):
                import_csv(at, path)
            assert [p.name for p in find(at, "").players] == ["Anna"]
            return
        done = import_csv(at, path)
        assert len(done.added) + len(done.duplicates) == blank.count(False)
        names = [p.name for p in find(at, "").players]
        assert len({ascii_fold(n) for n in names}) == len(names)  # nobody twice
        typed = {ascii_fold(n) for n, _ in rows if n}
        assert {ascii_fold(n) for n in names} == {"anna"} | typed
