#!/usr/bin/env bash
# A satellite, scripted: 13 players play for seats worth 200 (the main event's buy-in), the
# rest of the prize pool in cash to the place after the seats. At the break the chips are
# counted (a CSV from the tables) and checked against the chips sold; the satellite ends on
# its seat bubble. Run it anywhere: it works in a fresh temporary folder.
#   bash examples/sunday-satellite.sh
set -euo pipefail
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
cd "$here"

tdtool new "Sunday Satellite" --structure turbo --buy-in 50 --fee 5 --satellite 200 --seats 7
tdtool player add Anna Ben Carla Dev Eve Farid Gia Hugo Ines Jon Kemal Lena Mona
tdtool seat draw
tdtool clock start
tdtool payouts

tdtool player bust Mona --yes
tdtool player bust Lena --yes

# The break: each table counts its players' chips; the counts go in as one change.
cat > counts.csv <<'CSV'
table,seat,name,chips
1,1,Anna,"21,500"
1,2,Ben,14000
1,3,Carla,12500
1,4,Dev,9000
1,5,Eve,11000
1,6,Farid,8500
2,1,Gia,13000
2,2,Hugo,10000
2,3,Ines,9500
2,4,Jon,12000
2,5,Kemal,8500
CSV
tdtool player chips --csv counts.csv          # 129,500 counted: 500 short of the 130,000 sold
tdtool chips remove 500 --reason "race-off of the 25s"
tdtool chips show                             # now they add up
tdtool player list

for name in Kemal Jon Ines Hugo Gia Farid Eve; do
  tdtool player bust "$name" --yes
done
tdtool player chips Anna 52000 Ben 31000 Carla 28500 Dev 18000   # a recount on the bubble
tdtool status                                 # four players for three seats: the seat bubble
tdtool player bust Dev --yes                  # the seats are decided
tdtool report
