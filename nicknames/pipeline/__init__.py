"""Any export end to end: open it, collect, apply, write it back, report."""
