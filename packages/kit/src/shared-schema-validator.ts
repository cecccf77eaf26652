import type { jsonSchemaValidator } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";

let shared: AjvJsonSchemaValidator | undefined;

/**
 * One JSON Schema validator for every server of the process, made on first use. The SDK
 * otherwise builds an Ajv instance per server (megabytes each, and start-up time), although a
 * kit server only needs one to check elicitation answers; the gateway and HTTP mode make a
 * server per session, so the copies add up.
 */
export const sharedSchemaValidator: jsonSchemaValidator = {
  getValidator(schema) {
    shared ??= new AjvJsonSchemaValidator();
    return shared.getValidator(schema);
  },
};
