from tablier.cli import main

main()
