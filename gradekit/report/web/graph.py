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
from itertools import pairwise
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
    # The input's name, for a leaf (AccumulateGrad), when the stored graph has it. The
    # sandbox's graph records grad_fn names and links only, so today this is always None.
    input: str | None = None


class GraphDataError(ValueError):
    """Stored graph data that is not the sandbox's wire form."""


class GraphTooLarge(ValueError):
    """A graph whose layered layout would be too big to compute and to read."""

    def __init__(self, nodes: int, links: int) -> None:
        super().__init__(f"{nodes} nodes and {links} links: too large to draw")
        self.nodes = nodes


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
        label = item.get("input")
        nodes.append(
            GraphNode(item["name"], tuple(links), label if isinstance(label, str) else None)
        )
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


# --------------------------------------------------------------------------------------------
# Layered (Sugiyama-style) layout
# --------------------------------------------------------------------------------------------
#
# 1. layers: the longest distance from the output node (above);
# 2. an edge that spans several layers gets a *dummy* node in every layer it crosses, so it
#    is routed through a slot of its own in each of those layers instead of straight through
#    whatever box lies on the way;
# 3. crossing reduction: the barycenter heuristic, sweeping down and up a few times and
#    keeping the order with the fewest crossings;
# 4. x coordinates: each node is pulled towards the mean of its neighbours, then the layer is
#    packed left to right in its order, so boxes (and dummy slots) never overlap.
#
# Edges run between adjacent layers only, so a drawn segment lies in the gap between two
# layers or inside a dummy slot: it can only meet the boxes it connects.
# Parallel edges (``b * b`` links MulBackward0 to b's node twice) are one link drawn as that
# many parallel lines, PARALLEL_GAP apart.

PARALLEL_GAP = 8.0
PORT_GAP = 12.0  # between edge ends that meet one side of a box
DUMMY_WIDTH = 8.0
SWEEPS = 8
# Boxes plus dummy slots above which a graph is not drawn: a loop of hundreds of steps that
# reuses one input needs tens of thousands of dummies (seconds of layout for an unreadable
# picture).
MAX_LAYOUT_ITEMS = 2000


@dataclass(frozen=True)
class Box:
    """A node's rectangle (x, y: its top-left corner)."""

    index: int
    x: float
    y: float
    width: float
    height: float
    label: str
    kind: str  # output, op or leaf


@dataclass(frozen=True)
class EdgePath:
    """One drawn edge: from the input (``child``) up to the node that uses it (``parent``)."""

    child: int
    parent: int
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class GraphLayout:
    width: float
    height: float
    boxes: dict[int, Box]
    edges: list[EdgePath]


def node_label(node: GraphNode) -> str:
    """The text in a node's box: the grad_fn name, and the input's name for a leaf when the
    stored graph has it (``"input"`` in the wire form)."""
    if node.input is not None:
        return f"{node.input} ({node.name})"
    return node.name


def _crossings(upper: list, lower: list, links: dict) -> int:
    """Edge crossings between two adjacent layers (``links``: item -> items below it)."""
    position = {item: slot for slot, item in enumerate(lower)}
    pairs = [
        (top_slot, position[below])
        for top_slot, item in enumerate(upper)
        for below in links.get(item, ())
        if below in position
    ]
    return sum(
        1
        for first, (a_top, a_low) in enumerate(pairs)
        for b_top, b_low in pairs[first + 1 :]
        if (a_top - b_top) * (a_low - b_low) < 0
    )


def _barycenter_order(layer: list, neighbours: dict, position: dict) -> list:
    def key(item) -> tuple[float, int]:
        slots = [position[other] for other in neighbours.get(item, ()) if other in position]
        mean = sum(slots) / len(slots) if slots else position.get(item, 0)
        return (mean, position.get(item, 0))

    return sorted(layer, key=key)


