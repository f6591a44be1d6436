// LiveryServer: filled in by its issue.
