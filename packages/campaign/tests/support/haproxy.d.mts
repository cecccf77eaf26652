/** How the balancer picks a replica for a request. */
export type Balancing = "sticky" | "roundrobin";

/** A running HAProxy in front of replicas. */
export interface Balancer {
  /** The MCP endpoint through the balancer. */
  url: string;
  stop: () => Promise<void>;
}

/** The header each answer carries naming the replica that served it (`r1`, `r2`…). */
export const SERVED_BY_HEADER: string;

/** The `haproxy` program on the PATH or where Debian installs it; undefined when there is none. */
export function findHaproxy(): string | undefined;

/** Starts HAProxy in front of the replicas on a free loopback port; see haproxy.mjs. */
export function startHaproxy(
  program: string,
  replicaUrls: readonly string[],
  balancing: Balancing,
): Promise<Balancer>;
