#!/usr/bin/env bash
# A Day 1 played in two flights, combined into one Day 2, scripted as a director types it.
# Run it anywhere: it works in a fresh temporary folder and leaves nothing behind.
#   bash examples/flights.sh
# Anna plays both flights (a re-entry across flights): she bags in both, and by the default
# term (--flight-reentry best) only her bigger stack advances.
set -euo pipefail
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
cd "$here"

# Two days: day 1 is levels 1-3 with a dinner break, day 2 starts at level 4.
cat > deepstack-2day.yaml <<'YAML'
name: Deepstack Two-Day
starting_stack: 20000
level_minutes: 40
late_registration: 3
levels:
  - day: 1
    start: "12:00"
  - blinds: 100/200
  - blinds: 100/200
    bb_ante: 200
  - break: 60
    name: Dinner break
  - blinds: 200/400
    bb_ante: 400
  - day: 2
    start: "13:00"
  - blinds: 300/600
    bb_ante: 600
  - blinds: 400/800
    bb_ante: 800
YAML
tdtool structure show deepstack-2day.yaml

# Flight 1A: its own file, field and clock.
tdtool --db day-1a.tdtool new "Deepstack Day 1A" --structure deepstack-2day.yaml --buy-in 200 --fee 20
tdtool --db day-1a.tdtool player add Anna Ben Carla Dev Eve Farid
tdtool --db day-1a.tdtool seat draw
tdtool --db day-1a.tdtool clock start
tdtool --db day-1a.tdtool player bust Ben --yes
tdtool --db day-1a.tdtool player bust Dev --yes
# The clock would stop by itself at the end of level 3; here we skip ahead to it.
tdtool --db day-1a.tdtool clock next        # level 2
tdtool --db day-1a.tdtool clock next        # the dinner break
tdtool --db day-1a.tdtool clock next        # level 3, the last of day 1
tdtool --db day-1a.tdtool clock next        # end of day 1: bag and tag
tdtool --db day-1a.tdtool player chips Anna 41000 Carla 18500 Eve 33000 Farid 27500

# Flight 1B, the next day: Anna plays again.
tdtool --db day-1b.tdtool new "Deepstack Day 1B" --structure deepstack-2day.yaml --buy-in 200 --fee 20
tdtool --db day-1b.tdtool player add Anna Gia Hugo Ines Jon
tdtool --db day-1b.tdtool seat draw
tdtool --db day-1b.tdtool clock start
tdtool --db day-1b.tdtool player bust Jon --yes
for _ in 1 2 3 4; do tdtool --db day-1b.tdtool clock next; done   # to the end of day 1
# The bags of 1B come from a CSV (name,chips), recorded as one change.
printf 'name,chips\nAnna,52000\nGia,9000\nHugo,21000\nInes,18000\n' > bags-1b.csv
tdtool --db day-1b.tdtool player chips --csv bags-1b.csv

# Day 2: the survivors of both flights, bags and all, on a fresh random draw.
tdtool flights combine day-1a.tdtool day-1b.tdtool --name "Deepstack Day 2"
tdtool --db deepstack-day-2.tdtool status
tdtool --db deepstack-day-2.tdtool seat show
tdtool --db deepstack-day-2.tdtool payouts
tdtool --db deepstack-day-2.tdtool clock start
