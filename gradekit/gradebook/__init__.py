"""gradekit.gradebook."""
