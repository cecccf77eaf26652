import { type AuthInfo, Client, InMemoryTransport } from "@modelcontextprotocol/client";
import type { Logger, ResourceHub } from "@tabletop-mcp/kit";
import { type CampaignServerOptions, createServer } from "../../src/server.js";
import type { CampaignStore } from "../../src/storage/campaign-store.js";

/** A client of the campaign server acting as one user, and the updates it heard. */
export interface UserClient {
  client: Client;
  subject: string;
  updates: string[];
}

/** A user as a token names them. */
export interface TestUser {
  subject: string;
  name?: string;
}

/** What a token of the token table carries for a user: both campaign scopes. */
export function authInfoOf(user: TestUser): AuthInfo {
  return {
    token: `token-of-${user.subject}`,
    clientId: "",
    scopes: ["campaign:read", "campaign:write"],
    extra: user.name === undefined ? { sub: user.subject } : { sub: user.subject, name: user.name },
  };
}

/**
 * Connects a client over the SDK's in-memory transport whose every message carries the user's
 * `authInfo`, as the HTTP layer attaches it to requests with a token, to a new session of a
 * campaign server on a shared store and hub.
 *
 * @param options - the store, hub and test hooks every session shares
 * @param user - who the client acts as
 * @returns the connected client and the URIs of the updates it hears, in order
 */
export async function connectAs(
  options: CampaignServerOptions & { store: CampaignStore; hub: ResourceHub; logger?: Logger },
  user: TestUser,
): Promise<UserClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const authInfo = authInfoOf(user);
  const send = clientSide.send.bind(clientSide);
  // A transport's send options still carry `authInfo` in v2; the server hands it to the
  // handlers as `ctx.http.authInfo`, as the HTTP transport does with a verified token.
  clientSide.send = (message, sendOptions) => send(message, { ...sendOptions, authInfo });
  await createServer(options).connect(serverSide);
  const client = new Client({ name: `client-of-${user.subject}`, version: "1.0.0" });
  await client.connect(clientSide);
  const updates: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updates.push(notification.params.uri);
  });
  return { client, subject: user.subject, updates };
}
