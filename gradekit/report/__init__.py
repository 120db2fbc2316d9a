"""gradekit.report: renderers of an ``AssignmentResult`` (rich text, versioned JSON).

``render_text`` is imported on first use: it needs rich, which the JSON and CI formats never
load (every millisecond of ``gradekit check`` start-up counts).
"""

from typing import Any

from gradekit.report.json import OUTPUT_SCHEMA, SCHEMA_ID, render_json, result_to_dict

__all__ = ["OUTPUT_SCHEMA", "SCHEMA_ID", "render_json", "render_text", "result_to_dict"]


def __getattr__(name: str) -> Any:
    if name == "render_text":
        from gradekit.report.text import render_text

        return render_text
    raise AttributeError(f"module 'gradekit.report' has no attribute {name!r}")
