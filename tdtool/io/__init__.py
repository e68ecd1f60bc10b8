"""I/O around the core: YAML files in, SQLite tournament store."""
