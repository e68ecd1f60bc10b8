from tdtool.cli import main

main()
