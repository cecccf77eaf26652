import { chmod, copyFile, mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  composeRemove,
  composeUnavailable,
  composeUp,
  gatewayHealth,
  upstreamStates,
} from "./helpers/compose.js";
import {
  buildImages,
  findContainerEngine,
  imageName,
  tryEngine,
} from "./helpers/container-engine.js";
import {
  type ContainerOptions,
  mainProcessUserIds,
  type RunningContainer,
  removeContainer,
  restartContainer,
  runHealthcheck,
  startContainer,
  userId,
} from "./helpers/containers.js";
import { connectHttp } from "./helpers/processes.js";
import {
  checkCampaign,
  checkDice,
  checkDuality,
  checkGateway,
  checkWorld,
  type ServerCheck,
} from "./helpers/server-checks.js";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

const WORLD_FIXTURE = join(REPOSITORY_ROOT, "packages/world/tests/fixtures/locked-garden.urd.md");
/** The uid of the `node` user in the official Node.js images, which these images run as. */
const NODE_USER_UID = 1000;
const IN_CI = process.env.CI !== undefined && process.env.CI !== "";
/**
 * The images bind every interface, so they start only with auth or with this, as their docs
 * show it: without auth, behind a port published on loopback only (as every test here does).
 */
const OPEN_ON_LOOPBACK = { MCP_ALLOW_UNAUTHENTICATED: "1" };

const availability = await findContainerEngine();
const engineName = availability.name;
const composeMissing = engineName === undefined ? undefined : await composeUnavailable(engineName);

/** Outside CI a missing engine skips these tests, saying why; in CI it fails them. */
function skipReason(missing: string | undefined): string | undefined {
  return missing !== undefined && !IN_CI ? missing : undefined;
}
const engineSkip = skipReason(availability.reason);
const composeSkip = skipReason(composeMissing);
// The default reporter counts skipped tests without their names; the reason goes to the log.
if (engineSkip !== undefined) console.warn(`image tests skipped: ${engineSkip}`);
if (composeSkip !== undefined) console.warn(`compose test skipped: ${composeSkip}`);

