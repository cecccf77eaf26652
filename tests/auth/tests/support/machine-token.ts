import { MACHINE_CLIENT } from "./authorization-server.js";

/**
 * A token of the client credentials grant for a resource of the test's choosing.
 *
 * @param issuer - the authorization server
 * @param resource - the RFC 8707 resource indicator
 * @param scope - the scopes asked for
 * @param client - the confidential client asking
 */
export async function machineToken(
  issuer: string,
  resource: string,
  scope: string,
  client: { id: string; secret: string } = MACHINE_CLIENT,
): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials", resource, scope }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.access_token;
}
