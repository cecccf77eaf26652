import {
  ALLOW_UNAUTHENTICATED_FLAG,
  AUTH_FLAGS,
  TRUST_GATEWAY_IDENTITY_FLAG,
} from "./auth-flags.js";
import type { CommandLineSpec } from "./flags.js";
import { LIMIT_FLAGS } from "./limit-flags.js";

/** What `--help` shows about the command besides its flags. */
export interface CommandDescription {
  command: string;
  summary: string;
}

/** The `--help` text: usage, the common flags with their env variables and defaults, the extras. */
export function helpText(description: CommandDescription, spec: CommandLineSpec): string {
  const positional = spec.positional
    ? spec.positional.required
      ? ` <${spec.positional.name}>`
      : ` [${spec.positional.name}]`
    : "";
  const rows: Array<[string, string]> = [
    ["--transport stdio|http", "how clients connect (env MCP_TRANSPORT; default stdio)"],
    ["--host H", "HTTP bind address (env MCP_HOST; default 127.0.0.1)"],
    ["--port N", `HTTP port, 0 picks a free one (env PORT; default ${spec.defaultPort})`],
    ["--http-addr H:P", "host and port at once (env MCP_HTTP_ADDR)"],
    ["--allowed-hosts a,b", "extra Host/Origin names accepted, * for any (env MCP_ALLOWED_HOSTS)"],
    ["--auth-token T", "require Authorization: Bearer T over HTTP (env MCP_AUTH_TOKEN)"],
    ...AUTH_FLAGS.map((flag): [string, string] => [
      `--${flag.name} ${flag.value}`,
      `${flag.description} (env ${flag.env})`,
    ]),
    [
      `--${ALLOW_UNAUTHENTICATED_FLAG.name}`,
      `${ALLOW_UNAUTHENTICATED_FLAG.description} (env ${ALLOW_UNAUTHENTICATED_FLAG.env}=1)`,
    ],
    [
      `--${TRUST_GATEWAY_IDENTITY_FLAG.name}`,
      `${TRUST_GATEWAY_IDENTITY_FLAG.description} (env ${TRUST_GATEWAY_IDENTITY_FLAG.env}=1)`,
    ],
    [
      "--rate-limit-ms N",
      `minimum spacing of one client's tool calls, 0 = off (env MCP_RATE_LIMIT_MS; default ${spec.defaultRateLimitMs})`,
    ],
    [
      "--log-level L",
      "error, warn, info or debug; logs go to stderr (env LOG_LEVEL; default error)",
    ],
    ...LIMIT_FLAGS.map((flag): [string, string] => [
      `--${flag.name} N`,
      `${flag.description} (env ${flag.env}; default ${flag.defaultValue})`,
    ]),
  ];
  for (const flag of spec.extraFlags ?? []) {
    const left = flag.value ? `--${flag.name} ${flag.value}` : `--${flag.name}`;
    rows.push([left, flag.env ? `${flag.description} (env ${flag.env})` : flag.description]);
  }
  rows.push(["--help, --version", "show this help or the version"]);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const lines = [
    `${description.command} - ${description.summary}`,
    "",
    `Usage: ${description.command} [options]${positional}`,
  ];
  if (spec.positional) {
    lines.push("", `  <${spec.positional.name}>  ${spec.positional.description}`);
  }
  lines.push("", "Options:");
  for (const [left, right] of rows) lines.push(`  ${left.padEnd(width)}${right}`);
  lines.push(
    "",
    "Over HTTP the MCP endpoint is /mcp (Streamable HTTP), with /sse + /messages for old clients",
    "and /mcp/health for health checks.",
  );
  return `${lines.join("\n")}\n`;
}
