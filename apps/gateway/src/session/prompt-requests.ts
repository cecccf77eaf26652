import { type GetPromptResult, ProtocolErrorCode, type Result } from "@modelcontextprotocol/server";
import { exposedPromptResult } from "../catalog/exposed-uris.js";
import { originalUri } from "../catalog/names.js";
import type { Upstream } from "../upstreams/upstream.js";
import { asksForInput, openRound, roundAnswers, sealInputRequest } from "./input-rounds.js";
import { ProtocolError } from "./protocol-error.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";

/**
 * Answers `prompts/get` through the prompt's upstream, with its original name; the resources
 * its messages link or embed come back under their exposed URIs.
 */
export async function getPrompt(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const prompts = session.host.catalog.prompts;
  const prompt = typeof params.name === "string" ? prompts.get(params.name) : undefined;
  if (!prompt) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt ${JSON.stringify(String(params.name))}`,
    );
  }
  const { inputResponses: _answers, requestState: _state, ...asked } = params;
  const round = openRound(prompt.name, extra);
  const request = {
    method: "prompts/get",
    params: { ...asked, name: prompt.original, ...(round ? roundAnswers(round, extra) : {}) },
  };
  const result = await session.forwarding.forward(prompt.upstream, request, extra, {
    allowInputRequired: true,
  });
  if (asksForInput(result)) return sealInputRequest(session, prompt.name, result, round, extra);
  return exposedPromptResult(prompt.upstream.entry.prefix, result as GetPromptResult);
}

/**
 * Answers `completion/complete`: a prompt argument goes to the prompt's upstream (its name
 * unprefixed), a template argument to the template's (its URI template the upstream's own);
 * no values when nobody can complete it.
 */
export async function complete(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const { catalog } = session.host;
  const ref = params.ref as { type?: string; name?: string; uri?: string } | undefined;
  let upstream: Upstream | undefined;
  let forwarded = params;
  if (ref?.type === "ref/prompt" && typeof ref.name === "string") {
    const prompt = catalog.prompts.get(ref.name);
    upstream = prompt?.upstream;
    if (prompt) forwarded = { ...params, ref: { ...ref, name: prompt.original } };
  } else if (ref?.type === "ref/resource" && typeof ref.uri === "string") {
    upstream = catalog.templates.get(ref.uri);
    const own = upstream && originalUri(upstream.entry.prefix, ref.uri);
    if (own !== undefined) forwarded = { ...params, ref: { ...ref, uri: own } };
  }
  if (!upstream?.capabilities?.completions) return { completion: { values: [] } };
  const request = { method: "completion/complete", params: forwarded };
  return session.forwarding.forward(upstream, request, extra);
}
