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
