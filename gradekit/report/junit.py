"""``gradekit check --format junit``: JUnit XML for the test views of GitHub, GitLab and Jenkins.

The layout is the common denominator those views read: ``<testsuites>`` holding one
``<testsuite>`` (the assignment) of ``<testcase>`` elements (the graded tests), each with a
``<failure>`` (wrong answer) or ``<error>`` (could not run) child when it did not pass, plus the
submission's output in ``<system-out>`` / ``<system-err>``. Points are not part of JUnit, so they
go into each test case's ``<system-out>`` and the suite's ``<properties>``.

ElementTree escapes ``& < > "`` in text and attributes; characters XML 1.0 cannot hold at all
(most control characters) are dropped first, so any student string yields well-formed XML.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

from gradekit.grading.verdicts import AssignmentResult
from gradekit.report._common import GradedTest, graded_tests, number

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_junit(result: AssignmentResult, now: datetime | None = None) -> str:
    """The JUnit XML document (UTF-8 text with an XML declaration)."""
    tests = graded_tests(result)
    failures = sum(1 for test in tests if test.status == "fail")
    errors = sum(1 for test in tests if test.status == "error")
    counts = {
        "tests": str(len(tests)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": "0",
        "time": _seconds(result.duration),
    }
    root = ET.Element("testsuites", {"name": "gradekit", **counts})
    suite = ET.SubElement(
        root,
        "testsuite",
        {
            "name": xml_text(result.assignment_title),
            **counts,
            "timestamp": (now or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%S"),
        },
    )
    properties = ET.SubElement(suite, "properties")
    for name, value in (
        ("assignment", result.assignment_id),
        ("submission", result.submission),
        ("backend", result.backend),
        ("score", str(number(result.score))),
        ("max_score", str(number(result.max_score))),
    ):
        ET.SubElement(properties, "property", {"name": name, "value": xml_text(value)})
    for test in tests:
        suite.append(_testcase(test, result))
    if result.stdout:
        ET.SubElement(suite, "system-out").text = xml_text(result.stdout)
    if result.stderr:
        ET.SubElement(suite, "system-err").text = xml_text(result.stderr)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (ElementTree escapes the rest), with line
    ends as ``\n`` (what every XML parser turns them into anyway)."""
    return _NOT_XML.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def _testcase(test: GradedTest, result: AssignmentResult) -> ET.Element:
    attributes = {
        "classname": xml_text(f"gradekit.{result.assignment_id}.{test.exercise_id}"),
        "name": xml_text(test.name),
        "time": _seconds(test.duration),
        "file": xml_text(result.submission),
    }
    if test.line:
        attributes["line"] = str(test.line)
    case = ET.Element("testcase", attributes)
    if test.status != "pass":
        kind = "error" if test.status == "error" else "failure"
        first_line = test.message.splitlines()[0] if test.message else test.status
        problem = ET.SubElement(
            case, kind, {"message": xml_text(first_line), "type": f"gradekit.{test.status}"}
        )
        problem.text = xml_text(test.message)
    points = f"points: {number(test.score)}/{number(test.max_score)}"
    ET.SubElement(case, "system-out").text = points
    return case


def _seconds(duration: float) -> str:
    return f"{max(duration, 0.0):.3f}"
