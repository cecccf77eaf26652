/**
 * Whether one chunk of an SSE response may be dropped for a client that does not read: a
 * comment (the SDK's keep-alive) or an event carrying a JSON-RPC notification. Responses,
 * server-to-client requests and anything unrecognised must arrive.
 */
export function isDroppableSseChunk(chunk: string | Uint8Array): boolean {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  const lines = text.split("\n").filter((line) => line !== "");
  if (lines.length === 0) return false;
  if (lines.every((line) => line.startsWith(":"))) return true;
  const data = lines
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
    .join("\n");
  return data !== "" && isNotification(data);
}

function isNotification(json: string): boolean {
  try {
    const message: unknown = JSON.parse(json);
    return (
      typeof message === "object" &&
      message !== null &&
      typeof (message as { method?: unknown }).method === "string" &&
      !Object.hasOwn(message, "id")
    );
  } catch {
    return false;
  }
}
