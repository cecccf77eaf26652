import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cleanEnvironment, runChecked, runCommand } from "./commands.js";
import { engine, imageName, tryEngine } from "./container-engine.js";
import { REPOSITORY_ROOT } from "./workspace.js";

const COMPOSE_FILE = join(REPOSITORY_ROOT, "docker", "compose.yaml");
const ENGINE_SCRIPT = join(REPOSITORY_ROOT, "docker", "engine.sh");
/** The label both Docker Compose and Podman Compose put on what a project creates. */
const PROJECT_LABEL = "com.docker.compose.project";

/** The compose command of an engine: Podman Compose (through docker/engine.sh), or Docker's. */
function composeCommand(engineName: "podman" | "docker"): [string, string[]] {
  return engineName === "podman"
    ? ["podman-compose", ["--podman-path", ENGINE_SCRIPT]]
    : ["docker", ["compose"]];
}

/** Why the engine's compose command cannot run here, or undefined when it can. */
export async function composeUnavailable(
  engineName: "podman" | "docker",
): Promise<string | undefined> {
  const [command, prefix] = composeCommand(engineName);
  const result = await runCommand(command, [...prefix, "version"], { cwd: REPOSITORY_ROOT }).catch(
    (error: unknown) => ({ code: -1, stdout: "", stderr: String(error) }),
  );
  if (result.code === 0) return undefined;
  return `${command} ${[...prefix, "version"].join(" ")} fails: ${result.stderr.trim()}`;
}

/** A compose project started from docker/compose.yaml. */
export interface ComposeProject {
  name: string;
  /** The gateway's MCP endpoint on this machine. */
  gatewayUrl: URL;
  /** The token clients send the gateway (`GATEWAY_TOKEN`). */
  gatewayToken: string;
}

/**
 * Starts docker/compose.yaml as project `name` with the images docker/build-images.sh built
 * (an override file names them; nothing is built or pulled) and the gateway published on
 * `gatewayPort`.
 */
export async function composeUp(
  engineName: "podman" | "docker",
  options: { name: string; gatewayPort: number; scratch: string },
): Promise<ComposeProject> {
  const services = ["dice", "duality", "campaign", "world", "gateway"];
  const override = join(options.scratch, "compose.images.yaml");
  const lines = services.map((service) => `  ${service}:\n    image: ${imageName(service)}`);
  await writeFile(override, `services:\n${lines.join("\n")}\n`);
  const [command, prefix] = composeCommand(engineName);
  const gatewayToken = randomBytes(32).toString("hex");
  await runChecked(
    command,
    // Named: Podman Compose 1.0.3 knows no profiles and would start the `scale` ones too.
    [
      ...prefix,
      "-p",
      options.name,
      "-f",
      COMPOSE_FILE,
      "-f",
      override,
      "up",
      "-d",
      "--no-build",
      ...services,
    ],
    {
      cwd: REPOSITORY_ROOT,
      env: cleanEnvironment({
        GATEWAY_PORT: String(options.gatewayPort),
        GATEWAY_TOKEN: gatewayToken,
        UPSTREAM_TOKEN: randomBytes(32).toString("hex"),
      }),
    },
  );
  return {
    name: options.name,
    gatewayUrl: new URL(`http://127.0.0.1:${options.gatewayPort}/mcp`),
    gatewayToken,
  };
}

async function labelled(kind: "container" | "volume" | "network", name: string): Promise<string[]> {
  const list = kind === "container" ? ["ps", "--all"] : [kind, "ls"];
  const { stdout } = await engine([...list, "--quiet", `--filter=label=${PROJECT_LABEL}=${name}`]);
  return stdout.split("\n").filter((line) => line.trim() !== "");
}

/** Removes every container, volume and network of a compose project. */
export async function composeRemove(name: string): Promise<void> {
  const containers = await labelled("container", name);
  if (containers.length > 0) await tryEngine(["rm", "--force", "--volumes", ...containers]);
  const volumes = await labelled("volume", name);
  if (volumes.length > 0) await tryEngine(["volume", "rm", "--force", ...volumes]);
  const networks = await labelled("network", name);
  if (networks.length > 0) await tryEngine(["network", "rm", ...networks]);
}

/**
 * The body of the gateway's GET /mcp/health, sent with the token when one is given.
 *
 * @throws when the gateway does not answer within 2 s or answers no JSON
 */
export async function gatewayHealth(
  gatewayUrl: URL,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(new URL("/mcp/health", gatewayUrl), {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(2000),
  });
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The state of each upstream the gateway's /mcp/health reports to the token's holder (the
 * details are only for a caller with the token, as the port mapping hides the loopback);
 * empty while the gateway does not answer.
 */
export async function upstreamStates(
  gatewayUrl: URL,
  token: string,
): Promise<Record<string, string>> {
  try {
    const body = (await gatewayHealth(gatewayUrl, token)) as {
      upstreams?: { name: string; state: string }[];
    };
    return Object.fromEntries((body.upstreams ?? []).map((entry) => [entry.name, entry.state]));
  } catch {
    return {};
  }
}
