"""Server-side SVG: a tiny canvas that escapes every text and attribute, and the charts.

No JavaScript chart library: the report must work offline and from ``file://``, and an SVG
written on the server is also what the static export ships.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from markupsafe import Markup, escape

# Characters XML 1.0 forbids (C0 controls but tab, newline, return): shown as U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: object) -> Markup:
    """``value`` escaped for SVG text or attributes, with XML-illegal characters replaced."""
    return escape(_NOT_XML.sub("\ufffd", str(value)))


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class SvgCanvas:
    """Collects SVG elements. Text and attribute values always go through ``escape``."""

    def __init__(self, width: float, height: float, *, title: str, css_class: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self.css_class = css_class
        self.parts: list[str] = []

    def _attributes(self, **attributes: object) -> str:
        return " ".join(
            f'{name.rstrip("_").replace("_", "-")}="{_text(value)}"'
            for name, value in attributes.items()
            if value is not None
        )

    def _element(self, tag: str, content: str | None = None, **attributes: object) -> None:
        numbers = {
            name: _number(value) if isinstance(value, float | int) else value
            for name, value in attributes.items()
        }
        opening = f"<{tag} {self._attributes(**numbers)}"
        self.parts.append(f"{opening}/>" if content is None else f"{opening}>{content}</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: object) -> None:
        self._element("rect", x=x, y=y, width=width, height=height, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: object) -> None:
        self._element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def text(self, x: float, y: float, content: str, **attributes: object) -> None:
        css_class = attributes.pop("css_class", None)
        self._element("text", str(_text(content)), x=x, y=y, class_=css_class, **attributes)

    def tooltip_rect(
        self, x: float, y: float, width: float, height: float, tooltip: str, css_class: str
    ) -> None:
        content = f"<title>{_text(tooltip)}</title>"
        self._element("rect", content, x=x, y=y, width=width, height=height, class_=css_class)

    def path(
        self, points: Sequence[tuple[float, float]], *, css_class: str, **attributes: object
    ) -> None:
        """A polyline through ``points`` (straight segments), unfilled."""
        d = " ".join(
            f"{'M' if n == 0 else 'L'} {_number(x)} {_number(y)}" for n, (x, y) in enumerate(points)
        )
        self._element("path", d=d, class_=css_class, fill="none", **attributes)

    def arrow(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.line(x1, y1, x2, y2, class_="edge", marker_end="url(#arrow)")

    def box(
        self, x: float, y: float, width: float, height: float, label: str, *, css_class: str
    ) -> None:
        self.parts.append(f"<g {self._attributes(class_=css_class)}>")
        self.rect(x, y, width, height, rx=4)
        self.text(x + width / 2, y + height / 2 + 4, label, text_anchor="middle")
        self.parts.append("</g>")

    def markup(self) -> Markup:
        defs = (
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7"'
            ' markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/>'
            "</marker></defs>"
        )
        header = self._attributes(
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"0 0 {_number(self.width)} {_number(self.height)}",
            width=_number(self.width),
            height=_number(self.height),
            role="img",
            class_=self.css_class or None,
        )
        return Markup(
            f"<svg {header}><title>{_text(self.title)}</title>{defs}{''.join(self.parts)}</svg>"
        )


def count_ticks(tallest: int) -> list[int]:
    """Evenly spaced ticks from 0 for a count axis up to ``tallest``: a step of 1, 2 or 5
    times a power of ten, so that there are at most five steps (3 -> 0 1 2 3, 7 -> 0 2 4 6,
    40 -> 0 10 20 30 40)."""
    magnitude = 1
    while True:
        for step in (magnitude, 2 * magnitude, 5 * magnitude):
            if tallest <= 5 * step:
                return list(range(0, tallest + 1, step))
        magnitude *= 10


def histogram_svg(bins: Sequence[dict[str, float]], *, max_score: float) -> Markup:
    """Bar chart of the score distribution (``class_overview().histogram``)."""
    width, height = 560, 220
    left, right, top, bottom = 40, 20, 14, 40
    canvas = SvgCanvas(width, height, title="Score distribution", css_class="chart histogram")
    plot_width, plot_height = width - left - right, height - top - bottom
    tallest = max((int(b["count"]) for b in bins), default=0) or 1
    canvas.line(left, top + plot_height, left + plot_width, top + plot_height, class_="axis")
    canvas.line(left, top, left, top + plot_height, class_="axis")
    for tick in count_ticks(tallest):
        y = top + plot_height - plot_height * tick / tallest
        canvas.text(left - 6, y + 4, str(tick), text_anchor="end", css_class="tick")
    bar_width = plot_width / max(len(bins), 1)
    for number, item in enumerate(bins):
        count = int(item["count"])
        bar_height = plot_height * count / tallest
        x = left + number * bar_width
        canvas.tooltip_rect(
            x + 2,
            top + plot_height - bar_height,
            bar_width - 4,
            bar_height,
            f"{_number(item['low'])}–{_number(item['high'])} points: {count} student(s)",
            "bar",
        )
        # Ticks sit on the bin edges: each bin's lower bound, then max_score at the end.
        canvas.text(
            x, top + plot_height + 14, _number(item["low"]), text_anchor="middle", css_class="tick"
        )
    canvas.text(
        left + plot_width,
        top + plot_height + 14,
        _number(max_score),
        text_anchor="middle",
        css_class="tick",
    )
    canvas.text(
        left + plot_width / 2,
        height - 6,
        "score (points)",
        text_anchor="middle",
        css_class="axis-label",
    )
    return canvas.markup()


def pass_rate_svg(rate: float | None, *, width: int = 120) -> Markup:
    """A small horizontal bar for one exercise's pass rate (0..1)."""
    canvas = SvgCanvas(width, 14, title=f"pass rate {_percent(rate)}", css_class="rate")
    canvas.rect(0, 1, width, 12, class_="rate-track", rx=2)
    if rate:
        canvas.rect(0, 1, width * rate, 12, class_="rate-fill", rx=2)
    return canvas.markup()


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{rate * 100:.0f}%"
