#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image (Ubuntu base image).
# It installs Python and the copy of gradekit that travels in this zip (gradekit-src/).
set -euo pipefail
ROOT="${GRADEKIT_AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"

apt-get update
apt-get install -y --no-install-recommends python3 python3-pip python3-venv

python3 -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install --upgrade pip
"$ROOT/venv/bin/python" -m pip install "$SOURCE/gradekit-src"
@@TORCH_INSTALL@@
