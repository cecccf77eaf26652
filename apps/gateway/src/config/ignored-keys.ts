import { COMMON_KEYS, GATEWAY_KEYS, KIND_KEYS, TOOLS_KEYS, TOP_KEYS } from "./config-keys.js";

const ENTRY_KEYS: ReadonlySet<string> = new Set([
  ...COMMON_KEYS,
  ...Object.values(KIND_KEYS).flat(),
]);

/**
 * The keys of a config file the gateway does not know, which it ignores so that client
 * config files (`autoApprove`, `alwaysAllow` …) load unchanged: at the top, in `gateway`, in
 * each enabled server entry and in its `tools`.
 *
 * @param raw - the parsed file
 * @returns their config paths (`mcpServers.notes.autoApprove`)
 */
export function ignoredKeys(raw: unknown): string[] {
  if (!isObject(raw)) return [];
  const found = unknownIn(raw, TOP_KEYS, "");
  if (isObject(raw.gateway)) found.push(...unknownIn(raw.gateway, GATEWAY_KEYS, "gateway."));
  const key = raw.mcpServers !== undefined ? "mcpServers" : "servers";
  const table = raw[key];
  if (!isObject(table)) return found;
  for (const [name, entry] of Object.entries(table)) {
    if (!isObject(entry) || entry.disabled === true) continue;
    const path = `${key}.${name}.`;
    found.push(...unknownIn(entry, ENTRY_KEYS, path));
    if (isObject(entry.tools)) found.push(...unknownIn(entry.tools, TOOLS_KEYS, `${path}tools.`));
  }
  return found;
}

function unknownIn(
  object: Record<string, unknown>,
  known: Iterable<string>,
  prefix: string,
): string[] {
  const knownKeys = new Set(known);
  return Object.keys(object)
    .filter((key) => !knownKeys.has(key))
    .map((key) => `${prefix}${key}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
