import { chmod, copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecked, runCommand } from "./helpers/commands.js";
import { type ContainerEngine, findContainerEngine } from "./helpers/container-engine.js";
import { type ImageConfig, imageConfig, parseDockerfile } from "./helpers/dockerfile.js";
import {
  localInvocation,
  mapPath,
  type PathMap,
  reproduceImageFiles,
  sortPathMap,
} from "./helpers/image-reproduction.js";
import { connectHttp, type HttpServerProcess, startHttpServer } from "./helpers/processes.js";
import {
  checkCampaign,
  checkDice,
  checkDuality,
  checkGateway,
  checkWorld,
  type ServerCheck,
} from "./helpers/server-checks.js";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

const DOCKERFILE = join(REPOSITORY_ROOT, "docker", "Dockerfile");
const WORLD_FIXTURE = join(REPOSITORY_ROOT, "packages/world/tests/fixtures/locked-garden.urd.md");
const stages = parseDockerfile(await readFile(DOCKERFILE, "utf8"));

interface ImageUnderTest {
  target: string;
  /** The contract's port for the command. */
  port: number;
  check: ServerCheck;
}

const IMAGES: readonly ImageUnderTest[] = [
  { target: "dice", port: 8081, check: checkDice },
  { target: "duality", port: 8082, check: checkDuality },
  { target: "campaign", port: 8083, check: checkCampaign },
  { target: "world", port: 8084, check: checkWorld(WORLD_FIXTURE) },
  { target: "gateway", port: 8080, check: checkGateway({}) },
];

/** The folders a user mounts: a data volume, and a folder holding `world.urd.md`. */
interface Mounts {
  data: string;
  world: string;
}

async function createMounts(root: string, name: string): Promise<Mounts> {
  const data = await mkdtemp(join(root, `${name}-data-`));
  const world = await mkdtemp(join(root, `${name}-world-`));
  await copyFile(WORLD_FIXTURE, join(world, "world.urd.md"));
  // Readable by the image's unprivileged user when mounted into a container.
  await chmod(world, 0o755);
  await chmod(join(world, "world.urd.md"), 0o644);
  return { data, world };
}

