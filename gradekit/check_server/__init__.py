"""The check server: a warm process that makes every `gradekit check` after the first one fast.

A `gradekit check` spends most of its half second starting up: its own interpreter imports
numpy, pydantic and rich, and its sandbox's interpreter (the zygote) imports numpy and the
backend, before the student's code runs for a tenth of that time. A student runs check again and
again on one machine, so the check server pays for those imports once:

- The first check (per user, interpreter, gradekit installation and Python environment) runs as
  usual, then starts the server in the background (:func:`client.start_server_if_wanted`).
- The server (:mod:`.server`) imports what a check needs, starts a *spare sandbox* (an
  :class:`~gradekit.grading.early_sandbox.EarlySandbox` whose zygote has finished importing) and
  listens on a Unix socket whose name is a hash of everything the server's code depends on
  (:mod:`.address`).
- A later `gradekit check` (:func:`client.run_served`, which imports nothing heavy) connects,
  sends its command line, working directory and environment, and passes its standard input,
  output and error (``SCM_RIGHTS``). The server forks; the fork takes the spare sandbox, puts the
  client's descriptors, directory and environment in place and runs the command exactly as the
  ``gradekit`` program would, writing straight to the client's terminal. The server tells the
  client the fork's exit code, which the client exits with, and starts the next spare sandbox.

What does not change: student code runs in the same sandbox as always (the spare is started
exactly as a check starts its own; see docs/security.md), and every check runs in a fresh fork
that exits afterwards, so no check sees another's state. Ctrl-C in the client interrupts the
served check as it would a local one, and a client that dies takes its check with it.

When it is not used: ``GRADEKIT_CHECK_SERVER=off``, under CI (``CI`` set), or when the socket's
directory is not the user's own with mode 0700 (checks then run as they always did). The server
exits after 15 idle minutes (``GRADEKIT_SERVER_IDLE`` seconds), as soon as its gradekit files
change, or on ``gradekit server stop``.
"""
