import type { FastifyInstance, FastifyReply } from "fastify";
import type { Logger } from "../logger.js";
import { discardBody } from "./discard-body.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import { BODY_LIMIT_BYTES, DISCARD_LIMIT_BYTES, DISCARD_TIMEOUT_MS } from "./limits.js";

/** Turns every error Fastify meets, and unknown paths, into JSON-RPC shaped answers. */
export function installErrorHandlers(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler(
    async (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) logger.error(`http error: ${error.message}`);
      const code =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
        error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
        status === 400
          ? JsonRpcCode.parseError
          : JsonRpcCode.serverError;
      const message =
        status >= 500 ? "Internal server error" : httpErrorMessage(status, error.message);
      if (status === 413) {
        await discardBody(request.raw, {
          maxBytes: DISCARD_LIMIT_BYTES,
          timeoutMs: DISCARD_TIMEOUT_MS,
        });
      }
      return reply.code(status).type("application/json").send(jsonRpcErrorBody(code, message));
    },
  );
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type("application/json")
      .send(
        jsonRpcErrorBody(
          JsonRpcCode.serverError,
          `Not found: ${request.method} ${request.url.split("?")[0]}`,
        ),
      );
  });
}

function httpErrorMessage(status: number, detail: string): string {
  if (status === 413) return `Payload too large: the body limit is ${BODY_LIMIT_BYTES} bytes`;
  if (status === 415) return "Unsupported media type: send application/json";
  if (status === 400) return `Parse error: ${detail}`;
  return detail;
}

/** Answers with a JSON-RPC shaped error body. */
export async function sendError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
): Promise<void> {
  await reply.code(status).type("application/json").send(jsonRpcErrorBody(code, message));
}
