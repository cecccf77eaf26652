#!/usr/bin/env sh
# Runs the container engine that builds, runs and checks this repository's images: Podman
# when it answers, otherwise Docker. Arguments go to the engine unchanged:
#
#   docker/engine.sh build --network=host -f docker/Dockerfile --target dice .
#   docker/engine.sh --name     # prints the engine's name, or fails saying why there is none
#
# Podman reads docker/podman/containers.conf and uses runc when it is installed: crun, its
# default runtime, cannot start containers under cgroups v1 in hybrid mode, which is what
# some virtual machines and CI runners have.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

if podman info >/dev/null 2>&1; then
  engine=podman
elif docker info >/dev/null 2>&1; then
  engine=docker
else
  echo "no container engine: neither 'podman info' nor 'docker info' succeeds" >&2
  exit 69
fi

if [ "${1-}" = "--name" ]; then
  echo "$engine"
  exit 0
fi

if [ "$engine" = docker ]; then
  exec docker "$@"
fi
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/podman/containers.conf}"
if command -v runc >/dev/null 2>&1; then
  exec podman --runtime "$(command -v runc)" "$@"
fi
exec podman "$@"
