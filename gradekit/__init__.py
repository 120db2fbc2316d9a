"""gradekit: an autograder for PyTorch tensor and autograd exercises.

Packages, in the order data flows through them:
spec (YAML assignments) -> grading.cases -> sandbox (runs student code) ->
grading.verdicts -> report (renderers); cli.py is a thin layer on top.
engine is the standalone torch-compatible reference engine; it imports nothing else from gradekit.
"""

__version__ = "0.1.0"
