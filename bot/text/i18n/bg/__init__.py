"""Bulgarian texts, one module per feature area (same keys and placeholders as English)."""
