import { createKitServer, defineResource, defineTool, type KitServer } from "@tabletop-mcp/kit";
import * as z from "zod";

/** The URI of the echo server's resource that answers its reader's identity. */
export const WHO_URI = "who://me";

/**
 * A kit server whose `whoami` tool and `who://me` resource answer the identity their handler
 * was given (`context.identity`), both needing `tabletop:play`: put behind a builtin entry, it
 * shows what the gateway tells a builtin of its caller.
 *
 * @returns a fresh server instance
 */
export function identityEchoServer(): KitServer {
  const whoami = defineTool({
    name: "whoami",
    title: "Who am I",
    description: "Answers the caller's identity as the server was told it.",
    input: z.strictObject({}),
    output: z.object({
      subject: z.string(),
      name: z.string().optional(),
      clientId: z.string().optional(),
      scopes: z.array(z.string()),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    scope: "tabletop:play",
    handler: (_args, context) => ({ ...context.identity, scopes: [...context.identity.scopes] }),
  });
  const me = defineResource({
    uri: WHO_URI,
    name: "me",
    description: "The reader's identity as the server was told it.",
    mimeType: "application/json",
    scope: "tabletop:play",
    read: (context) => ({ text: JSON.stringify(context.identity) }),
  });
  return createKitServer({ name: "identity-echo", version: "0", tools: [whoami], resources: [me] });
}