interface ImageUnderTest {
  target: string;
  /** The contract's port, which the image listens on. */
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

/** A folder holding the world fixture as `world.urd.md`, readable by the image's user. */
async function worldFolder(scratch: string): Promise<string> {
  const folder = await mkdtemp(join(scratch, "world-"));
  await copyFile(WORLD_FIXTURE, join(folder, "world.urd.md"));
  await chmod(folder, 0o755);
  await chmod(join(folder, "world.urd.md"), 0o644);
  return folder;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** GET /mcp/health with a chosen Host header (fetch cannot set one). */
function healthStatusWithHost(url: URL, host: string): Promise<number> {
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

async function withClient(
  url: URL,
  use: (client: Client) => Promise<void>,
  headers: Record<string, string> = {},
): Promise<void> {
  const client = await connectHttp(url, headers);
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

async function withContainer(
  options: ContainerOptions,
  use: (container: RunningContainer) => Promise<void>,
): Promise<void> {
  const container = await startContainer(options);
  try {
    await use(container);
  } finally {
    await removeContainer(container.id);
  }
}

/** The campaign `campaign://ID` holds, read through MCP. */
async function readCampaign(url: URL, id: string): Promise<unknown> {
  let body: unknown;
  await withClient(url, async (client) => {
    const { contents } = await client.readResource({ uri: `campaign://${id}` });
    const text = contents[0] !== undefined && "text" in contents[0] ? contents[0].text : "";
    body = JSON.parse(String(text));
  });
  return body;
}

const title = engineSkip === undefined ? "" : ` (skipped: ${engineSkip})`;

describe.skipIf(engineSkip !== undefined)(
  `every image built from docker/Dockerfile by a container engine and run${title}`,
  () => {
    let scratch: string;
    let world: string;

    beforeAll(async () => {
      if (engineName === undefined) {
        throw new Error(`CI builds and runs every image, but: ${availability.reason}`);
      }
      scratch = await mkdtemp(join(tmpdir(), "tabletop-images-"));
      world = await worldFolder(scratch);
      process.stderr.write(await buildImages());
    }, 3_600_000);

    afterAll(async () => {
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    });

    it.each(IMAGES)(
      "$target: runs as the unprivileged node user, passes its HEALTHCHECK and answers MCP",
      async ({ target, port, check }) => {
        const volumes = target === "world" ? [`${world}:/world:ro`] : [];
        const options = { image: imageName(target), port, volumes, environment: OPEN_ON_LOOPBACK };
        await withContainer(options, async (container) => {
          expect(await userId(container.id, "node")).toBe(NODE_USER_UID);
          // Real, effective, saved and filesystem uid of the server, the container's process 1.
          expect(await mainProcessUserIds(container.id)).toEqual(Array(4).fill(NODE_USER_UID));
          expect(await runHealthcheck(container.id)).toBe(0);
          await withClient(container.url, check);
        });
      },
    );

    it("campaign: a campaign outlives a restart of its container and the container itself", async () => {
      const volume = `tabletop-verify-campaign-${process.pid}`;
      const options = {
        image: imageName("campaign"),
        port: 8083,
        volumes: [`${volume}:/data`],
        environment: OPEN_ON_LOOPBACK,
      };
      try {
        let id = "";
        await withContainer(options, async (container) => {
          await withClient(container.url, async (client) => {
            const created = await client.callTool({
              name: "campaign_create",
              arguments: { name: "Kept Across Restarts", gm_mode: "AI" },
            });
            expect(created.isError ?? false).toBe(false);
            id = String((created.structuredContent as { id: string }).id);
            expect(id).toMatch(/^camp_/);
          });
          const restarted = await restartContainer(container, 8083);
          expect(await readCampaign(restarted.url, id)).toMatchObject({
            campaign: { id, name: "Kept Across Restarts", gm_mode: "AI" },
          });
        });
        await withContainer(options, async (container) => {
          expect(await readCampaign(container.url, id)).toMatchObject({
            campaign: { id, name: "Kept Across Restarts" },
          });
        });
      } finally {
        await tryEngine(["volume", "rm", "--force", volume]);
      }
    });

    it("dice: accepts the Host names in MCP_ALLOWED_HOSTS and refuses others", async () => {
      const options = {
        image: imageName("dice"),
        port: 8081,
        environment: { MCP_ALLOWED_HOSTS: "dice", ...OPEN_ON_LOOPBACK },
      };
      await withContainer(options, async (container) => {
        expect(await healthStatusWithHost(container.url, "dice:8081")).toBe(200);
        expect(await healthStatusWithHost(container.url, "elsewhere:8081")).toBe(403);
      });
    });

    it("dice: refuses to start without auth, and with a token serves only its holders", async () => {
      const open = await tryEngine(["run", "--rm", imageName("dice")]);
      expect(open.code).toBe(2);
      expect(open.stderr).toContain(
        "tabletop-dice: refusing to serve 0.0.0.0 without auth: add --auth-token T, --auth-tokens FILE or --auth-issuer URL, or --allow-unauthenticated (MCP_ALLOW_UNAUTHENTICATED=1) to serve it open",
      );
      const token = "image-test-token-0123456789";
      const options = {
        image: imageName("dice"),
        port: 8081,
        environment: { MCP_AUTH_TOKEN: token },
      };
      await withContainer(options, async (container) => {
        await expect(connectHttp(container.url)).rejects.toThrow(
          /Unauthorized: a valid bearer token is required/,
        );
        await withClient(container.url, checkDice, { authorization: `Bearer ${token}` });
      });
    });

    const composeTitle = composeSkip === undefined ? "" : ` (skipped: ${composeSkip})`;
    it.skipIf(composeSkip !== undefined)(
      `compose: the gateway in front of the four servers serves a tool of each${composeTitle}`,
      async () => {
        if (engineName === undefined || composeMissing !== undefined) {
          throw new Error(composeMissing ?? "no container engine");
        }
        const name = `tabletop-verify-${process.pid}`;
        try {
          const project = await composeUp(engineName, {
            name,
            gatewayPort: await freePort(),
            scratch,
          });
          const { gatewayUrl, gatewayToken } = project;
          await expect
            .poll(() => upstreamStates(gatewayUrl, gatewayToken), {
              timeout: 90_000,
              interval: 500,
            })
            .toEqual({ dice: "ready", duality: "ready", campaign: "ready", world: "ready" });
          // Without the token, or with another, the health check learns the status and no more.
          expect(await gatewayHealth(gatewayUrl)).toEqual({ status: "ok" });
          expect(await gatewayHealth(gatewayUrl, "not-the-gateway-token")).toEqual({
            status: "ok",
          });
          await expect(connectHttp(gatewayUrl)).rejects.toThrow(
            /Unauthorized: a valid bearer token is required/,
          );
          await withClient(gatewayUrl, checkGateway({ worldFile: WORLD_FIXTURE }), {
            authorization: `Bearer ${gatewayToken}`,
          });
        } finally {
          await composeRemove(name);
        }
      },
      240_000,
    );
  },
);
