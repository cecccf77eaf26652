#!/usr/bin/env bash
# Builds images from docker/Dockerfile with the machine's container engine (docker/engine.sh)
# and tags each as localhost/tabletop-mcp-verify/TARGET:
#
#   docker/build-images.sh                  # dice duality campaign world gateway
#   docker/build-images.sh dice campaign
#
# The base image is NODE_IMAGE when set (e.g. node:22-slim where it can be pulled), otherwise
# the local stand-in for node:22-slim that docker/stand-in-node/build.sh makes. Each stage's
# duration goes to stderr; layers the engine has cached are reused.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
engine="$here/engine.sh"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dice duality campaign world gateway)

say() { echo "images: $*" >&2; }

started=$SECONDS
base=${NODE_IMAGE:-$("$here/stand-in-node/build.sh")}
say "base image $base ready after $((SECONDS - started)) s"

format=()
# Podman writes OCI images by default, a format without HEALTHCHECK.
[ "$("$engine" --name)" = podman ] && format=(--format docker)

log=$(mktemp "${TMPDIR:-/tmp}/tabletop-images-XXXXXX.log")
trap 'rm -f "$log"' EXIT
for target in "${targets[@]}"; do
  started=$SECONDS
  if ! "$engine" build --network=host "${format[@]}" --file "$root/docker/Dockerfile" \
    --target "$target" --build-arg "NODE_IMAGE=$base" \
    --tag "localhost/tabletop-mcp-verify/$target" "$root" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    say "building $target failed"
    exit 1
  fi
  say "built localhost/tabletop-mcp-verify/$target in $((SECONDS - started)) s"
done
