import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

// The `scale` profile's images (postgres:18, haproxy) cannot be pulled where these tests run;
// the same topology runs as processes in start-scale.test.ts. Here: the balancer's
// configuration, checked by the HAProxy the tests have.
const haproxy = ["haproxy", "/usr/sbin/haproxy"].find(
  (program) => spawnSync(program, ["-v"], { stdio: "ignore" }).status === 0,
);
if (!haproxy && process.env.CI)
  throw new Error("the compose scale test needs haproxy when CI is set");
if (!haproxy) process.stderr.write("compose scale test skipped: no haproxy on this machine\n");

describe.skipIf(!haproxy)("docker/compose.yaml, scale profile", () => {
  it("gives HAProxy a configuration it accepts", () => {
    const file = join(REPOSITORY_ROOT, "docker", "haproxy-scale.cfg");
    const check = spawnSync(haproxy ?? "haproxy", ["-c", "-f", file], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    // The replicas' names resolve only inside the compose network: anything else is an error.
    const unexpected = `${check.stdout}\n${check.stderr}`
      .split("\n")
      .filter(
        (line) =>
          /\[(WARNING|ALERT)\]/.test(line) &&
          !/could not resolve address 'campaign-[ab]'/.test(line),
      );
    expect(unexpected).toEqual([]);
  });
});
