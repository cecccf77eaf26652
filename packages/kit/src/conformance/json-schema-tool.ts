import * as z from "zod";
import { defineJsonSchemaTool, type Tool } from "../tool.js";
import { READ_ONLY } from "./content-tools.js";

/**
 * The tool whose parameters use JSON Schema 2020-12 keywords zod does not write (suite:
 * `json-schema-2020-12`, SEP-1613 and SEP-2106): `$schema`, `$defs` with an `$anchor`, `$ref`,
 * `allOf` of `anyOf`, `if`/`then`/`else`, which must reach `tools/list` as written.
 */
export const JSON_SCHEMA_2020_12_TOOL: Tool = defineJsonSchemaTool({
  name: "json_schema_2020_12_tool",
  title: "json_schema_2020_12_tool",
  description: "Takes a contact whose schema uses JSON Schema 2020-12 features; echoes it.",
  inputSchema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    $defs: {
      address: {
        $anchor: "addressDef",
        type: "object",
        properties: { street: { type: "string" }, city: { type: "string" } },
      },
    },
    properties: {
      name: { type: "string" },
      address: { $ref: "#/$defs/address" },
      contactMethod: { type: "string", enum: ["phone", "email"] },
      phone: { type: "string" },
      email: { type: "string" },
    },
    allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
    if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema 2020-12 keyword
    then: { required: ["phone"] },
    else: { required: ["email"] },
    additionalProperties: false,
  },
  output: z.object({ text: z.string() }).strict(),
  annotations: READ_ONLY,
  handler: (args) => ({ text: `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}` }),
  content: (answer) => [{ type: "text", text: answer.text }],
});

/**
 * The tool whose `region` parameter is mirrored into an `Mcp-Param-Region` header (suite:
 * `http-custom-header-server-validation`, SEP-2243), so that the suite can check the server
 * validates such headers against the body.
 */
export const X_MCP_HEADER_TOOL: Tool = defineJsonSchemaTool({
  name: "test_x_mcp_header",
  title: "test_x_mcp_header",
  description: "Echoes its region, which the client mirrors into the Mcp-Param-Region header.",
  inputSchema: {
    type: "object",
    properties: {
      region: {
        type: "string",
        description: "Mirrored into Mcp-Param-Region",
        "x-mcp-header": "Region",
      },
      level: { type: "integer", description: "Not mirrored" },
    },
  },
  output: z.object({ text: z.string() }).strict(),
  annotations: READ_ONLY,
  handler: (args) => ({
    text: `region=${typeof args.region === "string" ? args.region : "<none>"}`,
  }),
  content: (answer) => [{ type: "text", text: answer.text }],
});
