"""What-if studies: batch simulation, metrics and plots (pandas)."""
