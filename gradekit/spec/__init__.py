"""gradekit.spec."""
