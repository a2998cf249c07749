"""A small PDF reader for the printing tests, and tests of the reader itself.

It reads what QPdfWriter writes: numbered objects, Flate streams, a page tree, Type0
fonts with ToUnicode CMaps. Text is decoded through the CMaps (the glyph ids in the
content streams mean nothing without them), so a name found here is real text in the
PDF. Filled shapes are collected with their fill colour and device-space bounds (the
current transformation matrix applied), which is how the scale bar is measured.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field

_OBJ = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)
_NUMBER = re.compile(rb"^[-+]?(\d+\.?\d*|\.\d+)$")
_SPACE = rb" \t\n\r\x0b\x0c"
_REGULAR = rb"[^" + _SPACE + rb"\[\]<>()/]"  # (a name's, a number's or an operator's)
_OPERAND = (  # an array whole, a dictionary's start, a hex string, a string, a name, a number
    rb"\[[^\]]*\]|<<|<[^>]*>|\([^)]*\)|/" + _REGULAR + rb"*"
    rb"|[-+]?(?:\d+\.?\d*|\.\d+)(?!" + _REGULAR + rb")"
)
_OPERANDS = re.compile(_OPERAND)
# The content streams read by regular expressions, an operation (its operands, then its
# operator) at a time: a kit's streams hold millions of bytes, and read a byte at a time
# they were most of the printing tests' time.
_OPERATION = re.compile(
    rb"((?:(?:" + _OPERAND + rb")[" + _SPACE + rb"]*)*)(>>|[^" + _SPACE + rb"]" + _REGULAR + rb"*)"
)


@dataclass
class FilledShape:
    """A filled path: its fill colour (r, g, b 0-1) and bounds in PDF points (y up)."""

    colour: tuple[float, ...]
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0


@dataclass
class Page:
    """One page: its media box, text runs (one per BT..ET block) and filled shapes."""

    media_box: tuple[float, float, float, float]
    texts: list[str] = field(default_factory=list)
    shapes: list[FilledShape] = field(default_factory=list)
    strokes: list[FilledShape] = field(default_factory=list)  # colour = stroke colour
    text_positions: list[tuple[str, float, float]] = field(default_factory=list)  # PDF points

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.media_box
        return (x1 - x0, y1 - y0)

    def text(self) -> str:
        return "\n".join(self.texts)


class Pdf:
    """The objects, pages and text of a PDF file written by Qt."""

    def __init__(self, data: bytes) -> None:
        assert data.startswith(b"%PDF-"), "not a PDF"
        self.data = data
        self.objects: dict[int, tuple[bytes, bytes | None]] = {}
        for m in _OBJ.finditer(data):
            body = m.group(2)
            stream = None
            if b"stream" in body:
                head, _, rest = body.partition(b"stream")
                rest = rest[2:] if rest.startswith(b"\r\n") else rest[1:]
                raw = rest[: rest.rindex(b"endstream")]
                stream = zlib.decompress(raw) if b"/FlateDecode" in head else raw
                body = head
            self.objects[int(m.group(1))] = (body, stream)
        self._cmaps: dict[int, dict[int, str]] = {}
        self.pages = [self._page(n) for n in self._page_order()]

    # ---- structure

    def count_page_objects(self) -> int:
        """Objects of /Type /Page (not /Pages)."""
        return sum(1 for body, _ in self.objects.values() if re.search(rb"/Type\s*/Page\b", body))

    def _page_order(self) -> list[int]:
        catalog = next(b for b, _ in self.objects.values() if b"/Type /Catalog" in b)
        root = int(re.search(rb"/Pages (\d+) 0 R", catalog).group(1))
        return list(self._kids(root))

    def _kids(self, number: int):
        body = self.objects[number][0]
        if re.search(rb"/Type\s*/Pages\b", body):
            kids = re.search(rb"/Kids\s*\[(.*?)\]", body, re.S).group(1)
            for ref in re.findall(rb"(\d+) 0 R", kids):
                yield from self._kids(int(ref))
        else:
            yield number

    def _resolve_dict(self, body: bytes, key: bytes) -> bytes:
        m = re.search(rb"/" + key + rb"\s+(\d+) 0 R", body)
        if m:
            return self.objects[int(m.group(1))][0]
        return body

    def _page(self, number: int) -> Page:
        body = self.objects[number][0]
        box = tuple(
            float(v) for v in re.search(rb"/MediaBox\s*\[([^\]]*)\]", body).group(1).split()
        )
        page = Page(box)  # type: ignore[arg-type]
        resources = self._resolve_dict(body, b"Resources")
        fonts: dict[bytes, int] = {}
        fm = re.search(rb"/Font\s*(\d+) 0 R", resources)
        font_dict = self.objects[int(fm.group(1))][0] if fm else resources
        for name, ref in re.findall(rb"/(F\d+)\s+(\d+) 0 R", font_dict):
            fonts[name] = int(ref)
        contents = re.search(rb"/Contents\s+(\d+) 0 R", body)
        if contents:
            self._run(self.objects[int(contents.group(1))][1] or b"", page, fonts)
        return page

    # ---- fonts

    def _cmap(self, font_number: int) -> dict[int, str]:
        if font_number not in self._cmaps:
            body = self.objects[font_number][0]
            m = re.search(rb"/ToUnicode (\d+) 0 R", body)
            mapping: dict[int, str] = {}
            if m:
                mapping = parse_cmap(self.objects[int(m.group(1))][1] or b"")
            self._cmaps[font_number] = mapping
        return self._cmaps[font_number]

    # ---- content streams

    def _run(self, stream: bytes, page: Page, fonts: dict[bytes, int]) -> None:
        ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        stack: list[tuple[list[float], tuple[float, ...], tuple[float, ...]]] = []
        fill: tuple[float, ...] = (0.0, 0.0, 0.0)
        stroke: tuple[float, ...] = (0.0, 0.0, 0.0)
        path: list[tuple[float, float]] = []
        font: int | None = None
        text: list[str] | None = None
        text_pos: tuple[float, float] | None = None
        text_matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        for run, op in _OPERATION.findall(stream):
            operands = _OPERANDS.findall(run) if run else []
            if op == b"q":
                stack.append((ctm[:], fill, stroke))
            elif op == b"Q":
                ctm, fill, stroke = stack.pop()
            elif op == b"cm":
                m = [float(v) for v in operands[-6:]]
                ctm = multiply(m, ctm)
            elif op in (b"scn", b"rg", b"sc"):
                fill = tuple(float(v) for v in operands if _NUMBER.match(v))
            elif op in (b"SCN", b"RG", b"SC"):
                stroke = tuple(float(v) for v in operands if _NUMBER.match(v))
            elif op in (b"m", b"l"):
                path.append(apply(ctm, float(operands[-2]), float(operands[-1])))
            elif op == b"c":
                path.append(apply(ctm, float(operands[-2]), float(operands[-1])))
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands[-4:])
                path += [apply(ctm, x, y), apply(ctm, x + w, y + h)]
            elif op in (b"f", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s"):
                if path:
                    xs, ys = [p[0] for p in path], [p[1] for p in path]
                    bounds = (min(xs), min(ys), max(xs), max(ys))
                    if op not in (b"S", b"s"):
                        page.shapes.append(FilledShape(fill, *bounds))
                    if op not in (b"f", b"f*"):
                        page.strokes.append(FilledShape(stroke, *bounds))
                path = []
            elif op == b"n":
                path = []
            elif op == b"BT":
                text, text_pos = [], None
                text_matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
            elif op == b"Tm":
                text_matrix = [float(v) for v in operands[-6:]]
            elif op == b"Tf":
                font = fonts.get(operands[-2][1:])
            elif op in (b"Tj", b"TJ") and text is not None and font is not None:
                cmap = self._cmap(font)
                for hexes in re.findall(rb"<([0-9A-Fa-f]*)>", b" ".join(operands)):
                    for i in range(0, len(hexes), 4):
                        text.append(cmap.get(int(hexes[i : i + 4], 16), "\ufffd"))
            elif op == b"Td" and text is not None and text_pos is None:
                # where the run starts on the page: text space -> user space -> page
                x, y = apply(text_matrix, float(operands[-2]), float(operands[-1]))
                text_pos = apply(ctm, x, y)
            elif op == b"ET" and text is not None:
                joined = "".join(text).replace("\t", " ")
                page.texts.append(joined)
                page.text_positions.append((joined, *(text_pos or (0.0, 0.0))))
                text = None


def parse_cmap(data: bytes) -> dict[int, str]:
    """Glyph code -> text from a ToUnicode CMap (bfchar and bfrange, both forms)."""
    out: dict[int, str] = {}

    def uni(hexes: bytes) -> str:
        return bytes.fromhex(hexes.decode()).decode("utf-16-be")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = uni(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for line in block.strip().splitlines():
            m = re.match(rb"\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(.*)", line)
            if not m:
                continue
            lo, hi, rest = int(m.group(1), 16), int(m.group(2), 16), m.group(3).strip()
            if rest.startswith(b"["):
                for k, dst in enumerate(re.findall(rb"<([0-9A-Fa-f]+)>", rest)):
                    out[lo + k] = uni(dst)
            else:
                start = re.match(rb"<([0-9A-Fa-f]+)>", rest).group(1)
                base = bytes.fromhex(start.decode()).decode("utf-16-be")
                for k in range(hi - lo + 1):
                    out[lo + k] = base[:-1] + chr(ord(base[-1]) + k)
    return out


def multiply(a: list[float], b: list[float]) -> list[float]:
    """The PDF matrix product a × b (a applied first)."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def hex_colour(colour: str) -> tuple[float, float, float]:
    """ "#rrggbb" as PDF fill components, for comparing with FilledShape.colour."""
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def same_colour(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 0.003 for x, y in zip(a, b, strict=True))


