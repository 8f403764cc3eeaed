"""Temperature units."""
