"""gradekit.sandbox."""
