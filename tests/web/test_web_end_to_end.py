"""End to end: `gradekit grade` fills a gradebook, then `report --html` and `serve-report`
show what the students really did."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import closing
from pathlib import Path

import pytest

SPEC = Path(__file__).parent / "specs" / "scaling.yaml"
SUBMISSIONS = {
    "ada": "def double(t):\n    return 2 * t\n\ndef total(t):\n    return t.sum()\n"
    "\ndef affine(x, a, b):\n    return a * x + b\n",
    "ben": "def double(t):\n    print('<script>alert(1)</script>')\n    return t + 2\n",
    "cy": "def double(t):\n    return t + 2\n\ndef total(t):\n    raise ValueError('<b>no</b>')\n"
    "\ndef affine(x, a, b):\n    return (a * x + b).detach()\n",
    "dot": "def double(t)\n    return 2 * t\n",
}

pytestmark = pytest.mark.slow


def _gradekit(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *args],
        capture_output=True,
        text=True,
        timeout=300,
        **kwargs,
    )


@pytest.fixture(scope="module")
def graded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("classroom")
    submissions = folder / "submissions"
    submissions.mkdir()
    for student, source in SUBMISSIONS.items():
        (submissions / f"{student}.py").write_text(source)
    db = folder / "gradebook.sqlite"
    result = _gradekit(
        "grade", str(submissions), "-a", str(SPEC), "--db", str(db), "--allow-weak-sandbox"
    )
    assert result.returncode == 0, result.stderr
    return db


def test_static_report_of_a_real_grading_run(graded_db: Path, tmp_path: Path) -> None:
    result = _gradekit("report", "--db", str(graded_db), "--html", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site" / "scaling"
    double = (site / "exercise" / "double.html").read_text(encoding="utf-8")
    # ben and cy both returned t + 2: one cluster of two, shown against ada's passing answer.
    assert '<span class="count">2</span>' in double
    assert "You added two instead of multiplying by two." in double
    assert "element-differs" in double
    ben = (site / "student" / "ben.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in ben and "<script>alert" not in ben
    dot = (site / "student" / "dot.html").read_text(encoding="utf-8")
    assert "SyntaxError" in dot
    csv_text = (site / "grades.csv").read_text(encoding="utf-8")
    assert csv_text.splitlines()[0].startswith("student,score,max_score")
    assert len(csv_text.splitlines()) == 1 + len(SUBMISSIONS)


def _free_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_report_serves_and_demands_its_token(graded_db: Path) -> None:
    port = _free_port()
    environment = {**os.environ, "GRADEKIT_REPORT_TOKEN": "tok-123"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gradekit", "serve-report", "--db", str(graded_db),
         "--port", str(port)],
        env=environment,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/", timeout=2)
            except urllib.error.HTTPError as error:
                assert error.code == 401  # up, and refusing requests without the token
                break
            except OSError:
                assert server.poll() is None, server.stderr.read()
                assert time.monotonic() < deadline, "serve-report did not start"
                time.sleep(0.2)
        request = urllib.request.Request(
            f"{base}/scaling/index.html", headers={"Authorization": "Bearer tok-123"}
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200
            assert "Scaling tensors" in response.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)
    assert "?token=tok-123" in server.stderr.read()


def test_graphs_of_student_and_reference_are_stored_and_drawn(
    graded_db: Path, tmp_path: Path
) -> None:
    import json

    from gradekit.gradebook.store import connect

    with closing(connect(graded_db, readonly=True)) as connection:
        (expected,) = connection.execute(
            "SELECT answer_fingerprint, answer_summary FROM expected_answers"
            " WHERE exercise_id = 'affine'"
        ).fetchall()
        answers = dict(
            connection.execute(
                "SELECT s.student, c.answer_summary FROM case_results c"
                " JOIN submissions s ON s.id = c.submission_id WHERE c.exercise_id = 'affine'"
            ).fetchall()
        )
    reference = json.loads(expected["answer_summary"])
    assert [node["name"] for node in reference["graph"]][:2] == ["AddBackward0", "MulBackward0"]
    assert ":rg:AddBackward0:graph=" in expected["answer_fingerprint"]
    assert json.loads(answers["ada"])["graph"] == reference["graph"]
    assert json.loads(answers["cy"])["grad_fn"] is None  # detached: no graph behind it
    result = _gradekit("report", "--db", str(graded_db), "--html", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "site" / "scaling" / "student" / "cy.html").read_text(encoding="utf-8")
    assert "reference graph" in page and ">MulBackward0</text>" in page
    assert "no grad_fn: a leaf tensor" in page


def test_serve_report_on_port_0_shows_the_port_it_got(graded_db: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "gradekit", "serve-report", "--db", str(graded_db), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stderr.readline()
        assert line.startswith("serving "), line
        url = line.split(" at ", 1)[1].strip()
        assert not url.endswith(":0/")
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)
