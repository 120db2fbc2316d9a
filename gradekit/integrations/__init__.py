"""gradekit.integrations: CI and grading-platform glue.

* :mod:`formats` — ``gradekit check --format FORMAT --output PATH`` for every writer;
* :mod:`github` — ``gradekit init github`` (the Actions workflow);
* :mod:`gradescope` — ``gradekit package gradescope`` and the in-container runner;
* :mod:`prairielearn` — ``gradekit init prairielearn`` and the external-grader runner;
* :mod:`bundle`, :mod:`runner` — what the Gradescope and PrairieLearn graders share.

Templates are package data in ``templates/``. See docs/ci.md.
"""
