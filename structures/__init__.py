"""Bundled blind/ante structures (YAML files beside this module)."""
