import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** The tabletop scopes (docs/auth.md §3), written out here rather than imported from the kit. */
export const TABLETOP_SCOPES = [
  "tabletop:play",
  "campaign:read",
  "campaign:write",
  "gateway:admin",
];

const PLAYING = ["tabletop:play", "campaign:read", "campaign:write"];

/**
 * The people of the tests, with the scopes each may consent to. Only the GM administers the
 * gateway; what sets the player and the stranger apart is a campaign's seats, not scopes.
 */
export const USERS = {
  gm: { name: "Grace the GM", scopes: TABLETOP_SCOPES },
  player: { name: "Pat the Player", scopes: PLAYING },
  stranger: { name: "Sam the Stranger", scopes: PLAYING },
} as const;

export type UserName = keyof typeof USERS;

/** A confidential client registered up front, for the client credentials grant. */
export const MACHINE_CLIENT = { id: "gateway-machine", secret: "machine-secret-0123456789" };

/** The client a resource server introspects opaque tokens as. */
export const INTROSPECTING_CLIENT = { id: "dice-introspector", secret: "introspector-secret-0123" };

/** Resources whose path contains this get opaque access tokens, to be introspected. */
export const OPAQUE_MARK = "/opaque/";

/** A running authorization server. */
export interface AuthorizationServer {
  readonly issuer: string;
  readonly provider: Provider;
  /** Who consents to the next interaction; the test sets it before each flow. */
  signInAs: UserName;
  /** How many client-credentials tokens were issued. */
  readonly machineTokens: number;
  /** How many introspection requests were answered. */
  readonly introspections: number;
  close(): Promise<void>;
}

/**
 * Starts `oidc-provider` on a loopback port: dynamic client registration, authorization code
 * with PKCE, refresh tokens, client credentials, resource indicators with JWT access tokens
 * whose audience is the resource, and three users. Logging in and consenting go through the
 * provider's own interaction API, answered by this server's `/interaction/:uid` endpoint for
 * the user named in `signInAs`.
 *
 * @param accessTokenTtlSeconds - lifetime of access tokens
 */
export async function startAuthorizationServer(
  accessTokenTtlSeconds = 600,
): Promise<AuthorizationServer> {
  const http = createServer();
  http.listen(0, "127.0.0.1");
  await once(http, "listening");
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: "test-key-1",
    alg: "ES256",
    use: "sig",
  };
  const state = { signInAs: "gm" as UserName, machineTokens: 0, introspections: 0 };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: MACHINE_CLIENT.id,
        client_secret: MACHINE_CLIENT.secret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        scope: TABLETOP_SCOPES.join(" "),
      },
      {
        client_id: INTROSPECTING_CLIENT.id,
        client_secret: INTROSPECTING_CLIENT.secret,
        grant_types: [],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [signingKey] },
    clientDefaults: { id_token_signed_response_alg: "ES256" },
    scopes: ["openid", "offline_access", ...TABLETOP_SCOPES],
    claims: { openid: ["sub"], profile: ["name"] },
    findAccount: (_ctx, id) => {
      const user = USERS[id as UserName];
      if (!user) return undefined;
      return { accountId: id, claims: () => ({ sub: id, name: user.name }) };
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true, allowedPolicy: async () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined as unknown as string,
        useGrantedResource: () => true,
        // A user is offered only the scopes they may have; what else a client asks is dropped.
        getResourceServerInfo: (ctx, resource) => ({
          scope: scopesFor(ctx.oidc.session?.accountId).join(" "),
          audience: resource,
          accessTokenTTL: accessTokenTtlSeconds,
          ...(resource.includes(OPAQUE_MARK)
            ? { accessTokenFormat: "opaque" as const }
            : { accessTokenFormat: "jwt" as const, jwt: { sign: { alg: "ES256" as const } } }),
        }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      if (token.kind === "ClientCredentials") state.machineTokens++;
      const accountId = (token as { accountId?: string }).accountId;
      const user = accountId ? USERS[accountId as UserName] : undefined;
      return user ? { name: user.name } : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    expiresWithSession: async () => false,
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      ClientCredentials: accessTokenTtlSeconds,
    },
  });
  const callback = provider.callback();
  http.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith("/token/introspection")) state.introspections++;
    if (request.url?.startsWith("/interaction/")) {
      void answerInteraction(provider, state.signInAs, request, response);
      return;
    }
    void callback(request, response);
  });
  return {
    issuer,
    provider,
    get signInAs() {
      return state.signInAs;
    },
    set signInAs(user: UserName) {
      state.signInAs = user;
    },
    get machineTokens() {
      return state.machineTokens;
    },
    get introspections() {
      return state.introspections;
    },
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function scopesFor(accountId: string | undefined): readonly string[] {
  const user = accountId === undefined ? undefined : USERS[accountId as UserName];
  return user ? user.scopes : TABLETOP_SCOPES;
}

/**
 * The login and consent of one interaction, for the test's chosen user: login names the
 * account; consent grants the requested scopes the user may have, and no others.
 */
async function answerInteraction(
  provider: Provider,
  user: UserName,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === "login") {
      await provider.interactionFinished(request, response, { login: { accountId: user } });
      return;
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session?.accountId ?? user,
          clientId: String(details.params.client_id),
        });
    if (!grant) throw new Error("grant not found");
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    const allowed: readonly string[] = USERS[user].scopes;
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      const granted = scopes.filter((scope) => allowed.includes(scope));
      if (granted.length === 0) {
        await provider.interactionFinished(request, response, {
          error: "access_denied",
          error_description: `${user} may not use ${resource}`,
        });
        return;
      }
      grant.addResourceScope(resource, granted.join(" "));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  } catch (error) {
    response.writeHead(500, { "content-type": "text/plain" });
    response.end(String(error));
  }
}
