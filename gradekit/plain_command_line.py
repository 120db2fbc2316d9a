"""The quick parse behind the Typer-free fast paths of `gradekit check` and `gradekit grade`.

Typer costs start-up time on every run (importing it, building the commands, parsing through
pydantic adapters), which a student waiting for a check or a CI job grading one push pays each
time. So those two commands first try this parse, which understands only a command line written
the usual way: known options, each with a value (``--opt VALUE``, ``--opt=VALUE``, ``-oVALUE``),
known flags, and positional arguments. Anything else (``--help``, a typo, ``-a=SPEC``, an option
without its value, an empty value) gives None, and Typer then handles the command line exactly
as before, messages included. Each command checks its own values and counts on the result.
This module imports nothing heavy.
"""

from __future__ import annotations

from collections.abc import Mapping


class PlainCommandLine:
    """A command line split into its parts (option names are the mapped field names).

    A plain class, not a dataclass: `gradekit check` parses its command line before it starts
    its sandbox, and importing dataclasses (with inspect) would delay that start."""

    def __init__(self, repeated: dict[str, list[str]]) -> None:
        self.positionals: list[str] = []
        self.values: dict[str, str] = {}  # repeated: the last one counts
        self.repeated = repeated  # options given many times
        self.flags: set[str] = set()


def split_plain_command_line(
    arguments: list[str],
    command: str,
    value_options: Mapping[str, str],
    flags: Mapping[str, str],
    repeatable: frozenset[str] = frozenset(),
) -> PlainCommandLine | None:
    """Split ``arguments`` (what follows the program name) of ``command``, or None when it is
    another command or not written the plain way.

    ``value_options`` and ``flags`` map each spelling (``--assignment``, ``-a``) to a field name;
    the values of the fields in ``repeatable`` are collected in order, as click does for
    ``multiple=True`` options, and for the others the last one given counts, as in click.
    """
    if not arguments or arguments[0] != command:
        return None
    parsed = PlainCommandLine(repeated={name: [] for name in repeatable})
    rest = iter(arguments[1:])
    for argument in rest:
        if argument in flags:
            parsed.flags.add(flags[argument])
            continue
        if not argument.startswith("-") or argument == "-":
            parsed.positionals.append(argument)
            continue
        name, equals, value = argument.partition("=")
        if not equals and not name.startswith("--") and len(name) > 2:
            name, value, equals = name[:2], name[2:], "="  # -aSPEC, -j2
        elif equals and not name.startswith("--"):
            return None  # -a=SPEC: click reads the value as "=SPEC"; let it
        if name not in value_options:
            return None
        if not equals:
            value = next(rest, None)
            if value is None:
                return None
        if not value:
            return None  # an empty value: let Typer decide what it means
        field_name = value_options[name]
        if field_name in repeatable:
            parsed.repeated[field_name].append(value)
        else:
            parsed.values[field_name] = value
    return parsed
