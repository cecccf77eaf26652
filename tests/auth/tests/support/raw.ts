import { initializeRequest, MCP_POST_HEADERS } from "@tabletop-mcp/kit/testing";

/** POSTs one JSON-RPC message to an MCP endpoint with the given headers. */
export function postMcp(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify(message),
  });
}

/** Opens a session with a raw initialize and returns its id. */
export async function openSession(url: string, token: string): Promise<string> {
  const response = await postMcp(url, initializeRequest(1, "raw-auth-test"), {
    authorization: `Bearer ${token}`,
  });
  if (response.status !== 200) throw new Error(`initialize answered ${response.status}`);
  await response.text();
  const id = response.headers.get("mcp-session-id");
  if (!id) throw new Error("no session id");
  await postMcp(
    url,
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { authorization: `Bearer ${token}`, "mcp-session-id": id },
  ).then((answer) => answer.text());
  return id;
}

/** A `tools/call` request. */
export function toolCall(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}
