#!/usr/bin/env sh
# Verifies every image in docker/Dockerfile for real: builds each target with Podman (or
# Docker) through docker/build-images.sh, on a local stand-in for node:22-slim unless
# NODE_IMAGE names a base the engine can pull, then runs each image and checks that it serves
# /mcp/health, passes its HEALTHCHECK, runs as the unprivileged `node` user and answers a tool
# call over MCP; that a campaign outlives a restart of its container; and that
# docker/compose.yaml puts the gateway in front of the four servers.
#
#   docker/verify.sh                          # after pnpm install
#   NODE_IMAGE=node:22-slim docker/verify.sh  # on the official base
#
# `pnpm test` runs the same tests; without a container engine they report themselves skipped,
# except under CI, where they fail.
set -eu
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
pnpm exec turbo run build --filter="@tabletop-mcp/packaging-tests..." --output-logs=errors-only
exec pnpm --filter @tabletop-mcp/packaging-tests exec vitest run tests/images.test.ts
