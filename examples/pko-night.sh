#!/usr/bin/env bash
# A progressive knockout (PKO), scripted: 8 players, $50 + $50 bounty + $10, re-entry.
# Half of each bounty collected is paid at once, half goes on the eliminator's own head;
# a split pot shares the bounty; the winner collects their own bounty at the end.
# Run it anywhere: it works in a fresh temporary folder and leaves nothing behind.
#   bash examples/pko-night.sh
set -euo pipefail
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
cd "$here"

tdtool new "PKO Night" --structure turbo --buy-in 50 --bounty 50 --fee 10 --pko --reentry
tdtool player add Anna Ben Carla Dev Eve Farid Gia Hugo
tdtool seat draw
tdtool clock start

tdtool player bust Hugo --by Anna                  # Anna: 25 paid, her bounty 50 -> 75
tdtool player bust Gia --by Ben --by Carla         # a split pot: 12.50 + 12.50 each
tdtool player bust Farid --by Ben                  # a mistake: it was Dev who won the pot
tdtool undo --yes                                  # ... the bounty goes back with the bust
tdtool player bust Farid --by Dev
tdtool player reenter Hugo                         # a re-entry buys a new bounty of 50
tdtool player bust Eve Hugo --stacks 2000,900 --by Eve=Anna --by Hugo=Carla,Ben
tdtool player list

tdtool player bust Dev --by Anna
tdtool player bust Carla --by Ben
tdtool player bust Ben --by Anna
tdtool status
tdtool report
