import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import { authorizeInBrowser } from "./browser.js";

const REDIRECT_URI = "http://127.0.0.1:1/callback";

/**
 * The SDK's `OAuthClientProvider`, kept in memory: what a real MCP client stores, plus a
 * browser that signs in and consents when the SDK redirects the user. The callback query it
 * brings back (`code`, and the issuer's `iss`, which the SDK checks as RFC 9207 says) waits in
 * `callback` for `transport.finishAuth`.
 */
export class InMemoryOAuthClient implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  storedTokens: OAuthTokens | undefined;
  private verifier = "";
  callback: URLSearchParams | undefined;
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
    if (!answer.get("code")) throw new Error(`authorization refused: ${answer.toString()}`);
    if (answer.get("state") !== authorizationUrl.searchParams.get("state")) {
      throw new Error(`the callback's state is not the request's: ${answer.toString()}`);
    }
    this.callback = answer;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}
