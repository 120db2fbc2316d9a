"""A small model of how GitHub Actions and the Classroom grading reporter read gradekit's output.

* :func:`workflow_commands` parses a step's log the way the runner does: ``::name k=v::message``
  lines are commands, except between ``::stop-commands::TOKEN`` and ``::TOKEN::``.
* :func:`read_step_outputs` parses a ``$GITHUB_OUTPUT`` file (``name=value`` lines).
* :func:`reporter_totals` is what classroom-resources/autograding-grading-reporter computes from a
  runner's ``<ID>_RESULTS`` value (notify-classroom.js and main.js, per the ecosystem notes §2.2):
  totalPoints = sum of tests[].score, maxPoints = the result's max_score, and the run fails when
  the status is fail or error.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from pathlib import Path

_COMMAND = re.compile(r"^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$")


@dataclass
class WorkflowCommand:
    name: str
    properties: dict[str, str]
    message: str


def _unescape_data(text: str) -> str:
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _unescape_property(text: str) -> str:
    return _unescape_data(text.replace("%3A", ":").replace("%2C", ","))


def workflow_commands(log: str) -> list[WorkflowCommand]:
    commands: list[WorkflowCommand] = []
    stop_token: str | None = None
    # The runner reads lines ending in \n, \r\n or a lone \r (not the other separators
    # str.splitlines knows), so split on exactly those.
    for line in re.split(r"\r\n|\r|\n", log):
        if stop_token is not None:
            if line == f"::{stop_token}::":
                stop_token = None
            continue
        match = _COMMAND.match(line)
        if not match:
            continue
        name, props, message = match.groups()
        if name == "stop-commands":
            stop_token = message
            continue
        properties = {}
        for item in (props or "").split(","):
            if "=" in item:
                key, value = item.split("=", 1)
                properties[key] = _unescape_property(value)
        commands.append(WorkflowCommand(name, properties, _unescape_data(message)))
    return commands


def read_step_outputs(path: Path) -> dict[str, str]:
    outputs = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, _, value = line.partition("=")
        outputs[name] = value
    return outputs


@dataclass
class ReporterTotals:
    total_points: float
    max_points: float
    failed: bool
    errored: bool


def reporter_totals(encoded_result: str) -> ReporterTotals:
    results = json.loads(base64.b64decode(encoded_result).decode("utf-8"))
    len(results["tests"])  # the reporter's console table reads tests.length and throws without
    total = sum(test["score"] for test in results["tests"]) if results["max_score"] else 0
    return ReporterTotals(
        total_points=total,
        max_points=results["max_score"],
        failed=results["status"] == "fail",
        errored=results["status"] == "error",
    )
