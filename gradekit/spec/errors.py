"""The spec loader's errors, in a module of their own: code that only needs to catch them (the
batch command, when the compiled assignment comes from the plan cache) imports neither pydantic
nor the spec models."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SpecProblem:
    """One located problem in a spec file."""

    file: Path
    line: int | None  # 1-based; None when the problem is not tied to a line
    path: str  # e.g. exercises[3].cases[0].args.t.dtype ("" for the whole file)
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else f"{self.file}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class SpecError(Exception):
    """A spec file could not be loaded; `problems` lists every located problem."""

    def __init__(self, problems: list[SpecProblem]) -> None:
        self.problems = sorted(problems, key=lambda problem: (problem.line or 0, problem.path))
        super().__init__("\n".join(str(problem) for problem in self.problems))
