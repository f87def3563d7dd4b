// Placeholder until the module has files; delete then.
