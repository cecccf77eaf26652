// The images' HEALTHCHECK: exit 0 when the server in this container answers GET /mcp/health
// with 200 within four seconds, 1 otherwise.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read inside the container, not by a turbo task
const port = process.env.PORT ?? "8080";
try {
  const response = await fetch(`http://127.0.0.1:${port}/mcp/health`, {
    signal: AbortSignal.timeout(4000),
  });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
