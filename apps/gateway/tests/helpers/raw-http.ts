// Plain HTTP requests to a gateway in either protocol era, for tests that check the wire itself
// (status codes, fields the SDK clients hide, states a client would never forge).

/** The `_meta` envelope every 2026-07-28 request carries; `clientCapabilities` as given. */
export function modernMeta(clientCapabilities: Record<string, unknown> = {}) {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": clientCapabilities,
  };
}

/** What came back: the HTTP status, the raw body, and the JSON-RPC message it held. */
export interface RawAnswer {
  status: number;
  text: string;
  message: { id?: unknown; result?: Record<string, unknown>; error?: Record<string, unknown> };
}

/** The JSON-RPC message of a body: JSON as it is, or the first `data:` event of an SSE body. */
function messageOf(text: string): RawAnswer["message"] {
  const body = text.startsWith("{")
    ? text
    : (text
        .split("\n")
        .find((line) => line.startsWith("data: "))
        ?.slice(6) ?? "{}");
  return JSON.parse(body);
}

/**
 * Sends one 2026-07-28 request, with the envelope and the `Mcp-Method` and `Mcp-Name` headers
 * (the name being `params.name`, `params.uri` or `params.taskId` when there is one).
 */
export async function postModern(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { headers?: Record<string, string>; capabilities?: Record<string, unknown> } = {},
): Promise<RawAnswer> {
  const name = params.name ?? params.uri ?? params.taskId;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...options.headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method,
      params: { ...params, _meta: modernMeta(options.capabilities) },
    }),
  });
  const text = await response.text();
  return { status: response.status, text, message: messageOf(text) };
}

/**
 * Opens a 2025 session with a raw `initialize` and returns a sender of its later requests.
 * @returns sends one request in the session and answers its status and body
 */
export async function openLegacySession(
  url: string,
): Promise<(method: string, params?: Record<string, unknown>) => Promise<RawAnswer>> {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const opened = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw-legacy-test", version: "1.0.0" },
      },
    }),
  });
  const session = opened.headers.get("mcp-session-id") ?? "";
  await opened.text();
  let id = 1;
  return async (method, params = {}) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const text = await response.text();
    return { status: response.status, text, message: messageOf(text) };
  };
}
