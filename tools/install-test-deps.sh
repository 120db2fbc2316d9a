#!/usr/bin/env bash
# Installs everything the test suite exercises on a fresh Debian/Ubuntu machine:
#   - gradekit itself (editable) with the test extra and the optional PyTorch 2.13 used by the
#     differential tests;
#   - bubblewrap (sandbox tier 2) and Debian's Chromium (browser tests of the web report), when
#     apt-get can be used (as root, or with passwordless sudo). Without them those tests skip with
#     a reason.
set -euo pipefail
cd "$(dirname "$0")/.."

system_packages=(bubblewrap chromium)
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then sudo_cmd=(); elif sudo -n true 2>/dev/null; then sudo_cmd=(sudo -n); else sudo_cmd=(none); fi
  if [ "${sudo_cmd[0]-}" != none ]; then
    missing=()
    for pkg in "${system_packages[@]}"; do
      dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
      "${sudo_cmd[@]}" apt-get update -qq
      DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
  else
    echo "install-test-deps: no root/sudo: skipping ${system_packages[*]} (their tests will skip)" >&2
  fi
fi

python -m pip install -q -e '.[test,torch]'

# An editable install compiles nothing, and sandbox interpreters (bubblewrap's read-only
# filesystem) never write bytecode: without this every zygote a test starts compiles gradekit
# again (about 0.13 s of CPU each; README, "bytecode"). A stale cache is simply recompiled.
python -m compileall -q gradekit
