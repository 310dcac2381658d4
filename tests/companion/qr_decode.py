"""A small QR reader for the tests: reads a regular QR code's byte-mode text back from its modules.

Written from ISO/IEC 18004's layout (format bits, function patterns, masks, the zigzag order of the data,
interleaved blocks), so a test can check what a code says without trusting the encoder. Only error-free codes
(it reads, it does not correct); the block sizes are segno's tables, which the reading does not otherwise use.
"""
from __future__ import annotations

from segno import consts

MASKS = [
    lambda x, y: (x + y) % 2 == 0, lambda x, y: y % 2 == 0, lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0, lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0, lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
]


def _function_modules(n: int, version: int) -> list[list[bool]]:
    f = [[False] * n for _ in range(n)]

    def box(x0, y0, w, h):
        for y in range(max(y0, 0), min(y0 + h, n)):
            for x in range(max(x0, 0), min(x0 + w, n)):
                f[y][x] = True

    box(0, 0, 9, 9)  # finder, separator and format bits, top left
    box(n - 8, 0, 8, 9)  # top right
    box(0, n - 8, 9, 8)  # bottom left (and the dark module)
    box(6, 0, 1, n)  # timing
    box(0, 6, n, 1)
    if version >= 2:
        pos = consts.ALIGNMENT_POS[version - 2]
        last = len(pos) - 1
        for i, cy in enumerate(pos):
            for j, cx in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                box(cx - 2, cy - 2, 5, 5)
    if version >= 7:
        box(n - 11, 0, 3, 6)
        box(0, n - 11, 6, 3)
    return f


def read_text(matrix) -> str:
    """The text of a byte-mode QR code; ``matrix`` is rows of 0/1 (segno's ``QRCode.matrix``, no quiet zone)."""
    m = [[1 if v else 0 for v in row] for row in matrix]
    n = len(m)
    version = (n - 17) // 4
    # first copy of the format bits, bit i at these (x, y)
    spots = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    bits = sum(m[y][x] << i for i, (x, y) in enumerate(spots)) ^ 0x5412
    level, mask = bits >> 13, (bits >> 10) & 7
    func = _function_modules(n, version)
    stream = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not func[y][x]:
                    stream.append(m[y][x] ^ MASKS[mask](x, y))
        right -= 2
    codewords = [int("".join(map(str, stream[i:i + 8])), 2) for i in range(0, len(stream) - 7, 8)]
    sizes = [ec.num_data for ec in consts.ECC[version][level] for _ in range(ec.num_blocks)]
    blocks: list[list[int]] = [[] for _ in sizes]
    k = 0
    for i in range(max(sizes)):
        for b, size in enumerate(sizes):
            if i < size:
                blocks[b].append(codewords[k])
                k += 1
    data = "".join(f"{c:08b}" for block in blocks for c in block)
    if data[:4] != "0100":
        raise ValueError(f"not a byte-mode code (mode bits {data[:4]})")
    count_bits = 8 if version <= 9 else 16
    count = int(data[4:4 + count_bits], 2)
    start = 4 + count_bits
    raw = bytes(int(data[start + 8 * i:start + 8 * i + 8], 2) for i in range(count))
    return raw.decode("utf-8")
