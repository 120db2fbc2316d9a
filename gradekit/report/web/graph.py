"""Pictures of autograd graphs: a layered layout of grad_fn nodes, drawn as SVG.

The input is the sandbox's wire form of a graph (``CallOutcome.graph``, stored as JSON):
a list of ``{"name": "MulBackward0", "next": [1, None, 2]}`` in breadth-first order from the
returned tensor's ``grad_fn`` (index 0); ``next`` holds the indices of ``next_functions``.
Like torchviz, the output node sits at the top and its inputs hang below it, with
``AccumulateGrad`` (a leaf that requires grad) drawn in a different colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from gradekit.report.web.svg import SvgCanvas

NODE_HEIGHT = 28
LAYER_GAP = 56
NODE_GAP = 18
CHAR_WIDTH = 7.2  # of the 12px monospace label font
MARGIN = 12


@dataclass(frozen=True)
class GraphNode:
    name: str
    next: tuple[int | None, ...]


class GraphDataError(ValueError):
    """Stored graph data that is not the sandbox's wire form."""


def parse_graph(data: Any) -> list[GraphNode]:
    """Validate wire-form graph data (see the module docstring) into nodes."""
    if not isinstance(data, list):
        raise GraphDataError(f"a graph is a list of nodes, got {type(data).__name__}")
    nodes = []
    for position, item in enumerate(data):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise GraphDataError(f"graph node {position} has no string 'name'")
        links = item.get("next", [])
        if not isinstance(links, list) or not all(
            link is None or (type(link) is int and 0 <= link < len(data)) for link in links
        ):
            raise GraphDataError(f"graph node {position}: 'next' must list node indices or null")
        nodes.append(GraphNode(item["name"], tuple(links)))
    return nodes


def _layers(nodes: Sequence[GraphNode]) -> list[list[int]]:
    """Nodes grouped by their longest distance from the output node (index 0).

    Longest rather than shortest distance keeps every edge pointing downwards, as in torchviz.
    Graphs are acyclic, but the depth is capped at the node count in case stored data is not.
    """
    depth = {0: 0}
    changed = True
    rounds = 0
    while changed and rounds <= len(nodes):
        changed = False
        rounds += 1
        for index in list(depth):
            for child in nodes[index].next:
                if child is not None and depth.get(child, -1) < depth[index] + 1:
                    depth[child] = depth[index] + 1
                    changed = True
    layers: list[list[int]] = [[] for _ in range(max(depth.values()) + 1)]
    for index in sorted(depth):
        layers[depth[index]].append(index)
    return layers


def _order_by_parents(layers: list[list[int]], nodes: Sequence[GraphNode]) -> None:
    """Order each layer by the mean position of its parents, to reduce edge crossings."""
    position = {index: slot for slot, index in enumerate(layers[0])}
    for layer_number in range(1, len(layers)):
        parents: dict[int, list[int]] = {}
        for parent in layers[layer_number - 1]:
            for child in nodes[parent].next:
                if child is not None:
                    parents.setdefault(child, []).append(position[parent])
        layers[layer_number].sort(
            key=lambda index: sum(parents.get(index, [0])) / max(len(parents.get(index, [])), 1)
        )
        position.update({index: slot for slot, index in enumerate(layers[layer_number])})


def render_graph_svg(nodes: Sequence[GraphNode], *, title: str) -> Markup:
    """An SVG picture of the graph; every label is escaped by :class:`SvgCanvas`."""
    if not nodes:
        return render_no_graph_svg(title=title)
    layers = _layers(nodes)
    _order_by_parents(layers, nodes)
    widths = {i: len(nodes[i].name) * CHAR_WIDTH + 20 for layer in layers for i in layer}
    row_widths = [sum(widths[i] for i in layer) + NODE_GAP * (len(layer) - 1) for layer in layers]
    width = max(row_widths) + 2 * MARGIN
    height = len(layers) * NODE_HEIGHT + (len(layers) - 1) * LAYER_GAP + 2 * MARGIN + 18
    canvas = SvgCanvas(width, height, title=title, css_class="graph")
    centres: dict[int, tuple[float, float]] = {}
    for layer_number, layer in enumerate(layers):
        x = MARGIN + (width - 2 * MARGIN - row_widths[layer_number]) / 2
        y = MARGIN + 18 + layer_number * (NODE_HEIGHT + LAYER_GAP)
        for index in layer:
            centres[index] = (x + widths[index] / 2, y + NODE_HEIGHT / 2)
            x += widths[index] + NODE_GAP
    canvas.text(MARGIN, MARGIN + 8, title, css_class="graph-title")
    for index, node in enumerate(nodes):
        if index not in centres:
            continue
        for child in node.next:
            if child is not None and child in centres:
                (x1, y1), (x2, y2) = centres[child], centres[index]
                canvas.arrow(x1, y1 - NODE_HEIGHT / 2, x2, y2 + NODE_HEIGHT / 2)
    for index, (cx, cy) in centres.items():
        name = nodes[index].name
        kind = "leaf" if name == "AccumulateGrad" else ("output" if index == 0 else "op")
        canvas.box(
            cx - widths[index] / 2,
            cy - NODE_HEIGHT / 2,
            widths[index],
            NODE_HEIGHT,
            name,
            css_class=f"node node-{kind}",
        )
    return canvas.markup()


def render_no_graph_svg(*, title: str, reason: str = "no grad_fn: a leaf tensor") -> Markup:
    """The picture for a result that carries no graph at all (for example a detached result)."""
    canvas = SvgCanvas(max(len(reason), len(title)) * CHAR_WIDTH + 40, 84, title=title)
    canvas.text(MARGIN, MARGIN + 8, title, css_class="graph-title")
    canvas.box(MARGIN, 34, len(reason) * CHAR_WIDTH + 20, NODE_HEIGHT, reason, css_class="node")
    return canvas.markup()


def graph_from_answer(summary: dict[str, Any]) -> list[GraphNode] | None:
    """The graph recorded with an answer summary: the full graph when the gradebook stored one
    (``summary["graph"]``), else the single ``grad_fn`` node, else None (no tensor answer)."""
    if summary.get("graph") is not None:
        return parse_graph(summary["graph"])
    if summary.get("kind") != "tensor":
        return None
    if summary.get("grad_fn"):
        return [GraphNode(str(summary["grad_fn"]), ())]
    return []
