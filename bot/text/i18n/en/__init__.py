"""English texts, one module per feature area."""
