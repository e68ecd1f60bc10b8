"""tdtool: the poker tournament director's command-line tool."""

__version__ = "0.1.0"
