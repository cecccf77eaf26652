import type { FastifyInstance } from "fastify";
import { RESOURCE_METADATA_PATH } from "./http-auth.js";
import type { HttpContext } from "./http-context.js";

/**
 * `GET /.well-known/oauth-protected-resource` and its path-suffixed form for `/mcp` (RFC 9728),
 * in OAuth mode only: where clients learn which authorization server issues tokens for this
 * resource and which scopes it knows.
 */
export function registerProtectedResourceRoutes(app: FastifyInstance, context: HttpContext): void {
  const { auth, options } = context;
  const issuer = auth.issuer;
  if (issuer === undefined) return;
  const document = () => ({
    resource: auth.resource(),
    authorization_servers: [issuer],
    scopes_supported: [...(options.scopesSupported ?? [])],
    bearer_methods_supported: ["header"],
    resource_name: options.name,
  });
  for (const path of [RESOURCE_METADATA_PATH, `${RESOURCE_METADATA_PATH}/mcp`]) {
    app.get(path, async (_request, reply) => {
      reply.header("cache-control", "max-age=300");
      return document();
    });
  }
}
