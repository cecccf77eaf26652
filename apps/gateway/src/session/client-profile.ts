import type { ClientCapabilities, JSONRPCRequest } from "@modelcontextprotocol/server";

/**
 * The client capabilities an upstream can see through the gateway: those that let it send the
 * client requests (sampling, elicitation, roots). Servers decide by them which tools to offer
 * (the reference "everything" server lists its sampling tool only to clients with `sampling`).
 */
export type ClientProfile = Pick<ClientCapabilities, "roots" | "sampling" | "elicitation">;

/**
 * What the gateway's own connections (catalog, shared stdio) declare: every capability the
 * gateway can pass on to a client, so that the catalog holds every tool some client may be
 * offered. Each session then sees only what the upstream offers its own client.
 */
export const GATEWAY_PROFILE: ClientProfile = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
};

/**
 * The profile of a client, from the capabilities its `initialize` declared.
 * @param capabilities - the client's capabilities, if it has initialized
 * @returns the capabilities an upstream may see
 */
export function profileOf(capabilities: ClientCapabilities | undefined): ClientProfile {
  return {
    ...(capabilities?.roots ? { roots: capabilities.roots } : {}),
    ...(capabilities?.sampling ? { sampling: capabilities.sampling } : {}),
    ...(capabilities?.elicitation ? { elicitation: capabilities.elicitation } : {}),
  };
}

/**
 * A key equal for equal profiles, whatever the order of their keys.
 * @param profile - a client profile
 * @returns its canonical JSON text
 */
export function profileKey(profile: ClientProfile): string {
  return JSON.stringify(sortedKeys(profile));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
}

/**
 * The capability a client lacks to answer a request from an upstream, or `undefined` when it
 * has it: `sampling` (and `sampling.tools` when the request offers tools), `elicitation`
 * (`elicitation.url` for URL mode; a bare `elicitation` means form mode), `roots`.
 *
 * @param profile - the client's profile
 * @param request - the upstream's request
 * @returns the missing capability, as its path in the capabilities object
 */
export function missingCapability(
  profile: ClientProfile,
  request: Pick<JSONRPCRequest, "method" | "params">,
): string | undefined {
  const params = (request.params ?? {}) as { tools?: unknown; mode?: unknown };
  switch (request.method) {
    case "sampling/createMessage":
      if (!profile.sampling) return "sampling";
      return params.tools !== undefined && !profile.sampling.tools ? "sampling.tools" : undefined;
    case "elicitation/create": {
      const elicitation = profile.elicitation;
      if (!elicitation) return "elicitation";
      if (params.mode === "url") return elicitation.url ? undefined : "elicitation.url";
      const formAccepted = !elicitation.url || elicitation.form;
      return formAccepted ? undefined : "elicitation.form";
    }
    case "roots/list":
      return profile.roots ? undefined : "roots";
    default:
      return undefined;
  }
}
