#!/usr/bin/env bash
# A sample evening, scripted: a 12-player turbo from registration to the winner.
# Run it anywhere: it works in a fresh temporary folder and leaves nothing behind.
#   bash examples/friday-turbo.sh
# Every line is a command a director would type; --yes lets the tool choose who moves
# where no button is recorded (a script has nobody to ask), and says so.
set -euo pipefail
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
cd "$here"

tdtool new "Friday Turbo" --structure turbo --buy-in 20 --fee 5 --seats 6
tdtool player add Anna Ben Carla Dev Eve Farid Gia Hugo Ines Jon Kemal Lena
tdtool seat draw
tdtool seat print cards        # seat-cards.html: a card per player (table, seat), to print and hand out
tdtool seat print list         # seat-list.html: every player by name, for the desk and the wall
tdtool clock start
tdtool seat button 1 1
tdtool seat button 2 1

# Bust-outs, as the floor calls them in.
tdtool player bust Lena --yes
tdtool player bust Kemal --yes
tdtool player bust Jon Ines --stacks 3000,1200 --yes     # same hand: Jon had more chips
tdtool player bust Hugo --yes
tdtool seat show
tdtool player bust Gia --yes
tdtool seat print moves --all  # table-moves.html: a slip for each player moved so far
tdtool player bust Farid --yes
tdtool player bust Eve --yes
tdtool player bust Dev --yes
tdtool player bust Carla --yes
tdtool player bust Ben --yes

tdtool status
tdtool report
