"""`tdtool serve`: the tournament on phones (Starlette; imported only by that command).

`server` builds the ASGI application: the players' page, the staff's page, the sign-in and
the JSON API of docs/web.md. `reader` keeps the tournament folded in memory for the pages
and pushes each change to every open page (server-sent events). Every change goes through
the same application functions (tdtool.app) as the CLI's commands, as the signed-in person.
"""
