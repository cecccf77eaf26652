import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { imageConfig, parseDockerfile } from "./helpers/dockerfile.js";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

const stages = parseDockerfile(
  await readFile(join(REPOSITORY_ROOT, "docker", "Dockerfile"), "utf8"),
);

const IMAGES = [
  { target: "dice", port: 8081 },
  { target: "duality", port: 8082 },
  { target: "campaign", port: 8083 },
  { target: "world", port: 8084 },
  { target: "gateway", port: 8080 },
];

describe.each(IMAGES)("the $target image's configuration", ({ target, port }) => {
  const config = imageConfig(stages, target);

  it("is published on node:22-slim and runs as an unprivileged user", () => {
    expect(config.baseImage).toBe("node:22-slim");
    expect(config.user).toBeDefined();
    expect(["root", "0"]).not.toContain(config.user);
  });

  it("serves HTTP on every interface at the contract's port, checked on /mcp/health", () => {
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
