#!/usr/bin/env sh
# Verifies every image in docker/Dockerfile. With a container engine that can build them
# (docker, or podman, able to pull node:22-slim) it builds each target, runs it, waits for its
# HEALTHCHECK and makes an MCP handshake and a tool call against it. Without one it reproduces
# each image's steps outside a container (the same `pnpm deploy` into a temporary folder, the
# same command, environment and health check) and runs the same checks against that.
#
#   docker/verify.sh                              # after pnpm install
#   TABLETOP_IMAGE_VERIFY=local docker/verify.sh  # never use an engine
set -eu
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
pnpm exec turbo run build --filter="@tabletop-mcp/packaging-tests..." --output-logs=errors-only
exec pnpm --filter @tabletop-mcp/packaging-tests exec vitest run test/images.test.ts
