#!/bin/sh
# redis-server replaces the shell (the container's main process), open to the compose network.
set -e
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
