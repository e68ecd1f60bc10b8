"""The application layer: one function per thing a director does, on a tournament file.

Each use case takes plain values (the file's path, names, numbers), runs at most one change
through the store and returns a typed, frozen result whose `to_dict()` is the JSON the
command prints. The CLI parses, makes one call and renders the result as text or JSON;
the core (tdtool.tournament, tdtool.rules) decides, and this layer gives it the file, the
time and the randomness it must not fetch itself.

Errors are the core's `TdtoolError`s (InputError: bad input, exit 2; RuleError: refused
by the rules, exit 1); nothing is changed when one is raised.

Modules: `change` (one change of a file: dry run, seed, replayed answers), `players`
(register, bust, re-enter, rebuy, add-on, the list), `deals` (ICM and chip-chop deals).
"""
