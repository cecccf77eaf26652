/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, server mode). It needs
 * Node 22, which is installed from the npm registry into a cache folder outside the repository
 * (the platform's `node-<os>-<arch>` package), next to a pinned suite.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const NODE_VERSION = "22.23.3";
const SUITE_VERSION = "0.1.16";

/**
 * The suite release that runs against the kit's conformance fixture: the first with
 * `--requirements`, which runs exactly the scenarios a spec revision requires and says which
 * of the others it ran without scoring them.
 */
export const FIXTURE_SUITE_VERSION = "0.2.0-alpha.12";

/** Where the toolchain lives: Node 22 and the suite, reused across runs. */
export interface ConformanceToolchain {
  node: string;
  suite: string;
}

function nodePackage(): string {
  const os = process.platform === "win32" ? "win" : process.platform;
  return `node-${os}-${process.arch}`;
}

/**
 * Installs (once) and returns Node 22 and the suite; throws with npm's output when it cannot.
 *
 * @param suiteVersion - the pinned suite release; each has its own cache folder
 */
export function conformanceToolchain(suiteVersion = SUITE_VERSION): ConformanceToolchain {
  const prefix = join(tmpdir(), `tabletop-mcp-conformance-${suiteVersion}-node${NODE_VERSION}`);
  const node = join(prefix, "node_modules", nodePackage(), "bin", "node");
  const suite = join(
    prefix,
    "node_modules",
    "@modelcontextprotocol",
    "conformance",
    "dist",
    "index.js",
  );
  if (!existsSync(node) || !existsSync(suite)) {
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const install = spawnSync(
      npm,
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        `${nodePackage()}@${NODE_VERSION}`,
        `@modelcontextprotocol/conformance@${suiteVersion}`,
      ],
      { encoding: "utf8", timeout: 170_000 },
    );
    if (install.status !== 0 || !existsSync(node) || !existsSync(suite)) {
      throw new Error(
        `could not install Node ${NODE_VERSION} and the suite: ${install.stderr.slice(-2000)}`,
      );
    }
  }
  return { node, suite };
}

/** One scenario's outcome. */
export interface ScenarioOutcome {
  passed: number;
  failed: number;
  /** The first failure messages, for the report. */
  messages: string[];
  /** Every failed check, by id, with its message. */
  failures: Array<{ id: string; message: string }>;
}

/**
 * Runs the suite's server scenarios against `url` (every active one, unless `selection` says
 * otherwise, e.g. `["--requirements", "2025-11-25"]`); returns the outcomes by scenario name.
 */
export async function runConformance(
  toolchain: ConformanceToolchain,
  url: string,
  outputDirectory: string,
  selection: readonly string[] = [],
): Promise<Map<string, ScenarioOutcome>> {
  // Exit code 1 just means some scenario failed; the results on disk say which.
  await promisify(execFile)(
    toolchain.node,
    [toolchain.suite, "server", "--url", url, "-o", outputDirectory, ...selection],
    {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    },
  ).catch((error: { code?: unknown }) => {
    if (error.code !== 1) throw error;
  });
  const outcomes = new Map<string, ScenarioOutcome>();
  for (const entry of readdirSync(outputDirectory)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(entry);
    const checksFile = join(outputDirectory, entry, "checks.json");
    if (!match?.[1] || !existsSync(checksFile)) continue;
    const checks = JSON.parse(readFileSync(checksFile, "utf8")) as Array<{
      id?: string;
      status: string;
      errorMessage?: string;
    }>;
    const failures = checks.filter((check) => check.status === "FAILURE");
    outcomes.set(match[1], {
      passed: checks.filter((check) => check.status === "SUCCESS").length,
      failed: failures.length,
      messages: failures.slice(0, 2).map((check) => (check.errorMessage ?? "").slice(0, 200)),
      failures: failures.map((check) => ({
        id: check.id ?? "",
        message: check.errorMessage ?? "",
      })),
    });
  }
  return outcomes;
}

/** What a server is expected to do in a scenario that does not need the suite's fixtures. */
export interface ScenarioExpectation {
  outcome: "pass" | "fail";
  reason: string;
}

/** Scenarios every MCP server must pass, whatever it offers. */
const UNIVERSAL = [
  "server-initialize",
  "ping",
  "tools-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

/**
 * Scenarios that call the suite's own fixture tools, resources and prompts (`test_*`,
 * `test://…`), which no tabletop server has: their outcome says nothing about the server.
 */
export const FIXTURE_SCENARIOS = new Set([
  "tools-call-simple-text",
  "tools-call-image",
  "tools-call-audio",
  "tools-call-embedded-resource",
  "tools-call-mixed-content",
  "tools-call-with-logging",
  "tools-call-error",
  "tools-call-with-progress",
  "tools-call-sampling",
  "tools-call-elicitation",
  "elicitation-sep1034-defaults",
  "elicitation-sep1330-enums",
  "resources-read-text",
  "resources-read-binary",
  "resources-templates-read",
  "resources-subscribe",
  "resources-unsubscribe",
  "prompts-get-simple",
  "prompts-get-with-args",
  "prompts-get-embedded-resource",
  "prompts-get-with-image",
]);

/** What the server offers, from its spec: capabilities decide the capability scenarios. */
export interface Offers {
  resources: boolean;
  prompts: boolean;
  logging: boolean;
  completions: boolean;
}

/** The expected outcome of every scenario outside {@link FIXTURE_SCENARIOS}. */
export function expectations(offers: Offers): Map<string, ScenarioExpectation> {
  const expected = new Map<string, ScenarioExpectation>();
  for (const scenario of UNIVERSAL)
    expected.set(scenario, { outcome: "pass", reason: "every server" });
  const byCapability = (scenario: string, offered: boolean, what: string) =>
    expected.set(
      scenario,
      offered
        ? { outcome: "pass", reason: `declares ${what}` }
        : {
            outcome: "fail",
            reason: `declares no ${what} capability, so the method is not found (-32601)`,
          },
    );
  byCapability("resources-list", offers.resources, "resources");
  byCapability("prompts-list", offers.prompts, "prompts");
  byCapability("logging-set-level", offers.logging, "logging");
  byCapability("completion-complete", offers.completions, "completions");
  return expected;
}
