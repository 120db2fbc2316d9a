"""gradekit.gradebook: the SQLite gradebook that ``gradekit grade`` fills (docs/batch.md).

* :mod:`~gradekit.gradebook.schema` — tables and migrations (``PRAGMA user_version``).
* :mod:`~gradekit.gradebook.store` — :func:`connect` and the writer :class:`Gradebook`.
* :mod:`~gradekit.gradebook.records` — plain records of one graded submission.
* :mod:`~gradekit.gradebook.answers` — answer fingerprints for clustering.
* :mod:`~gradekit.gradebook.queries` — the read API (overview, stats, clusters, history).
* :mod:`~gradekit.gradebook.export` — CSV and JSON exports.
"""

from gradekit.gradebook.schema import SCHEMA_VERSION, GradebookSchemaError
from gradekit.gradebook.store import Gradebook, connect

__all__ = ["SCHEMA_VERSION", "Gradebook", "GradebookSchemaError", "connect"]
