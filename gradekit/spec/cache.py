"""gradekit's on-disk cache directory, and the cache of parsed spec files in it.

Parsing an assignment YAML with line marks (PyYAML's pure-Python composer) and checking its
solution's syntax tree costs tens of milliseconds on every `gradekit check`, although the file
rarely changes. :func:`read_spec_data` / :func:`write_spec_data` keep the YAML's plain data as
JSON (never pickle), keyed by the file's path, content hash and modification time plus the
spec package's own source; the loader validates cached data with the same pydantic models, so a
cached spec is exactly as strict as a parsed one. Only specs that loaded without problems are
cached: every error is still produced, with its file:line, by parsing the YAML.

:func:`read_header` / :func:`write_header` keep the few header fields a check reads before its
sandbox starts (:func:`gradekit.spec.discovery.assignment_header`), keyed by the spec's content:
that read would otherwise import PyYAML (tens of milliseconds) at the start of every check.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import gradekit

CACHE_ENV = "GRADEKIT_CACHE_DIR"  # where gradekit keeps caches between runs; "off" disables
SPEC_CACHE_FORMAT = 1
HEADER_CACHE_FORMAT = 1


def cache_directory() -> Path | None:
    """``$GRADEKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/gradekit`` or ``~/.cache/gradekit``;
    None when the variable is ``off``."""
    configured = os.environ.get(CACHE_ENV)
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gradekit"


def _spec_cache_file(path: Path, text: str) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    try:
        modified = path.stat().st_mtime_ns
    except OSError:
        return None
    # Editing the spec package (models, loader) changes what a valid spec is: start afresh.
    package = Path(__file__).resolve().parent
    package_stamp = max(source.stat().st_mtime_ns for source in package.glob("*.py"))
    key = (
        SPEC_CACHE_FORMAT,
        gradekit.__version__,
        package_stamp,
        str(path.resolve()),
        modified,
        hashlib.sha256(text.encode("utf-8")).hexdigest(),
    )
    digest = hashlib.sha256(repr(key).encode()).hexdigest()
    return directory / "spec" / f"{digest}.json"


def file_stamp(path: Path) -> list[int] | None:
    """``[mtime_ns, size]`` of ``path`` (None when it cannot be read): part of cache keys."""
    try:
        status = path.stat()
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size]


def write_cache_file(path: Path, content: bytes) -> None:
    """Write one entry of gradekit's cache whole or not at all (a temporary file renamed over
    it, so a reader never sees half of one); a disk that refuses is not an error: a read-only
    home directory must not stop grading."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(content)
        os.replace(temporary, path)
    except OSError:
        pass


def read_spec_data(path: Path, text: str) -> tuple[Any, Path] | None:
    """The cached YAML data of the spec at ``path`` (whose content is ``text``) and its solution
    path, or None when there is no valid entry (or the solution changed since)."""
    cache_file = _spec_cache_file(path, text)
    if cache_file is None:
        return None
    try:
        entry = json.loads(cache_file.read_text(encoding="utf-8"))
        solution = Path(entry["solution"])
        if entry["format"] != SPEC_CACHE_FORMAT or entry["solution_stamp"] != file_stamp(solution):
            return None
        return entry["data"], solution
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or damaged: the caller parses the YAML


def write_spec_data(path: Path, text: str, data: Any, solution: Path) -> None:
    """Remember the YAML data of a spec that loaded cleanly; silently skipped when the data
    does not survive a JSON round trip unchanged (e.g. non-string keys) or the disk refuses."""
    cache_file = _spec_cache_file(path, text)
    stamp = file_stamp(solution)
    if cache_file is None or stamp is None:
        return
    try:
        entry = {
            "format": SPEC_CACHE_FORMAT,
            "solution": str(solution),
            "solution_stamp": stamp,
            "data": data,
        }
        encoded = json.dumps(entry, allow_nan=False)
        if json.loads(encoded)["data"] != data:
            return
    except (TypeError, ValueError):
        return
    write_cache_file(cache_file, encoded.encode("utf-8"))


def _header_cache_file(path: Path) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return directory / "spec" / f"header-{digest}.json"


def _content_digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def read_header(path: Path, content: bytes, reader: Any) -> dict[str, str] | None:
    """The cached header fields of the spec at ``path`` whose bytes are ``content`` (or the
    string settings of a config file: discovery reads both before a check's sandbox starts),
    as the code identified by ``reader`` (JSON data, e.g. its source's stamp) read them; None
    when there is no such entry (or it is damaged)."""
    cache_file = _header_cache_file(path)
    if cache_file is None:
        return None
    try:
        entry = json.loads(cache_file.read_text(encoding="utf-8"))
        if (
            entry["format"] != HEADER_CACHE_FORMAT
            or entry["reader"] != reader
            or entry["sha256"] != _content_digest(content)
        ):
            return None
        header = entry["header"]
        if not all(type(k) is str and type(v) is str for k, v in header.items()):
            return None
        return header
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # absent or damaged: the caller parses the YAML


def write_header(path: Path, content: bytes, reader: Any, header: dict[str, str]) -> None:
    """Remember the header fields ``reader`` read from ``content`` (silently skipped when the
    disk refuses)."""
    cache_file = _header_cache_file(path)
    if cache_file is None:
        return
    entry = {
        "format": HEADER_CACHE_FORMAT,
        "reader": reader,
        "sha256": _content_digest(content),
        "header": header,
    }
    write_cache_file(cache_file, json.dumps(entry).encode("utf-8"))