def layout_graph(nodes: Sequence[GraphNode]) -> GraphLayout:
    """Boxes and edge paths of the graph (see the comment above for the method)."""
    layers = _layers(nodes)
    depth = {index: number for number, layer in enumerate(layers) for index in layer}
    # Links with their multiplicity, each split into one-layer steps through dummy nodes.
    multiplicity: dict[tuple[int, int], int] = {}
    for parent in depth:
        for child in nodes[parent].next:
            if child is not None and child in depth:
                multiplicity[(parent, child)] = multiplicity.get((parent, child), 0) + 1
    dummies = sum(max(depth[child] - depth[parent] - 1, 0) for parent, child in multiplicity)
    if len(depth) + dummies > MAX_LAYOUT_ITEMS:
        raise GraphTooLarge(len(depth), len(multiplicity))
    rows: list[list] = [list(layer) for layer in layers]
    down: dict = {}  # item -> items in the next layer below
    up: dict = {}
    chains: dict[tuple[int, int], list] = {}
    width_of: dict = {}
    for (parent, child), count in multiplicity.items():
        chain: list = [parent]
        for layer_number in range(depth[parent] + 1, depth[child]):
            dummy = ("dummy", parent, child, layer_number)
            rows[layer_number].append(dummy)
            width_of[dummy] = DUMMY_WIDTH + PARALLEL_GAP * (count - 1)
            chain.append(dummy)
        chain.append(child)
        chains[(parent, child)] = chain
        for above, below in pairwise(chain):
            down.setdefault(above, []).append(below)
            up.setdefault(below, []).append(above)
    for index in depth:
        width_of[index] = len(node_label(nodes[index])) * CHAR_WIDTH + 20

    # Crossing reduction: barycenter sweeps, keeping the best order seen.
    def total(order: list[list]) -> int:
        return sum(_crossings(a, b, down) for a, b in pairwise(order))

    best, best_crossings = [list(row) for row in rows], total(rows)
    for sweep in range(SWEEPS):
        downward = sweep % 2 == 0
        numbers = range(1, len(rows)) if downward else range(len(rows) - 2, -1, -1)
        for number in numbers:
            fixed = rows[number - 1] if downward else rows[number + 1]
            position = {item: slot for slot, item in enumerate(fixed)}
            own = {item: slot for slot, item in enumerate(rows[number])}
            slots = {**own, **position}
            rows[number] = _barycenter_order(rows[number], up if downward else down, slots)
        crossings = total(rows)
        if crossings < best_crossings:
            best, best_crossings = [list(row) for row in rows], crossings
    rows = best

    # x coordinates: start packed, then pull each item towards its neighbours' mean and pack
    # the layer again in order (never overlapping).
    centre: dict = {}
    for row in rows:
        x = 0.0
        for item in row:
            centre[item] = x + width_of[item] / 2
            x += width_of[item] + NODE_GAP

    def pack(row: list, wanted: dict) -> None:
        previous_right = None
        for item in row:
            half = width_of[item] / 2
            x = wanted[item]
            if previous_right is not None:
                x = max(x, previous_right + NODE_GAP + half)
            centre[item] = x
            previous_right = x + half

    for sweep in range(SWEEPS):
        numbers = range(len(rows)) if sweep % 2 == 0 else range(len(rows) - 1, -1, -1)
        for number in numbers:
            wanted = {}
            for item in rows[number]:
                others = [centre[o] for o in up.get(item, []) + down.get(item, [])]
                wanted[item] = sum(others) / len(others) if others else centre[item]
            pack(rows[number], wanted)
    left = min(centre[item] - width_of[item] / 2 for row in rows for item in row)
    right = max(centre[item] + width_of[item] / 2 for row in rows for item in row)
    shift = MARGIN - left
    width = right - left + 2 * MARGIN
    top = MARGIN + 18  # below the title
    height = top + len(rows) * NODE_HEIGHT + (len(rows) - 1) * LAYER_GAP + MARGIN

    def y_of(layer_number: int) -> float:
        return top + layer_number * (NODE_HEIGHT + LAYER_GAP)

    boxes = {}
    for index, layer_number in depth.items():
        name = nodes[index].name
        boxes[index] = Box(
            index=index,
            x=centre[index] - width_of[index] / 2 + shift,
            y=y_of(layer_number),
            width=width_of[index],
            height=NODE_HEIGHT,
            label=node_label(nodes[index]),
            kind="leaf" if name == "AccumulateGrad" else ("output" if index == 0 else "op"),
        )
    paths: list[tuple[int, int, list[tuple[float, float]]]] = []
    for (parent, child), chain in chains.items():
        count = multiplicity[(parent, child)]
        for copy in range(count):
            offset = (copy - (count - 1) / 2) * PARALLEL_GAP
            points: list[tuple[float, float]] = [(centre[child] + shift, y_of(depth[child]))]
            for dummy in reversed(chain[1:-1]):
                layer_number = dummy[3]
                x = centre[dummy] + shift + offset
                points.append((x, y_of(layer_number) + NODE_HEIGHT))
                points.append((x, y_of(layer_number)))
            points.append((centre[parent] + shift, y_of(depth[parent]) + NODE_HEIGHT))
            paths.append((child, parent, points))
    _spread_ports(paths, boxes)
    edges = [EdgePath(child, parent, tuple(points)) for child, parent, points in paths]
    return GraphLayout(width=width, height=height, boxes=boxes, edges=edges)


def _spread_ports(paths: list[tuple[int, int, list[tuple[float, float]]]], boxes: dict) -> None:
    """Spread the ends of the edges that meet one side of a box along that side, in the order
    of where each edge comes from, so that edges (and the copies of a parallel edge) arrive
    side by side instead of at one point."""
    ends: dict[tuple[int, str], list[tuple[float, int, int]]] = {}
    for number, (child, parent, points) in enumerate(paths):
        ends.setdefault((child, "top"), []).append((points[1][0], number, 0))
        ends.setdefault((parent, "bottom"), []).append((points[-2][0], number, -1))
    for (index, _side), items in ends.items():
        box = boxes[index]
        items.sort()
        spacing = min(PORT_GAP, (box.width - 16) / (len(items) - 1)) if len(items) > 1 else 0.0
        for slot, (_toward, number, end) in enumerate(items):
            x = box.x + box.width / 2 + (slot - (len(items) - 1) / 2) * spacing
            points = paths[number][2]
            points[end] = (x, points[end][1])


def render_graph_svg(nodes: Sequence[GraphNode], *, title: str) -> Markup:
    """An SVG picture of the graph; every label is escaped by :class:`SvgCanvas`."""
    if not nodes:
        return render_no_graph_svg(title=title)
    try:
        layout = layout_graph(nodes)
    except GraphTooLarge as error:
        return render_no_graph_svg(title=title, reason=f"a graph of {error}")
    canvas = SvgCanvas(layout.width, layout.height, title=title, css_class="graph")
    canvas.text(MARGIN, MARGIN + 8, title, css_class="graph-title")
    for edge in layout.edges:
        canvas.path(edge.points, css_class="edge", marker_end="url(#arrow)")
    for box in sorted(layout.boxes.values(), key=lambda box: box.index):
        canvas.box(
            box.x, box.y, box.width, box.height, box.label, css_class=f"node node-{box.kind}"
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
