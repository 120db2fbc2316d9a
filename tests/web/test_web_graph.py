"""Computation-graph pictures: layout and SVG from real autograd graphs."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.report.web.graph import (
    GraphDataError,
    GraphNode,
    graph_from_answer,
    parse_graph,
    render_graph_svg,
)
from gradekit.sandbox.executor import BackendView, observe_graph

SVG = "{http://www.w3.org/2000/svg}"


def _program(torch):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    return ((x * w).sum() + x.pow(2).mean()).exp()


def _wire(tensor, backend) -> list[dict]:
    return [
        {"name": node.name, "next": list(node.next)}
        for node in observe_graph(tensor, BackendView(backend))
    ]


def _svg_texts(markup: str) -> list[str]:
    root = ElementTree.fromstring(str(markup))
    return [element.text for element in root.iter(f"{SVG}text")]


def test_engine_graph_is_drawn_with_grad_fn_names() -> None:
    nodes = parse_graph(_wire(_program(engine), engine))
    svg = render_graph_svg(nodes, title="graph")
    texts = _svg_texts(svg)
    for name in ("ExpBackward0", "AddBackward0", "SumBackward0", "MeanBackward0"):
        assert name in texts
    assert texts.count("AccumulateGrad") == 2
    edges = sum(1 for node in nodes for link in node.next if link is not None)
    assert str(svg).count('class="edge"') == edges


@pytest.mark.torch
def test_the_picture_of_a_torch_graph_matches_the_engines() -> None:
    torch = pytest.importorskip("torch", reason="the engine-vs-torch graph check needs torch")
    engine_svg = render_graph_svg(parse_graph(_wire(_program(engine), engine)), title="g")
    torch_svg = render_graph_svg(parse_graph(_wire(_program(torch), torch)), title="g")
    assert str(engine_svg) == str(torch_svg)


def test_output_node_is_on_top_and_leaves_at_the_bottom() -> None:
    nodes = parse_graph(_wire(_program(engine), engine))
    root = ElementTree.fromstring(str(render_graph_svg(nodes, title="g")))
    heights = {}
    for group in root.iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        label = group.find(f"{SVG}text").text
        heights.setdefault(label, []).append(float(rect.get("y")))
    assert max(heights["ExpBackward0"]) < min(heights["AddBackward0"])
    assert min(heights["AccumulateGrad"]) > max(heights["MulBackward0"])


def test_labels_are_escaped() -> None:
    svg = str(render_graph_svg([GraphNode("<script>x</script>", ())], title="a & <b>"))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ElementTree.fromstring(svg)


@pytest.mark.parametrize(
    "data",
    [{"name": "x"}, [{"next": []}], [{"name": "A", "next": [3]}], [{"name": "A", "next": ["0"]}]],
)
def test_malformed_graph_data_is_rejected(data) -> None:
    with pytest.raises(GraphDataError):
        parse_graph(data)


def test_graph_from_answer_falls_back_to_the_grad_fn() -> None:
    assert graph_from_answer({"kind": "tensor", "grad_fn": "MulBackward0"}) == [
        GraphNode("MulBackward0", ())
    ]
    assert graph_from_answer({"kind": "tensor", "grad_fn": None}) == []
    assert graph_from_answer({"kind": "raised", "type": "ValueError"}) is None


@st.composite
def dags(draw) -> list[dict]:
    """Random graphs in wire form whose links only point to later nodes (like BFS order)."""
    size = draw(st.integers(1, 12))
    nodes = []
    for index in range(size):
        later = (
            st.one_of(st.none(), st.integers(index + 1, size - 1))
            if index < size - 1
            else st.none()
        )
        nodes.append(
            {
                "name": draw(st.text(min_size=1, max_size=20)),
                "next": draw(st.lists(later, max_size=3)),
            }
        )
    return nodes


@settings(max_examples=60, deadline=None)
@given(dags())
def test_any_graph_renders_as_well_formed_svg_with_every_reachable_node(data) -> None:
    nodes = parse_graph(data)
    svg = render_graph_svg(nodes, title="g")
    root = ElementTree.fromstring(str(svg))  # well-formed whatever the names contain
    drawn = [group.find(f"{SVG}text").text or "" for group in root.iter(f"{SVG}g")]
    reachable, frontier = {0}, [0]
    while frontier:
        for link in nodes[frontier.pop()].next:
            if link is not None and link not in reachable:
                reachable.add(link)
                frontier.append(link)
    assert len(drawn) == len(reachable)


# --------------------------------------------------------------------------------------------
# Layered layout geometry: edges never cross a box they do not connect
# --------------------------------------------------------------------------------------------


def _segment_enters(start, end, box, inset: float = 0.5) -> bool:
    """Whether the segment meets the box's interior (shrunk by ``inset``): Liang-Barsky."""
    left, right = box.x + inset, box.x + box.width - inset
    top, bottom = box.y + inset, box.y + box.height - inset
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _check_geometry(nodes) -> None:
    from gradekit.report.web.graph import layout_graph

    layout = layout_graph(nodes)
    boxes = list(layout.boxes.values())
    for number, first in enumerate(boxes):  # boxes never overlap
        for second in boxes[number + 1 :]:
            apart = (
                first.x + first.width <= second.x
                or second.x + second.width <= first.x
                or first.y + first.height <= second.y
                or second.y + second.height <= first.y
            )
            assert apart, (first, second)
    for edge in layout.edges:
        child, parent = layout.boxes[edge.child], layout.boxes[edge.parent]
        (x_start, y_start), (x_end, y_end) = edge.points[0], edge.points[-1]
        assert y_start == child.y and child.x < x_start < child.x + child.width
        assert y_end == parent.y + parent.height and parent.x < x_end < parent.x + parent.width
        for start, end in zip(edge.points, edge.points[1:], strict=False):
            for box in boxes:
                assert not _segment_enters(start, end, box), (edge, box)
    # Parallel links are drawn as distinct paths.
    paths: dict = {}
    for edge in layout.edges:
        paths.setdefault((edge.child, edge.parent), []).append(edge.points)
    for drawn in paths.values():
        assert len(set(drawn)) == len(drawn)


