// SkinModel: filled in by its issue.
