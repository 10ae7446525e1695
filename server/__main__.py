"""python -m server serve|migrate ..."""

from __future__ import annotations

import argparse
import sys

from server.planner.cli import add_args as planner_add_args
from server.planner.cli import cmd_planner_json
from server.settings import Settings


def cmd_serve(settings: Settings, _: argparse.Namespace) -> int:
    import uvicorn

    print(f"Waypoint is running at {settings.base_url}", flush=True)
    uvicorn.run(
        "server.app:create_served_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        access_log=False,
        # Forwarded headers count only from listed proxies (none by default).
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
    )
    return 0


def cmd_migrate(settings: Settings, _: argparse.Namespace) -> int:
    from server.store import migrate

    applied, where = migrate(settings)
    print(f"applied migrations: {applied or 'none'} ({where})")
    return 0


def cmd_seed(settings: Settings, _: argparse.Namespace) -> int:
    import asyncio
    import logging

    from server.seed import seed_demo
    from server.store import make_store

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    async def run() -> int:
        db = await make_store(settings).open()
        try:
            report = await seed_demo(db, settings.corpus_dir)
        finally:
            await db.close()
        print(
            f"seeded {report.published} demo builds ({report.variants} variants), "
            f"{report.existing} already present, {report.skipped} corpus files skipped ({db.engine})"
        )
        return 0

    return asyncio.run(run())


def cmd_backup(settings: Settings, args: argparse.Namespace) -> int:
    from server.backup import PG_ADVICE, BackupError, backup

    if settings.database_url:
        print(PG_ADVICE, file=sys.stderr)
        return 2
    try:
        version = backup(settings.db_path, args.path)
    except BackupError as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"backed up {settings.db_path} to {args.path} (schema {version})")
    return 0


def cmd_restore(settings: Settings, args: argparse.Namespace) -> int:
    from server.backup import PG_ADVICE, BackupError, restore

    if settings.database_url:
        print(PG_ADVICE, file=sys.stderr)
        return 2
    try:
        version = restore(args.path, settings.db_path)
    except BackupError as exc:
        print(f"restore failed: {exc}", file=sys.stderr)
        return 1
    print(f"restored {args.path} into {settings.db_path} (schema {version}); start the server to migrate it")
    return 0


def _path_arg(help_text: str):
    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("path", help=help_text)

    return add


COMMANDS = {
    "serve": (cmd_serve, "run the server on the configured host and port"),
    "migrate": (cmd_migrate, "apply pending migrations (SQLite, or PostgreSQL with WAYPOINT_DATABASE_URL)"),
    "seed": (cmd_seed, "publish the planner corpus as demo builds with some likes"),
    "planner-json": (cmd_planner_json, "print the server's extraction of a planner code or XML file as JSON"),
    "backup": (cmd_backup, "copy the SQLite store to PATH while it serves (consistent, checked)"),
    "restore": (cmd_restore, "replace the SQLite store with the backup at PATH (stop the server first)"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (_, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        if name in EXTRA_ARGS:
            EXTRA_ARGS[name](p)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    return COMMANDS[args.command][0](settings, args)


# Subcommand argument builders, by command name.
EXTRA_ARGS: dict = {
    "planner-json": planner_add_args,
    "backup": _path_arg("the backup file to write (replaced atomically)"),
    "restore": _path_arg("the backup file to restore from"),
}

if __name__ == "__main__":
    sys.exit(main())