@settings(max_examples=150, deadline=None)
@given(dags())
def test_no_edge_crosses_a_box_it_does_not_connect(data) -> None:
    _check_geometry(parse_graph(data))


def _weird(torch):
    """The audit's graph: a shared input (x twice), a squared input (b * b)."""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a = torch.tensor([0.5, -1.0], requires_grad=True)
    b = torch.tensor([2.0, 3.0], requires_grad=True)
    return (x * a).exp().sin() + b * b - x


def test_the_audit_graph_routes_the_long_edge_around_the_add_node() -> None:
    from gradekit.report.web.graph import layout_graph

    nodes = parse_graph(_wire(_weird(engine), engine))
    _check_geometry(nodes)
    layout = layout_graph(nodes)
    names = {index: nodes[index].name for index in layout.boxes}
    sub = next(i for i, name in names.items() if name == "SubBackward0")
    add = next(i for i, name in names.items() if name == "AddBackward0")
    long_edges = [e for e in layout.edges if e.parent == sub and names[e.child] == "AccumulateGrad"]
    [x_edge] = long_edges
    assert len(x_edge.points) > 2  # routed through dummy slots, not a straight line
    assert not any(
        _segment_enters(s, e, layout.boxes[add])
        for s, e in zip(x_edge.points, x_edge.points[1:], strict=False)
    )
    pairs: dict = {}
    for edge in layout.edges:
        pairs.setdefault((edge.child, edge.parent), []).append(edge)
    assert any(len(edges) == 2 for edges in pairs.values())  # b * b: two lines
    svg = str(render_graph_svg(nodes, title="g"))
    edges = sum(1 for node in nodes for link in node.next if link is not None)
    assert svg.count('class="edge"') == edges


def test_a_leaf_shows_its_input_name_when_the_graph_has_it() -> None:
    nodes = parse_graph(
        [
            {"name": "MulBackward0", "next": [1]},
            {"name": "AccumulateGrad", "next": [], "input": "x"},
        ]
    )
    assert "x (AccumulateGrad)" in _svg_texts(render_graph_svg(nodes, title="g"))


def test_a_huge_graph_is_not_drawn() -> None:
    size = 400  # every step reuses the last input: tens of thousands of dummy slots
    data = [
        {"name": "MulBackward0", "next": [step + 1 if step + 1 < size - 1 else None, size - 1]}
        for step in range(size - 1)
    ] + [{"name": "AccumulateGrad", "next": []}]
    svg = str(render_graph_svg(parse_graph(data), title="g"))
    assert "too large to draw" in svg
