"""The table's QR codes say exactly the link they stand for (read back with an independent reader)."""
from __future__ import annotations

import pytest

from game.companion import qr

from .qr_decode import read_text


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:5/watch/abc",
    "http://192.168.1.20:54321/seat/" + "Ab_-9" * 7,  # a seat's link as the table makes it
    "http://10.0.0.5:8765/seat/" + "q" * 120,  # version 7+: version information blocks
    "http://10.0.0.5:8765/seat/" + "z" * 250,  # version 10+: a 16-bit length
])
def test_codes_read_back_as_their_link(url):
    code = qr.code(url)
    assert read_text(code.matrix) == url
    rows = qr.modules(url)
    n = len(code.matrix) + 2 * qr.QUIET
    assert len(rows) == n and all(len(r) == n for r in rows)
    assert not any(rows[0]) and not any(r[0] for r in rows)  # the quiet zone is light
    inner = [r[qr.QUIET:-qr.QUIET] for r in rows[qr.QUIET:-qr.QUIET]]
    assert read_text(inner) == url


def test_the_reader_reads_what_is_there():
    a, b = "http://127.0.0.1:5/seat/aaaa", "http://127.0.0.1:5/seat/aaab"
    assert read_text(qr.code(a).matrix) != read_text(qr.code(b).matrix)