# --------------------------------------------------------------------------- the reader's tests


def test_cmap_ranges_and_chars_decode() -> None:
    # Given a CMap with an array range, a plain range and a single char
    cmap = (
        b"2 beginbfrange\n<0001> <0002> [<0041> <014C>]\n<0010> <0012> <0061>\nendbfrange\n"
        b"1 beginbfchar\n<0020> <0020>\nendbfchar\n"
    )
    # Then every code maps to its character
    assert parse_cmap(cmap) == {1: "A", 2: "Ō", 16: "a", 17: "b", 18: "c", 32: " "}


def test_reader_finds_text_written_by_qt(tmp_path, qapp) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainter, QPdfWriter

    import app.printing  # noqa: F401  (guards a PySide6 refcount bug)

    # Given a PDF with one text written by QPainter
    path = tmp_path / "t.pdf"
    writer = QPdfWriter(str(path))
    writer.setResolution(72)
    painter = QPainter(writer)
    painter.drawText(QPointF(100, 100), "Ōsaka Castle")
    painter.end()
    # When it is read back
    pdf = Pdf(path.read_bytes())
    # Then the text comes back through the ToUnicode map, and a made-up one does not
    assert "Ōsaka Castle" in pdf.pages[0].texts
    assert "Kyoto" not in pdf.pages[0].text()
    assert pdf.count_page_objects() == 1
