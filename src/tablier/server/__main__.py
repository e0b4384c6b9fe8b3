"""`python -m tablier.server [--host H] [--port P] [--db URL]` (same as `tablier serve`)."""

from __future__ import annotations

import argparse

from tablier.server import run


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tablier.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default sqlite:///tablier.db)")
    args = parser.parse_args()
    run(args.host, args.port, args.db)


if __name__ == "__main__":
    main()
