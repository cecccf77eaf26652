/**
 * Calls every tool of a connected server with generated and hostile arguments and collects
 * every answer that breaks the contract.
 */
import { type Client, SdkHttpError, type Tool } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { type FuzzCase, fuzzCases } from "./adversarial.js";
import { answerProblems, OutputSchemas } from "./contract-check.js";
import type { IdPool, JsonSchema } from "./schema-arbitrary.js";
import type { ErrorStyle } from "./servers.js";

/** How to fuzz one server. */
export interface FuzzOptions {
  seed: number;
  /** Calls spread evenly over the server's tools. */
  calls: number;
  hugeStrings: boolean;
  errorStyle: ErrorStyle;
  idPool?: IdPool;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Over HTTP: a request body over this many bytes may be refused (413) instead of answered. */
  bodyLimitBytes?: number;
}

/** What a fuzz run saw. */
export interface FuzzReport {
  calls: number;
  results: number;
  toolErrors: number;
  /** Bodies over the HTTP limit, refused as the contract says. */
  refusedOversize: number;
  /** Distinct contract violations, each with one example and how often it happened. */
  failures: string[];
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
}

/** Fuzzes every tool `client` lists. */
export async function fuzzServer(client: Client, options: FuzzOptions): Promise<FuzzReport> {
  const { tools } = await client.listTools();
  const schemas = new OutputSchemas(tools);
  const perTool = Math.max(1, Math.ceil(options.calls / tools.length));
  const work: Array<{ tool: Tool; fuzzCase: FuzzCase }> = [];
  tools.forEach((tool, index) => {
    const arbitrary = fuzzCases(tool.inputSchema as JsonSchema, options.idPool ?? {}, {
      hugeStrings: options.hugeStrings,
    });
    for (const fuzzCase of fc.sample(arbitrary, { seed: options.seed + index, numRuns: perTool })) {
      work.push({ tool, fuzzCase });
    }
  });

  const report: FuzzReport = {
    calls: 0,
    results: 0,
    toolErrors: 0,
    refusedOversize: 0,
    failures: [],
  };
  const seen = new Map<string, { example: string; count: number }>();
  const record = (key: string, example: string) => {
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { example, count: 1 });
  };

  const callOne = async ({ tool, fuzzCase }: { tool: Tool; fuzzCase: FuzzCase }) => {
    report.calls++;
    try {
      const result = await client.request(
        { method: "tools/call", params: { name: tool.name, arguments: fuzzCase.args } },
        { timeout: 30_000 },
      );
      if (result.isError) report.toolErrors++;
      else report.results++;
      for (const problem of answerProblems(
        tool.name,
        result,
        schemas,
        options.errorStyle,
        fuzzCase.expect,
      )) {
        record(`${tool.name}: ${problem}`, `[${fuzzCase.label}] ${preview(fuzzCase.args)}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const size = Buffer.byteLength(JSON.stringify(fuzzCase.args));
      const status = error instanceof SdkHttpError ? error.status : undefined;
      if (
        options.bodyLimitBytes !== undefined &&
        size > options.bodyLimitBytes - 200 &&
        status === 413
      ) {
        report.refusedOversize++;
        return;
      }
      record(
        `${tool.name}: JSON-RPC error ${message.slice(0, 120)}`,
        `[${fuzzCase.label}] ${preview(fuzzCase.args)}`,
      );
    }
  };

  const concurrency = options.concurrency ?? 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < work.length) {
        const item = work[next++];
        if (item) await callOne(item);
      }
    }),
  );
  report.failures = [...seen.entries()].map(
    ([key, { example, count }]) => `${key} (${count}×), e.g. ${example}`,
  );
  return report;
}
