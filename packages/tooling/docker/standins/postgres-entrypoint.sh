#!/bin/sh
# First start: a cluster owned by postgres, reachable from the compose network, with the
# POSTGRES_DB database; then postgres replaces the shell (setpriv execs,
# so postgres is the container's main process and gets the stop signal).
set -e
if [ "$1" != postgres ]; then exec "$@"; fi
shift
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  runuser -u postgres -- initdb -D "$PGDATA" -U postgres -E UTF8 --locale=C.UTF-8 \
    --auth="${POSTGRES_HOST_AUTH_METHOD:-trust}" > /dev/null
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all ${POSTGRES_HOST_AUTH_METHOD:-trust}" >> "$PGDATA/pg_hba.conf"
  if [ -n "$POSTGRES_DB" ] && [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\"" |
      runuser -u postgres -- postgres --single -D "$PGDATA" postgres > /dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" "$@"
