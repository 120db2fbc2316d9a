"""Prints GitHub workflow commands and terminal escape sequences."""

import sys


def attack():
    print("::add-mask::$marker")
    print("  ::error file=grader.py,line=1::grader broken")
    print("::stop-commands::token")
    print("\x1b[2J\x1b[Hclean screen \x1b]0;owned title\x07 \x1b[31mred\x1b[0m")
    print("progress 0%\rprogress 100%")
    print("::set-output name=score::100", file=sys.stderr)
    return 0


def control():
    return 42
