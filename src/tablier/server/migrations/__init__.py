"""The database schema's Alembic migrations (applied by `tablier.server.schema.upgrade`).

Shipped inside the package so that an installed Tablier upgrades its own database; there is
no alembic.ini: `tablier.server.schema.config()` builds the configuration in code.
"""
