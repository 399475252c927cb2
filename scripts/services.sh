#!/usr/bin/env bash
# Install the Debian packages the server's tests start on temporary directories: PostgreSQL and
# Redis. Idempotent and quick when they are there already (no apt-get at all then). Needs root or
# sudo for the install; the tests themselves start the servers as the postgres user when run as
# root (PostgreSQL refuses to run as root) and skip those tests if the packages are missing.
set -euo pipefail
need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v runuser >/dev/null 2>&1 || need+=(util-linux)
if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "services.sh: need root to install ${need[*]} (the PostgreSQL/Redis tests will be skipped)" >&2
        exit 1
    fi
fi
echo "== installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# Debian starts a system-wide cluster and redis where it can; the tests use their own.
