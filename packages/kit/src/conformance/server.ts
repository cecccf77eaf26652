import type { Server } from "@modelcontextprotocol/server";
import { createKitServer, type KitServerOptions } from "../create-kit-server.js";
import { CLIENT_REQUEST_TOOLS } from "./client-request-tools.js";
import { CONTENT_TOOLS } from "./content-tools.js";
import {
  FIXTURE_REQUEST_STATE,
  INPUT_REQUIRED_PROMPT,
  INPUT_REQUIRED_TOOLS,
  STATELESS_DIAGNOSTIC_TOOLS,
} from "./input-required-tools.js";
import { JSON_SCHEMA_2020_12_TOOL, X_MCP_HEADER_TOOL } from "./json-schema-tool.js";
import { NOTIFYING_TOOLS } from "./notifying-tools.js";
import { CONFORMANCE_PROMPTS } from "./prompts.js";
import { CONFORMANCE_RESOURCES, CONFORMANCE_TEMPLATES } from "./resources.js";

/**
 * The server the official conformance suite (`@modelcontextprotocol/conformance`, server mode)
 * expects: its `test_*` tools, `test://` resources and prompts, with logging and completions,
 * built with the kit alone, so that the suite judges the kit rather than a tabletop server.
 *
 * @param version - the version it reports in `initialize`
 * @param options - the process-wide hub and logger
 */
export function createConformanceServer(version: string, options: KitServerOptions = {}): Server {
  return createKitServer(
    {
      name: "tabletop-conformance-fixture",
      version,
      tools: [
        ...CONTENT_TOOLS,
        ...NOTIFYING_TOOLS,
        ...CLIENT_REQUEST_TOOLS,
        ...INPUT_REQUIRED_TOOLS,
        ...STATELESS_DIAGNOSTIC_TOOLS,
        JSON_SCHEMA_2020_12_TOOL,
        X_MCP_HEADER_TOOL,
      ],
      resources: CONFORMANCE_RESOURCES,
      resourceTemplates: CONFORMANCE_TEMPLATES,
      prompts: [...CONFORMANCE_PROMPTS, INPUT_REQUIRED_PROMPT],
      logging: true,
      requestState: FIXTURE_REQUEST_STATE,
    },
    options,
  );
}
