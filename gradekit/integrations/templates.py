"""Reading the template files shipped in ``gradekit/integrations/templates/``.

Placeholders are ``@@NAME@@`` (GitHub workflows already use ``${{ }}``, so ``string.Template``
would clash). Every placeholder must be filled: a forgotten one is a bug, not a silent blank.
"""

from __future__ import annotations

import re
from importlib import resources

_PLACEHOLDER = re.compile(r"@@([A-Z_]+)@@")


def read_template(name: str) -> str:
    """The text of ``templates/<name>`` (e.g. ``github/classroom.yml``)."""
    return resources.files("gradekit.integrations").joinpath("templates", name).read_text("utf-8")


def fill(name: str, **values: str) -> str:
    """``templates/<name>`` with every ``@@KEY@@`` replaced by ``values[KEY]``."""
    text = read_template(name)
    wanted = set(_PLACEHOLDER.findall(text))
    missing = wanted - set(values)
    if missing:
        raise KeyError(f"template {name} needs values for {', '.join(sorted(missing))}")
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)
