// HTTPEngine: filled in by its issue.
