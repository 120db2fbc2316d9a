"""gradekit.grading."""
