"""Reference solutions of the assignments in exercises/ (one module per assignment)."""
