"""Every page of the live report through Starlette's ASGI test client."""

from __future__ import annotations

import csv
import io
import re
from contextlib import closing
from html.parser import HTMLParser
from pathlib import Path

import pytest
from classroom import ASSIGNMENT, EVIL_STUDENT, SCRIPT
from hypothesis import given
from hypothesis import strategies as st

from gradekit.gradebook.export import export_csv
from gradekit.gradebook.store import connect
from gradekit.report.web.data import slug

pytest.importorskip("starlette", reason="the web report needs starlette")

BASE = f"/{ASSIGNMENT}"


class _Collector(HTMLParser):
    """Element names, attributes and visible text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Collector:
    collector = _Collector()
    collector.feed(html)
    return collector


def test_index_lists_the_assignment(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert f'href="{ASSIGNMENT}/index.html"' in response.text
    assert "Autograd &lt;mini&gt;" in response.text


def test_overview_has_chart_exercises_and_sortable_gradebook(client) -> None:
    response = client.get(f"{BASE}/index.html")
    assert response.status_code == 200
    page = parse(response.text)
    bars = [attrs for tag, attrs in page.tags if tag == "rect" and attrs.get("class") == "bar"]
    assert len(bars) == 10  # the gradebook's ten histogram bins
    assert any(tag == "table" and attrs.get("id") == "gradebook" for tag, attrs in page.tags)
    links = {attrs.get("href") for tag, attrs in page.tags if tag == "a"}
    assert "exercise/double.html" in links and "exercise/build_graph.html" in links
    assert f"student/{slug(EVIL_STUDENT)}.html" in links
    assert "grades.csv" in links
    text = " ".join(page.text)
    assert "40%" in text  # build_graph: alice and the evil student pass, 2 of 5
    # The same overview is served at the folder URL.
    assert client.get(f"{BASE}/").text == response.text


def test_overview_lists_who_has_not_submitted_with_a_roster(classroom_db: Path) -> None:
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    app = create_app(classroom_db, roster=["alice", "zoe", "yann"])
    with TestClient(app, base_url="http://127.0.0.1") as roster_client:
        html = roster_client.get(f"{BASE}/index.html").text
    section = html[html.index('id="not-submitted"') :]
    assert "<li>yann</li>" in section and "<li>zoe</li>" in section
    assert "<li>alice</li>" not in section
    assert "Graded but not on the roster: bob, carol, dave" in section


def test_labels_say_what_was_counted_and_which_command_takes_a_roster(client) -> None:
    """The index counts students graded and gradings (a regrade is one more, not another
    submission by the student); the student page says how many times it was graded; the
    overview without a roster names the commands that take one."""
    index = client.get("/").text
    assert "<th>students graded</th><th>gradings</th>" in index
    overview = client.get(f"{BASE}/index.html").text
    assert "<code>gradekit serve-report --roster FILE</code>" in overview
    assert "<code>gradekit report --html DIR --roster FILE</code>" in overview
    bob = client.get(f"{BASE}/student/bob.html").text
    assert '<div class="big">2</div>time(s) graded' in bob
    # One count per card: "4 / 0" under "failing / erroring" read as a fraction.
    cards = re.compile(r'<div class="big">([^<]*)</div>([^<]*)</div>')
    assert cards.findall(overview)[3:] == [
        ("1", "all exercises passed"),
        ("4", "with a failing exercise"),
        ("0", "with an error"),
    ]
    exercise = client.get(f"{BASE}/exercise/double.html").text
    assert cards.findall(exercise)[:3] == [
        ("20%", "pass rate (1 of 5)"),
        ("4", "failed"),
        ("0", "errored"),
    ]


def test_exercise_page_clusters_identical_wrong_answers(client) -> None:
    html = client.get(f"{BASE}/exercise/double.html").text
    articles = html.split('<article class="cluster">')[1:]
    assert len(articles) == 2
    # bob and carol both returned t + 2 in both cases: one misconception, two cases.
    plus_two = next(article for article in articles if "bob" in article)
    assert '<span class="count">2</span>' in plus_two
    assert "in 2 case(s)" in plus_two and "carol" in plus_two
    assert "element-differs" in plus_two  # 3 vs 2 and 5 vs 6 are marked
    raised = next(article for article in articles if "dave" in article)
    assert "raised" in raised and "ValueError" in raised
    assert "You added two &lt;instead&gt;." in html  # known mistake, escaped


def test_a_cluster_says_how_its_answers_ended_in_words(client) -> None:
    """Not "value" (read as "a wrong value" where only the autograd state differs, as for a
    detached result) but "returned a wrong answer"; an exception is "raised"."""
    html = client.get(f"{BASE}/exercise/double.html").text
    kinds = set(re.findall(r'<span class="kind">([^<]*)</span>', html))
    assert kinds == {"returned a wrong answer", "raised"}, kinds


def test_exercise_page_draws_both_graphs_for_autograd_exercises(client) -> None:
    html = client.get(f"{BASE}/exercise/build_graph.html").text
    assert "reference graph" in html and "student&#39;s graph" in html
    for name in ("AddBackward0", "SumBackward0", "MeanBackward0", "MulBackward0", "PowBackward0"):
        assert f">{name}</text>" in html
    assert "AccumulateGrad" in html
    assert "no grad_fn: a leaf tensor" in html  # the detached answers of bob and carol
    assert "only the output node" not in html.lower()  # whole graphs were stored


def test_student_page_shows_exercises_output_and_history(client) -> None:
    response = client.get(f"{BASE}/student/bob.html")
    assert response.status_code == 200
    page = parse(response.text)
    text = "".join(page.text)
    assert SCRIPT in text  # shown as text ...
    assert not any(tag == "script" and "src" not in attrs for tag, attrs in page.tags)  # ... only
    history = response.text[response.text.index('id="history"') :]
    assert history.count("<tr") == 3  # header + two graded submissions
    assert "Double &lt;a tensor&gt;" in response.text
    assert "no grad_fn: a leaf tensor" in response.text


def test_every_student_and_exercise_page_renders(client, classroom_db: Path) -> None:
    with closing(connect(classroom_db, readonly=True)) as connection:
        students = [
            row[0] for row in connection.execute("SELECT DISTINCT student FROM submissions")
        ]
    for student in students:
        assert client.get(f"{BASE}/student/{slug(student)}.html").status_code == 200
    for exercise in ("double", "build_graph"):
        assert client.get(f"{BASE}/exercise/{exercise}.html").status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/nope/index.html",
        f"{BASE}/exercise/nope.html",
        f"{BASE}/student/nobody.html",
        f"{BASE}/student/{EVIL_STUDENT}.html",  # raw ids are not addresses, slugs are
        "/static/../app.py",
        "/static/secret.txt",
    ],
)
def test_unknown_pages_are_404_with_an_escaped_message(client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert "<img" not in response.text


def test_grades_csv_is_the_gradebook_export(client, classroom_db: Path) -> None:
    response = client.get(f"{BASE}/grades.csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    with closing(connect(classroom_db, readonly=True)) as connection:
        assert response.text == export_csv(connection, ASSIGNMENT)
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert {row["student"] for row in rows} == {"alice", "bob", "carol", "dave", EVIL_STUDENT}
    assert next(row for row in rows if row["student"] == "alice")["score"] == "3"


def test_static_assets_are_packaged(client) -> None:
    css = client.get("/static/report.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    script = client.get("/static/report.js")
    assert script.status_code == 200 and "sortTable" in script.text


def test_security_headers_on_every_response(client) -> None:
    for url in ("/", f"{BASE}/index.html", "/static/report.js", "/missing/index.html"):
        headers = client.get(url).headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_pages_reference_no_external_resources(client) -> None:
    for url in ("/", f"{BASE}/index.html", f"{BASE}/exercise/build_graph.html"):
        for tag, attrs in parse(client.get(url).text).tags:
            for name in ("href", "src"):
                value = attrs.get(name) or ""
                assert "://" not in value and not value.startswith("//"), (tag, value)


def test_foreign_host_header_is_refused_without_a_token(classroom_db: Path) -> None:
    """DNS rebinding: a page on evil.example must not read the loopback report."""
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    with TestClient(create_app(classroom_db), base_url="http://evil.example") as foreign:
        assert foreign.get("/").status_code == 400
    with TestClient(create_app(classroom_db), base_url="http://localhost:8000") as local:
        assert local.get("/").status_code == 200


def test_missing_gradebook_is_a_503_page(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    with TestClient(create_app(tmp_path / "none.sqlite"), base_url="http://127.0.0.1") as c:
        response = c.get("/")
    assert response.status_code == 503
    assert "run `gradekit grade` first" in response.text


def test_several_assignments_each_get_their_pages(tmp_path: Path) -> None:
    from classroom import STUDENTS, student_record
    from starlette.testclient import TestClient

    from gradekit.gradebook.store import Gradebook
    from gradekit.report.web.app import create_app

    db = tmp_path / "gradebook.sqlite"
    with Gradebook(db) as book:
        for assignment in ("week 1", "week-2"):
            run = book.start_run(
                assignment_id=assignment, assignment_title=f"Title {assignment}",
                spec_path="x.yaml", spec_hash="s", backend="engine", sandbox_tier=2, jobs=1,
                gradekit_version="test",
            )  # fmt: skip
            record = student_record("alice", STUDENTS["alice"])
            book.record_submission(
                run_id=run, assignment_id=assignment, spec_hash="s", record=record
            )
            book.finish_run(run)
    with TestClient(create_app(db), base_url="http://127.0.0.1") as several:
        index = several.get("/").text
        for assignment in ("week 1", "week-2"):
            assert f'href="{slug(assignment)}/index.html"' in index
            overview = several.get(f"/{slug(assignment)}/index.html")
            assert overview.status_code == 200 and f"Title {assignment}" in overview.text
            assert several.get(f"/{slug(assignment)}/student/alice.html").status_code == 200


def test_answers_are_shown_against_the_reference_even_when_nobody_passed(tmp_path: Path) -> None:
    from classroom import write_classroom
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    nobody_passes = {
        "bob": {"double": "plus_two", "graph": "detached"},
        "dave": {"double": "raises", "graph": "wrong"},
    }
    database = write_classroom(tmp_path / "nobody.sqlite", nobody_passes)
    with TestClient(create_app(database), base_url="http://127.0.0.1") as local:
        exercise = local.get(f"{BASE}/exercise/build_graph.html").text
        student = local.get(f"{BASE}/student/dave.html").text
    for html in (exercise, student):
        assert "unknown" not in html  # the reference answer is stored, not guessed
        assert "reference graph" in html and "student&#39;s graph" in html
        # The reference builds a mean; dave's graph has two sums and no MeanBackward0.
        assert ">MeanBackward0</text>" in html
    reference_figure = student[student.index("reference graph") - 2000 :]
    assert "MeanBackward0" in reference_figure


def test_the_overview_lists_runs_and_flags_a_killed_one(tmp_path: Path) -> None:
    import subprocess
    import sys

    from classroom import write_classroom
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    if not Path("/proc/self/stat").exists():
        pytest.skip("recognising a killed grader needs Linux /proc")
    database = write_classroom(tmp_path / "killed.sqlite")
    killed = (
        "import os, signal, sys\n"
        "from gradekit.gradebook.store import Gradebook\n"
        "Gradebook(sys.argv[1]).start_run(assignment_id=sys.argv[2], assignment_title='t',"
        " spec_path='s', spec_hash='spec-1', backend='engine', sandbox_tier=2, jobs=1,"
        " gradekit_version='t')\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    subprocess.run([sys.executable, "-c", killed, str(database), ASSIGNMENT], check=False)
    with TestClient(create_app(database), base_url="http://127.0.0.1") as local:
        html = local.get(f"{BASE}/index.html").text
    runs = html[html.index('id="runs"') :]
    assert runs.count('<tr class="run-finished">') == 2  # write_classroom's two runs
    assert runs.count('<tr class="run-interrupted">') == 1
    assert 'id="interrupted-note"' in html and "1 run(s) did not finish" in html


@given(st.integers(1, 100_000))
def test_the_histograms_count_ticks_are_even_and_round(tallest: int) -> None:
    from gradekit.report.web.svg import count_ticks

    ticks = count_ticks(tallest)
    step = ticks[1] - ticks[0]
    assert ticks[0] == 0 and ticks == list(range(0, ticks[-1] + 1, step))
    assert 2 <= len(ticks) <= 6 and ticks[-1] <= tallest < ticks[-1] + step
    assert str(step).rstrip("0") in ("1", "2", "5")  # 1, 2 or 5 times a power of ten


def test_submitted_but_ungradable_students_are_not_listed_as_not_submitted(tmp_path: Path) -> None:
    """An entry the latest run could not grade (a link, an empty folder) is a submission: the
    overview lists it with the reason, apart from who did not submit; a student whose earlier
    submission is graded gets a note on their page."""
    from classroom import STUDENTS, student_record, write_run
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app
    from gradekit.report.web.static_export import export_static_site

    db = tmp_path / "gradebook.sqlite"
    for graded, ungradable in ((["alice", "bob"], []), (["alice"], ["bob", "<b>eve</b>"])):
        records = [student_record(student, STUDENTS[student]) for student in graded]
        write_run(
            db, records, {student: f"{student}.py is a symbolic link" for student in ungradable}
        )
    roster = ["alice", "bob", "<b>eve</b>", "zoe"]
    with TestClient(create_app(db, roster=roster), base_url="http://127.0.0.1") as client:
        overview = client.get(f"{BASE}/index.html").text
        bob = client.get(f"{BASE}/student/bob.html").text
        alice = client.get(f"{BASE}/student/alice.html").text
    with closing(connect(db, readonly=True)) as connection:
        export_static_site(connection, tmp_path / "site", roster=roster)
    static = (tmp_path / "site" / ASSIGNMENT / "index.html").read_text(encoding="utf-8")
    for html in (overview, static):
        ungradable = html[html.index('id="not-gradable"') : html.index('id="not-submitted"')]
        assert '<a href="student/bob.html">bob</a> (an earlier submission is graded)' in ungradable
        assert "&lt;b&gt;eve&lt;/b&gt;: &lt;b&gt;eve&lt;/b&gt;.py is a symbolic link" in ungradable
        assert "alice" not in ungradable
        not_submitted = html[html.index('id="not-submitted"') :]
        not_submitted = not_submitted[: not_submitted.index("</section>")]
        assert "<li>zoe</li>" in not_submitted
        assert "bob" not in not_submitted and "eve" not in not_submitted
        # The gradebook table has the rows of its "Download CSV": the ungraded ones too.
        table = html[html.index('id="gradebook"') :]
        table = table[: table.index("</table>")]
        rows = {
            cells[0]: cells[2]
            for cells in (
                re.findall(r'<td[^>]*data-value="([^"]*)"', row)
                for row in table.split("<tr")[2:]  # after the header's row
            )
        }
        assert rows == {
            "alice": "pass",
            "bob": "fail",  # graded earlier: that grade stands
            "&lt;b&gt;eve&lt;/b&gt;": "not gradable",
            "zoe": "not submitted",
        }
        with closing(connect(db, readonly=True)) as connection:
            csv_text = export_csv(connection, ASSIGNMENT, roster=roster)
        exported = {row["student"] for row in csv.DictReader(io.StringIO(csv_text))}
        assert exported == {"alice", "bob", "<b>eve</b>", "zoe"}
    assert 'id="not-gradable"' in bob and "bob.py is a symbolic link" in bob
    assert "The grade below is from an earlier submission" in bob
    assert 'id="not-gradable"' not in alice


def test_not_attempted_lists_missing_functions_not_files_that_did_not_load(tmp_path: Path) -> None:
    """A student whose file loaded but has no such function did not attempt the exercise; one
    whose file did not load is an error, listed once, with its reason, among the load failures
    (not a second time as "not attempted", nor counted twice on the overview)."""
    import dataclasses

    from classroom import NOT_UTF8, STUDENTS, did_not_load_record, student_record, write_run
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    no_functions = dataclasses.replace(
        did_not_load_record("mo", "AttributeError: module has no attribute 'double'"),
        load_error=None,  # it loaded: every case is missing because the function is
    )
    records = [student_record("alice", STUDENTS["alice"]), no_functions]
    records.append(did_not_load_record("vera", NOT_UTF8))
    db = write_run(tmp_path / "gradebook.sqlite", records)
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        exercise = client.get(f"{BASE}/exercise/double.html").text
        overview = client.get(f"{BASE}/index.html").text
    not_attempted = exercise[exercise.index("<h2>Not attempted</h2>") :]
    not_attempted = not_attempted[: not_attempted.index("</section>")]
    assert '<a href="../student/mo.html">mo</a>' in not_attempted
    assert "vera" not in not_attempted
    load_failures = exercise[exercise.index('id="load-failures"') :]
    assert '<a href="../student/vera.html">vera</a>' in load_failures
    double_row = overview[overview.index('href="exercise/double.html"') :]
    double_row = double_row[: double_row.index("</tr>")]
    cells = [cell.split("<", 1)[0] for cell in double_row.split('<td class="num">')[1:]]
    passed, failed, errored, _, _, not_attempted_count = cells
    assert (passed, failed, errored, not_attempted_count) == ("1", "0", "2", "1")  # mo; mo, vera


def test_backquoted_code_in_known_mistakes_is_shown_as_code_and_the_rest_escaped(
    tmp_path: Path,
) -> None:
    import dataclasses

    from classroom import STUDENTS, student_record, write_run
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app
    from gradekit.report.web.render import _code_spans

    assert _code_spans("Use `t[::-2]`, not `<b>` & `x`; a lone ` stays") == (
        "Use <code>t[::-2]</code>, not <code>&lt;b&gt;</code> &amp; <code>x</code>; a lone ` stays"
    )
    message = "You wrote `t + 2` <instead> of `2 * t`."
    record = student_record("bob", STUDENTS["bob"])
    exercises = [
        dataclasses.replace(exercise, mistake=message if exercise.mistake else None)
        for exercise in record.exercises
    ]
    record = dataclasses.replace(record, exercises=exercises)
    db = write_run(tmp_path / "gradebook.sqlite", [record])
    shown = "You wrote <code>t + 2</code> &lt;instead&gt; of <code>2 * t</code>."
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        pages = [
            client.get(f"{BASE}/{page}").text
            for page in ("index.html", "exercise/double.html", "student/bob.html")
        ]
    for html in pages:
        assert shown in html
    # The overview's hover text is an attribute: plain text, escaped, backquotes kept.
    assert 'title="You wrote `t + 2` &lt;instead&gt; of `2 * t`."' in pages[0]
