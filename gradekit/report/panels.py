"""Exercise panels of the text report, rendered ahead of it while the student's code runs.

`gradekit check` grades each exercise as soon as its calls have answered, while the rest of the
submission still runs, and hands each verdict to :meth:`PanelCache.prepare`, which renders the
panel of one that did not pass while the grader would otherwise wait for replies (rendering a
long report costs tens of milliseconds). :func:`gradekit.report.text.render_text` then prints a
prepared panel as it was rendered, if the result holds that very verdict object (the run's final
outcome can overrule an early verdict); any other panel is rendered then. The output is the
same byte for byte: a panel depends only on its verdict and on the console.

This module imports nothing heavy: rich and the text report load on the first panel (by then a
check has usually imported them in the background).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.segment import Segment

    from gradekit.grading.verdicts import ExerciseResult


class PanelCache:
    """Panels rendered for the console ``make_console()`` returns (made on first use)."""

    def __init__(self, make_console: Callable[[], Console]) -> None:
        self._make_console = make_console
        self._console: Console | None = None
        self._panels: dict[int, tuple[ExerciseResult, list[Segment]]] = {}

    @property
    def console(self) -> Console:
        if self._console is None:
            self._console = self._make_console()
        return self._console

    def __len__(self) -> int:
        """How many panels are prepared."""
        return len(self._panels)

    def prepare(self, exercise: ExerciseResult) -> None:
        """Render the panel of ``exercise`` now, unless it has none: it passed, or it is not
        written yet (a line says so)."""
        if exercise.status == "pass" or exercise.not_started:
            return
        from gradekit.report.text import exercise_panel

        segments = list(self.console.render(exercise_panel(exercise)))
        self._panels[id(exercise)] = (exercise, segments)

    def panel(self, exercise: ExerciseResult) -> RenderableType:
        """The panel of ``exercise``: as prepared if it was, for this very object."""
        from rich.segment import Segments

        from gradekit.report.text import exercise_panel

        prepared = self._panels.get(id(exercise))
        if prepared is not None and prepared[0] is exercise:
            return Segments(prepared[1])
        return exercise_panel(exercise)
