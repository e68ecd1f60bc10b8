"""The rules core: betting, pots, rulings, replaying an entered hand. Pure: no I/O."""
