import type { HttpRoute, HttpRouteAnswer } from "@tabletop-mcp/kit/http";
import type { Tier } from "../config/types.js";
import type { Gateway } from "../gateway.js";
import { statusRefusal } from "./status-access.js";
import { statusDocument } from "./status-document.js";

/** Where the page fetches its data. */
export const STATUS_DATA_PATH = "/status/data";

/*
 * The page loads nothing and talks only to the gateway that served it; it may not be framed.
 * Inline script and style are its own, built into the file.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** What the status routes need besides the gateway. */
export interface StatusRouteOptions {
  /** The tier of sessions that pick none. */
  defaultTier: Tier;
  /** The built page. */
  readPage: () => Promise<string>;
}

/**
 * The status page's routes: the page itself at `/` and `/status`, which holds no data and is
 * served to anyone the Host check lets in, and its data at {@link STATUS_DATA_PATH}, which only
 * a caller {@link statusRefusal} does not refuse may read.
 *
 * @param gateway - the running gateway
 * @param options - default tier and how to read the page
 * @returns the routes for the HTTP transport
 */
export function statusRoutes(gateway: Gateway, options: StatusRouteOptions): HttpRoute[] {
  const page = async (): Promise<HttpRouteAnswer> => ({
    status: 200,
    contentType: "text/html; charset=utf-8",
    body: await options.readPage(),
    headers: { "content-security-policy": PAGE_POLICY, "x-content-type-options": "nosniff" },
  });
  return [
    { path: "/", handle: page },
    { path: "/status", handle: page },
    {
      path: STATUS_DATA_PATH,
      handle(identity) {
        const refusal = statusRefusal(identity);
        if (refusal) return refusal;
        return {
          status: 200,
          contentType: "application/json",
          body: JSON.stringify(statusDocument(gateway, options.defaultTier)),
        };
      },
    },
  ];
}
