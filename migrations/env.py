"""Alembic environment: runs the judge's migrations against one database URL."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlmodel import SQLModel

import judge.masters.authority  # noqa: F401  (registers the game-master tables)
import judge.store.mail  # noqa: F401  (registers the mail tables)
import judge.store.models  # noqa: F401  (registers the game tables)
import judge.store.secrets  # noqa: F401  (registers the secrets table)
from judge.store.db import make_engine

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logging", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from judge.config import load_config

    return load_config("judge.toml").database.url


def run_migrations_offline() -> None:
    """Emit SQL for the migrations without a database connection."""
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on a live connection."""
    engine = make_engine(_url())
    try:
        with engine.connect() as connection:
            context.configure(
                connection=connection,
                target_metadata=target_metadata,
                render_as_batch=connection.dialect.name == "sqlite",
            )
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
