import type { OAuthClientProvider, OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/client";
import { authorizeInBrowser } from "./browser.js";

const REDIRECT_URI = "http://127.0.0.1:1/callback";

/**
 * The SDK's `OAuthClientProvider`, kept in memory: what a real MCP client stores, plus a
 * browser that signs in and consents when the SDK redirects the user. The code it brings
 * back waits in `pendingCode` for `transport.finishAuth`.
 */
export class InMemoryOAuthClient implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  storedTokens: OAuthTokens | undefined;
  private verifier = "";
  pendingCode: string | undefined;
  /** How many times the SDK sent the user to the authorization endpoint. */
  redirects = 0;

  get redirectUrl(): string {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "tabletop auth tests",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.storedTokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.storedTokens = tokens;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.redirects++;
    const answer = await authorizeInBrowser(authorizationUrl, REDIRECT_URI);
    const code = answer.get("code");
    if (!code) throw new Error(`authorization refused: ${answer.toString()}`);
    this.pendingCode = code;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}
