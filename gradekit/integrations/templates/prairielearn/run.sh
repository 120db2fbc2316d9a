#!/usr/bin/env bash
# PrairieLearn's external grader runs this as the entrypoint (/grade/tests/run.sh) inside the
# grader image, which has gradekit installed (see grader-image/Dockerfile). gradekit grades
# /grade/student and always writes /grade/results/results.json.
# GRADEKIT_GRADE_ROOT replaces /grade, GRADEKIT_PYTHON the Python to use (local tests).
ROOT="${GRADEKIT_GRADE_ROOT:-/grade}"
PYTHON="${GRADEKIT_PYTHON:-python3}"
cd "$ROOT/tests" || exit 1
exec "$PYTHON" -m gradekit.integrations.prairielearn --root "$ROOT"
