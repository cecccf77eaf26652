import { engine, tryEngine } from "./container-engine.js";

/** How to start one container of an image. */
export interface ContainerOptions {
  image: string;
  /** The port the server listens on inside the container, published on a loopback port. */
  port: number;
  environment?: Record<string, string>;
  /** `SOURCE:TARGET[:OPTIONS]`, SOURCE a named volume or a host folder. */
  volumes?: string[];
}

/** A container started detached, and where its MCP endpoint is published. */
export interface RunningContainer {
  id: string;
  /** `http://127.0.0.1:PORT/mcp` on this machine. */
  url: URL;
}

async function publishedUrl(id: string, port: number): Promise<URL> {
  const { stdout } = await engine(["port", id, `${port}/tcp`]);
  const address = stdout.trim().split("\n")[0] ?? "";
  return new URL(`http://${address}/mcp`);
}

async function healthStatus(url: URL): Promise<number | undefined> {
  try {
    const response = await fetch(new URL("/mcp/health", url), {
      signal: AbortSignal.timeout(2000),
    });
    return response.status;
  } catch {
    return undefined;
  }
}

async function isRunning(id: string): Promise<boolean> {
  const { stdout } = await engine(["inspect", "--format", "{{.State.Running}}", id]);
  return stdout.trim() === "true";
}

/**
 * Waits until the container's server answers GET /mcp/health with 200 on its published port;
 * fails with the container's log if it stops or takes more than a minute.
 */
async function waitUntilServing(container: RunningContainer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await healthStatus(container.url)) !== 200) {
    if (!(await isRunning(container.id)) || Date.now() > deadline) {
      const log = await tryEngine(["logs", container.id]);
      throw new Error(`container ${container.id} is not serving:\n${log.stdout}${log.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts a container, waits until it serves, and returns it. */
export async function startContainer(options: ContainerOptions): Promise<RunningContainer> {
  const args = ["run", "--detach", `--publish=127.0.0.1::${options.port}`];
  for (const [name, value] of Object.entries(options.environment ?? {})) {
    args.push(`--env=${name}=${value}`);
  }
  for (const volume of options.volumes ?? []) args.push(`--volume=${volume}`);
  const { stdout } = await engine([...args, options.image]);
  const id = stdout.trim();
  try {
    const container = { id, url: await publishedUrl(id, options.port) };
    await waitUntilServing(container);
    return container;
  } catch (error) {
    await removeContainer(id);
    throw error;
  }
}

/** Restarts a container and waits until it serves again (its published port may change). */
export async function restartContainer(
  container: RunningContainer,
  port: number,
): Promise<RunningContainer> {
  await engine(["restart", container.id]);
  const restarted = { id: container.id, url: await publishedUrl(container.id, port) };
  await waitUntilServing(restarted);
  return restarted;
}

/** Stops and removes a container with its anonymous volumes. */
export async function removeContainer(id: string): Promise<void> {
  await tryEngine(["rm", "--force", "--volumes", id]);
}

/** Runs the container's HEALTHCHECK command inside it, as the engine would, and returns its exit code. */
export async function runHealthcheck(id: string): Promise<number | null> {
  const { stdout } = await engine(["inspect", "--format", "{{json .Config.Healthcheck.Test}}", id]);
  const test: unknown = JSON.parse(stdout);
  if (!Array.isArray(test) || test[0] !== "CMD") {
    throw new Error(`expected an exec-form HEALTHCHECK (["CMD", ...]), got ${stdout.trim()}`);
  }
  const command = test.slice(1).map(String);
  return (await tryEngine(["exec", id, ...command])).code;
}

/** The real, effective, saved and filesystem user ids of the container's first process. */
export async function mainProcessUserIds(id: string): Promise<number[]> {
  const { stdout } = await engine(["exec", id, "cat", "/proc/1/status"]);
  const line = /^Uid:\s+(.*)$/m.exec(stdout)?.[1];
  if (line === undefined) throw new Error(`no Uid line in /proc/1/status:\n${stdout}`);
  return line.trim().split(/\s+/).map(Number);
}

/** The uid a user name has in the container's /etc/passwd. */
export async function userId(id: string, user: string): Promise<number> {
  const { stdout } = await engine(["exec", id, "id", "-u", user]);
  const uid = Number(stdout.trim());
  if (!Number.isInteger(uid)) throw new Error(`id -u ${user} printed ${stdout.trim()}`);
  return uid;
}
