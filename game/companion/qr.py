"""The QR codes the table shows for a seat's or the spectators' link (segno), as rows of dark/light modules."""
from __future__ import annotations

import segno

QUIET = 4  # light modules around the code: readers need them


def code(url: str) -> segno.QRCode:
    """A regular (not micro) QR code for ``url``, medium error correction: readable off a glossy screen."""
    return segno.make_qr(url, error="m", boost_error=False)


def modules(url: str, quiet: int = QUIET) -> list[list[bool]]:
    """The code for ``url`` as rows of booleans (True: dark), with ``quiet`` light modules all round."""
    qr = code(url)
    n = len(qr.matrix)
    light = [False] * (n + 2 * quiet)
    rows = [list(light) for _ in range(quiet)]
    rows += [[False] * quiet + [bool(v) for v in row] + [False] * quiet for row in qr.matrix]
    rows += [list(light) for _ in range(quiet)]
    return rows
