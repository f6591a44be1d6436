// LiveryClient: filled in by its issue.
