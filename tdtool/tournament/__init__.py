"""The tournament core: structures, seating, clock arithmetic, payouts. Pure: no I/O, no clock."""
