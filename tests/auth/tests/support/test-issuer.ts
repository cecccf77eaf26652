import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

/** An issuer the test holds the keys of, so that it can forge every kind of bad token. */
export interface TestIssuer {
  readonly issuer: string;
  /** How many times the JWKS was fetched. */
  readonly jwksFetches: number;
  /** Signs a token with the published key (or an unpublished one, for an unknown `kid`). */
  sign(claims: JWTPayload, options?: { kid?: "published" | "unpublished" }): Promise<string>;
  /** The published public key, as the JWKS serves it. */
  readonly publicJwk: JWK;
  close(): Promise<void>;
}

/**
 * Serves RFC 8414 metadata and a JWKS with one RS256 key on a loopback port, counting JWKS
 * fetches.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const published = await generateKeyPair("RS256", { extractable: true });
  const unpublished = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(published.publicKey)), kid: "published", alg: "RS256" };
  let jwksFetches = 0;
  const server = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === "/.well-known/oauth-authorization-server") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      return;
    }
    if (request.url === "/jwks") {
      jwksFetches++;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    publicJwk,
    get jwksFetches() {
      return jwksFetches;
    },
    sign: (claims, options = {}) => {
      const kid = options.kid ?? "published";
      const key = kid === "published" ? published.privateKey : unpublished.privateKey;
      return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(key);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
