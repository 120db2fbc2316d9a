"""gradekit.report: renderers of an ``AssignmentResult`` (rich text, versioned JSON)."""

from gradekit.report.json import OUTPUT_SCHEMA, SCHEMA_ID, render_json, result_to_dict
from gradekit.report.text import render_text

__all__ = ["OUTPUT_SCHEMA", "SCHEMA_ID", "render_json", "render_text", "result_to_dict"]
