import type { AuthSettings } from "../auth/auth-settings.js";
import type { Authenticator } from "../auth/authentication.js";
import { createAuthenticator } from "../auth/create-authenticator.js";

/** The path of the RFC 9728 protected resource metadata document. */
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

/** How one HTTP server authenticates requests and describes itself as an OAuth resource. */
export interface HttpAuth {
  readonly authenticator: Authenticator;
  /** The issuer of accepted tokens, in OAuth mode. */
  readonly issuer: string | undefined;
  /** The resource identifier: the public URL, else the URL the server listens on. */
  resource(): string;
  /** The metadata document's URL, path-suffixed as RFC 9728 §3.1 builds it; OAuth mode only. */
  resourceMetadataUrl(): string | undefined;
}

/**
 * The auth of an HTTP server.
 *
 * @param settings - the auth mode
 * @param publicUrl - the MCP endpoint as clients reach it, when it differs from the listener's
 * @param listeningUrl - the listener's MCP endpoint (known once it listens)
 * @returns the server's auth
 */
export function createHttpAuth(
  settings: AuthSettings,
  publicUrl: string | undefined,
  listeningUrl: () => string,
): HttpAuth {
  const resource = () => publicUrl ?? listeningUrl();
  return {
    authenticator: createAuthenticator(settings, resource),
    issuer: settings.mode === "oauth" ? settings.oauth.issuer : undefined,
    resource,
    resourceMetadataUrl() {
      if (settings.mode !== "oauth") return undefined;
      const url = new URL(resource());
      const path = url.pathname === "/" ? "" : url.pathname;
      return `${url.origin}${RESOURCE_METADATA_PATH}${path}`;
    },
  };
}
