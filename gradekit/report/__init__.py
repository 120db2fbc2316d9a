"""gradekit.report."""
