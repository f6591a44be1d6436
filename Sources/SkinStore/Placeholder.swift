// SkinStore: filled in by its issue.