/** GET /mcp/health with a chosen Host header (fetch cannot set one). */
function healthStatus(url: URL, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname: url.hostname, port: url.port, path: "/mcp/health", headers: { host } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe.each(IMAGES)("the $target image's configuration", ({ target, port }) => {
  const config = imageConfig(stages, target);

  it("runs on node:22-slim as an unprivileged user", () => {
    expect(config.baseImage).toBe("node:22-slim");
    expect(config.user).toBeDefined();
    expect(["root", "0"]).not.toContain(config.user);
  });

  it("serves HTTP on every interface at the contract's port, checked on /mcp/health", async () => {
    expect(config.environment.get("MCP_TRANSPORT")).toBe("http");
    expect(config.environment.get("MCP_HOST")).toBe("0.0.0.0");
    expect(config.environment.get("PORT")).toBe(String(port));
    expect(config.exposedPorts).toEqual([String(port)]);
    expect(config.healthcheck?.command.length ?? 0).toBeGreaterThan(0);
  });

  it("is a production-only pnpm deploy of its package", () => {
    const fromStages = config.copies.flatMap((copy) => copy.fromStage ?? []);
    expect(fromStages).toEqual([`${target}-files`]);
  });
});

describe("the images' data", () => {
  it("keeps the campaign database in a volume", () => {
    const config = imageConfig(stages, "campaign");
    const database = config.environment.get("TABLETOP_DB") ?? "";
    expect(config.volumes.some((volume) => database.startsWith(`${volume}/`))).toBe(true);
  });

  it("reads the world file from a mounted folder, outside the installed files", () => {
    const config = imageConfig(stages, "world");
    expect(config.command).toEqual(["/world/world.urd.md"]);
    expect(config.copies.map((copy) => copy.destination)).not.toContain("/world");
  });
});

const engine = await findContainerEngine("node:22-slim");

/** A server started from what an image holds, however it was obtained. */
interface RunningImage {
  url: URL;
  stop(): Promise<void>;
}

async function startReproduced(
  config: ImageConfig,
  pathMap: PathMap,
  overrides: Record<string, string>,
): Promise<HttpServerProcess> {
  const invocation = localInvocation(config, pathMap, { PORT: "0", ...overrides });
  return startHttpServer(invocation.command, invocation.args, {
    cwd: mapPath(pathMap, config.workingDirectory ?? "/"),
    env: invocation.env,
  });
}

describe.runIf(engine === undefined)("each image reproduced without a container engine", () => {
  let workRoot: string;
  const files = new Map<string, Array<[string, string]>>();
  const mounts = new Map<string, Mounts>();

  const pathMapOf = (target: string): PathMap => {
    const mount = mounts.get(target);
    if (mount === undefined) throw new Error(`no mounts for ${target}`);
    return sortPathMap([
      ...(files.get(target) ?? []),
      ["/data", mount.data],
      ["/world", mount.world],
    ]);
  };

  beforeAll(async () => {
    workRoot = await mkdtemp(join(tmpdir(), "tabletop-images-"));
    await Promise.all(
      IMAGES.map(async ({ target }) => {
        mounts.set(target, await createMounts(workRoot, target));
        const config = imageConfig(stages, target);
        files.set(target, await reproduceImageFiles(stages, config, join(workRoot, target)));
      }),
    );
  });

  afterAll(() => rm(workRoot, { recursive: true, force: true }));

  it.each(IMAGES)(
    "$target: starts as the image would, passes its health check and answers MCP",
    async ({ target, check }) => {
      const config = imageConfig(stages, target);
      const pathMap = pathMapOf(target);
      const server = await startReproduced(config, pathMap, {});
      try {
        expect(server.url.hostname).toBe("0.0.0.0");
        const healthcheck = config.healthcheck?.command.map((part) => mapPath(pathMap, part)) ?? [];
        const [program = "", ...args] = healthcheck;
        const result = await runCommand(program === "node" ? process.execPath : program, args, {
          cwd: REPOSITORY_ROOT,
          env: { PATH: process.env.PATH, PORT: server.url.port },
        });
        expect(result.code).toBe(0);
        const client = await connectHttp(server.loopbackUrl);
        await check(client);
        await client.close();
      } finally {
        await server.stop();
      }
    },
  );

  it("campaign: writes its database into the data volume", async () => {
    const config = imageConfig(stages, "campaign");
    const pathMap = pathMapOf("campaign");
    const database = mapPath(pathMap, config.environment.get("TABLETOP_DB") ?? "");
    const server = await startReproduced(config, pathMap, {});
    try {
      const client = await connectHttp(server.loopbackUrl);
      await checkCampaign(client);
      await client.close();
    } finally {
      await server.stop();
    }
    expect((await readFile(database)).subarray(0, 15).toString()).toBe("SQLite format 3");
  });

  it("dice: accepts the Host names set in MCP_ALLOWED_HOSTS and refuses others", async () => {
    const config = imageConfig(stages, "dice");
    const server = await startReproduced(config, pathMapOf("dice"), { MCP_ALLOWED_HOSTS: "dice" });
    try {
      expect(await healthStatus(server.loopbackUrl, `dice:${server.url.port}`)).toBe(200);
      expect(await healthStatus(server.loopbackUrl, `elsewhere:${server.url.port}`)).toBe(403);
    } finally {
      await server.stop();
    }
  });

  it("compose: the gateway with docker/gateway.json serves the four servers over HTTP", async () => {
    const servers = new Map<string, HttpServerProcess>();
    const started: RunningImage[] = [];
    try {
      for (const target of ["dice", "duality", "campaign", "world"]) {
        const server = await startReproduced(imageConfig(stages, target), pathMapOf(target), {
          MCP_ALLOWED_HOSTS: target,
        });
        servers.set(target, server);
        started.push(server);
      }
      const composeConfig = JSON.parse(
        await readFile(join(REPOSITORY_ROOT, "docker", "gateway.json"), "utf8"),
      ) as { mcpServers: Record<string, { url: string }> };
      for (const entry of Object.values(composeConfig.mcpServers)) {
        const url = new URL(entry.url);
        const server = servers.get(url.hostname);
        if (server === undefined) throw new Error(`no compose service ${url.hostname}`);
        url.host = server.loopbackUrl.host;
        entry.url = url.toString();
      }
      const configFile = join(workRoot, "gateway-compose.json");
      await writeFile(configFile, JSON.stringify(composeConfig));
      const gateway = await startReproduced(imageConfig(stages, "gateway"), pathMapOf("gateway"), {
        GATEWAY_CONFIG: configFile,
      });
      started.push(gateway);
      const client = await connectHttp(gateway.loopbackUrl);
      await checkGateway({ worldFile: WORLD_FIXTURE })(client);
      await client.close();
    } finally {
      await Promise.all(started.map((server) => server.stop()));
    }
  });
});

async function runContainer(
  containerEngine: ContainerEngine,
  image: ImageUnderTest,
  mounts: Mounts,
): Promise<RunningImage> {
  const volume = `tabletop-verify-${image.target}-${process.pid}`;
  const { stdout } = await runChecked(
    containerEngine.name,
    [
      "run",
      "--detach",
      "--health-interval=1s",
      `--publish=127.0.0.1::${image.port}`,
      `--volume=${volume}:/data`,
      `--volume=${mounts.world}:/world:ro`,
      `tabletop-mcp-verify/${image.target}`,
    ],
    { cwd: REPOSITORY_ROOT },
  );
  const id = stdout.trim();
  const stop = async () => {
    await runCommand(containerEngine.name, ["rm", "--force", "--volumes", id], {
      cwd: REPOSITORY_ROOT,
    });
    await runCommand(containerEngine.name, ["volume", "rm", volume], { cwd: REPOSITORY_ROOT });
  };
  const published = await runChecked(containerEngine.name, ["port", id, `${image.port}/tcp`], {
    cwd: REPOSITORY_ROOT,
  });
  const address = published.stdout.trim().split("\n")[0] ?? "";
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { stdout: health } = await runCommand(
      containerEngine.name,
      ["inspect", "--format={{.State.Health.Status}}", id],
      { cwd: REPOSITORY_ROOT },
    );
    if (health.trim() === "healthy") break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${image.target} container did not become healthy (${health.trim()})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url: new URL(`http://${address}/mcp`), stop };
}

describe.runIf(engine !== undefined)("each image built and run by a container engine", () => {
  let workRoot: string;

  beforeAll(async () => {
    workRoot = await mkdtemp(join(tmpdir(), "tabletop-images-"));
    for (const { target } of IMAGES) {
      await runChecked(
        engine?.name ?? "docker",
        [
          "build",
          "--file",
          DOCKERFILE,
          "--target",
          target,
          "--tag",
          `tabletop-mcp-verify/${target}`,
          ".",
        ],
        { cwd: REPOSITORY_ROOT },
      );
    }
  }, 1_800_000);

  afterAll(() => rm(workRoot, { recursive: true, force: true }));

  it.each(IMAGES)("$target: becomes healthy and answers MCP", async (image) => {
    if (engine === undefined) throw new Error("no engine");
    const container = await runContainer(engine, image, await createMounts(workRoot, image.target));
    try {
      const client = await connectHttp(container.url);
      await image.check(client);
      await client.close();
    } finally {
      await container.stop();
    }
  });
});
