"""gradekit.sandbox: run untrusted student code in an isolated child and observe it as data.

Public entry points:

* :func:`gradekit.sandbox.runner.run_submission` — grade-side: run calls in a sandboxed child;
* :func:`gradekit.sandbox.executor.execute_calls` — run calls in-process (reference solution);
* :func:`gradekit.sandbox.policy.probe_policy` — which isolation layers work on this machine;
* :mod:`gradekit.sandbox.protocol` — the wire types and the frame codec.

Importing this package imports nothing heavy; submodules are imported where used.
"""
