"""JUnit XML: the structure GitHub, GitLab and Jenkins test views read, and safe escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st
from report_builders import HOSTILE, assignment, case, exercise, mixed_result

from gradekit.report.junit import render_junit, xml_text


def parse(result) -> ET.Element:
    text = render_junit(result)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(text.encode("utf-8"))


def test_suite_structure_and_counts():
    root = parse(mixed_result())
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    for element in (root, suite):
        assert element.get("tests") == "5"
        assert element.get("failures") == "3"
        assert element.get("errors") == "1"
        assert element.get("skipped") == "0"
        assert float(element.get("time")) >= 0
    cases = suite.findall("testcase")
    assert len(cases) == 5
    for testcase in cases:
        assert testcase.get("name") and testcase.get("classname").startswith("gradekit.tiny.")
        float(testcase.get("time"))
    assert cases[0].find("failure") is None and cases[0].find("error") is None
    assert cases[1].find("failure").get("message") == "1 of 2 cases pass"
    assert cases[3].find("error") is not None
    assert cases[4].get("line") == "7"
    properties = {p.get("name"): p.get("value") for p in suite.find("properties")}
    assert properties["score"] == "3.4" and properties["max_score"] == "10"
    assert [c.find("system-out").text for c in cases][:2] == ["points: 1/1", "points: 0.8/1.6"]


def test_hostile_student_text_round_trips():
    message = HOSTILE + "\x00\x07 after"
    result = assignment([exercise("a", [case("x", False, message=message)])], stdout=message)
    root = parse(result)
    suite = root.find("testsuite")
    failure = suite.find("testcase/failure")
    assert xml_text(message) in failure.text
    assert suite.find("system-out").text == xml_text(message)
    assert "\x00" not in render_junit(result)


@given(st.text() | st.text(alphabet="\r\n\x00\x1b<>&]\"'", max_size=20))
def test_any_student_text_gives_well_formed_xml(text):
    result = assignment([exercise("a", [case("x", False, message=text)])], stdout=text)
    result.assignment_title = text or "t"
    root = parse(result)
    assert root.find("testsuite/testcase/failure").text.endswith(xml_text(text))
