"""Charts as inline SVG, drawn on the server by matplotlib (its SVG backend, no display).

Each chart is an ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` (its text
alternative), scales to its container, and keeps its ids apart from the other charts' on the
page. Text stays text, drawn in the reader's sans-serif: the page loads no font. Figures are made
without pyplot, so no display and no global figure state are involved (safe on threads).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

# Okabe–Ito: told apart by people with any common colour-vision deficiency.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
# Text as <text>, not paths: selectable, smaller, and drawn in the reader's own sans-serif.
_RC: dict[Any, Any] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "oomguide",
    "font.size": 10,
    "font.family": "sans-serif",
}
_ID = re.compile(r'id="([^"]+)"')


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]


@dataclass(frozen=True)
class Chart:
    """What a chart shows, in words: title, axis labels, and its text alternative."""

    key: str  # unique on the page: prefixes the SVG's ids
    title: str
    x_label: str
    y_label: str
    description: str


def bars(
    chart: Chart,
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    horizontal: bool = False,
    stacked: bool = False,
) -> str:
    """A bar chart (grouped or stacked, vertical or horizontal) as inline SVG."""
    rows = max(len(categories), 1)
    height = max(2.2, 0.32 * rows + 1.2) if horizontal else 3.6
    with matplotlib.rc_context(_RC):
        # Margins set by hand: a layout engine would double the time each chart takes.
        figure = Figure(figsize=(6.4, height))
        longest = max((len(c) for c in categories), default=1)
        left = min(0.5, 0.1 + 0.0125 * longest) if horizontal else 0.1
        bottom = 0.6 / height if horizontal else 0.3
        figure.subplots_adjust(left=left, right=0.97, top=1 - 0.45 / height, bottom=bottom)
        axes = figure.add_subplot()
        _draw(axes, categories, series, horizontal=horizontal, stacked=stacked)
        axes.set_title(chart.title, loc="left", fontweight="bold")
        axes.set_xlabel(chart.x_label)
        axes.set_ylabel(chart.y_label)
        axes.spines[["top", "right"]].set_visible(False)
        if len(series) > 1:
            axes.legend(loc="best", frameon=True, framealpha=0.95, fontsize=9)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return _accessible(buffer.getvalue(), chart)


def _draw(
    axes: Axes,
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    horizontal: bool,
    stacked: bool,
) -> None:
    positions = list(range(len(categories)))
    width = 0.8 if stacked else 0.8 / max(len(series), 1)
    base = [0.0] * len(categories)
    for index, one in enumerate(series):
        color = PALETTE[index % len(PALETTE)]
        offset = 0.0 if stacked else (index - (len(series) - 1) / 2) * width
        where = [p + offset for p in positions]
        if horizontal:
            axes.barh(where, one.values, height=width, left=base, label=one.label, color=color)
        else:
            axes.bar(where, one.values, width=width, bottom=base, label=one.label, color=color)
        if stacked:
            base = [b + v for b, v in zip(base, one.values, strict=True)]
    if horizontal:
        axes.set_yticks(positions, list(categories))
        axes.invert_yaxis()  # the first category on top, as it is read
    else:
        axes.set_xticks(positions, list(categories), rotation=30 if len(categories) > 4 else 0)


def _accessible(svg: str, chart: Chart) -> str:
    """The SVG as a scalable image with its words, and with ids of its own."""
    svg = svg[svg.index("<svg") :]
    for found in set(_ID.findall(svg)):
        svg = svg.replace(f'id="{found}"', f'id="{chart.key}-{found}"')
        svg = svg.replace(f'"#{found}"', f'"#{chart.key}-{found}"')
        svg = svg.replace(f"url(#{found})", f"url(#{chart.key}-{found})")
    head_end = svg.index(">") + 1
    head = re.sub(r'\s(width|height)="[^"]*"', "", svg[:head_end])
    title_id, desc_id = f"{chart.key}-title", f"{chart.key}-desc"
    head = head.replace(
        "<svg",
        f'<svg role="img" aria-labelledby="{title_id} {desc_id}" class="chart"',
        1,
    )
    words = (
        f'<title id="{title_id}">{escape(chart.title)}</title>'
        f'<desc id="{desc_id}">{escape(chart.description)}</desc>'
    )
    return head + words + svg[head_end:]
