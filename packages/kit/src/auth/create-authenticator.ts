import type { AuthSettings } from "./auth-settings.js";
import type { Authenticator } from "./authentication.js";
import { oauthAuthenticator } from "./oauth-authenticator.js";
import { openAuthenticator, staticTokenAuthenticator } from "./static-token.js";
import { tokenTableAuthenticator } from "./token-table.js";

/**
 * The authenticator of an auth mode.
 *
 * @param settings - the mode and what it needs
 * @param resource - the server's resource identifier, read when a token is checked
 * @returns the authenticator
 */
export function createAuthenticator(settings: AuthSettings, resource: () => string): Authenticator {
  switch (settings.mode) {
    case "none":
      return openAuthenticator;
    case "token":
      return staticTokenAuthenticator(settings.token);
    case "table":
      return tokenTableAuthenticator(settings.rows);
    case "oauth":
      return oauthAuthenticator(settings.oauth, resource);
  }
}
