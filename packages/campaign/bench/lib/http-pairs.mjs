// Durable roll + apply pairs per second over Streamable HTTP, for both protocol eras on the same
// replicas: 2025-era clients hold a session each, modern (2026-07-28) clients hold none. With
// two replicas each era goes through the balancer it needs: HAProxy sticky on the session id
// for the 2025 era, plain round robin for the modern era, whose requests may land anywhere.
// The eras take turns on the same warm servers, so that other work on the machine falls on
// both alike and their ratio holds even when the absolute figures move.
import { performance } from "node:perf_hooks";
import { findHaproxy, SERVED_BY_HEADER, startHaproxy } from "../../tests/support/haproxy.mjs";
import { childProcessesNamed, cpuSeconds, machineBusySeconds } from "./cpu.mjs";
import { connectHttp, startHttpReplica, tableOf } from "./mcp.mjs";
import { runChains } from "./pairs.mjs";

/** The eras measured, in the order of each pair of turns that starts a round. */
export const ERAS = /** @type {const} */ (["legacy", "modern"]);

/** How each era reaches more than one replica. */
const BALANCING = { legacy: "sticky", modern: "roundrobin" };

/**
 * Every request reaches a replica from one address (this process's, or the balancer's), so the
 * per-client limits (50 sessions, 64 modern requests in flight by default) would treat all the
 * chains as one client; and the warm-up runs both eras' chains at once. Raised for both eras.
 */
const LOAD_FLAGS = ["--max-sessions-per-client", "1000", "--max-requests-per-client", "1000"];

/** Whether HAProxy is installed, which two replicas need. */
export function balancerAvailable() {
  return findHaproxy() !== undefined;
}

/**
 * A fetch that counts which replica answered (HAProxy's `x-served-by` header), to show that a
 * balancer spread the load, and how evenly.
 *
 * @param {Map<string, number>} tally
 * @returns {typeof fetch}
 */
function countingFetch(tally) {
  return async (url, init) => {
    const response = await fetch(url, init);
    const replica = response.headers.get(SERVED_BY_HEADER);
    if (replica) tally.set(replica, (tally.get(replica) ?? 0) + 1);
    return response;
  };
}

/** The share of the answers the busiest replica gave, 0.5 when two share them evenly. */
function busiestShare(tally) {
  const counts = [...tally.values()];
  const total = counts.reduce((sum, count) => sum + count, 0);
  return total === 0 ? undefined : Math.max(...counts) / total;
}

/**
 * Starts one HTTP replica per location and, for two or more, an HAProxy per era in front of
 * them; loads of roll + apply pairs are then measured, for both eras in alternating turns,
 * until it is closed.
 *
 * @param {object} options
 * @param {string[]} options.locations - one --db value per replica
 * @param {number[]} options.databaseParents - processes whose children are the database (PostgreSQL)
 */
export async function startHttpPairServers({ locations, databaseParents }) {
  const replicas = [];
  const balancers = [];
  const close = async () => {
    await Promise.all(balancers.map((balancer) => balancer.stop()));
    await Promise.all(replicas.map((replica) => replica.stop()));
  };
  /** @type {Record<string, { url: string, pids: number[], tally?: Map<string, number> }>} */
  const routes = {};
  try {
    replicas.push(
      ...(await Promise.all(locations.map((location) => startHttpReplica(location, LOAD_FLAGS)))),
    );
    const pids = replicas.map((replica) => replica.pid);
    const program = findHaproxy();
    for (const era of ERAS) {
      if (replicas.length === 1) {
        routes[era] = { url: replicas[0].url, pids };
        continue;
      }
      if (!program) throw new Error("two replicas need haproxy (apt-get install haproxy)");
      // The helper does not hand back HAProxy's process id; it is the one new child running it.
      const before = childProcessesNamed("haproxy");
      const urls = replicas.map((replica) => replica.url);
      balancers.push(await startHaproxy(program, urls, BALANCING[era]));
      const started = [...childProcessesNamed("haproxy")].filter((pid) => !before.has(pid));
      routes[era] = { url: balancers.at(-1).url, pids: [...pids, ...started], tally: new Map() };
    }
  } catch (error) {
    await close();
    throw error;
  }

  /** Each era's chains: a client each (a session each in the 2025 era), a campaign each. */
  async function setUpChains(era, chainCount) {
    const { url, tally } = routes[era];
    const options = { era, ...(tally ? { fetch: countingFetch(tally) } : {}) };
    const connecting = Array.from({ length: chainCount }, () => connectHttp(url, options));
    const clients = (await Promise.allSettled(connecting)).flatMap((outcome) =>
      outcome.status === "fulfilled" ? [outcome.value] : [],
    );
    try {
      if (clients.length < chainCount) await Promise.all(connecting);
      const tables = await Promise.all(
        clients.map((client, index) => tableOf(client, `Bench ${era} ${index}`)),
      );
      return clients.map((client, index) => ({ client, table: tables[index] }));
    } catch (error) {
      await Promise.all(clients.map((client) => client.close()));
      throw error;
    }
  }

  return {
    /**
     * Sets up both eras' chains, runs them together for `warmupSeconds` unmeasured (every code
     * path of both eras compiled, pools and caches full), then measures them in turns of
     * `turnSeconds`, each round one turn per era, the order swapped each round, until each era
     * has run `seconds`.
     *
     * @param {{ chains: number }} load - `chains`: clients writing at once per era, each
     *   waiting for its answers, each at a campaign of its own
     * @param {{ warmupSeconds: number, seconds: number, turnSeconds: number }} durations
     * @returns {Promise<Record<"legacy" | "modern", { pairsPerSecond: number,
     *   cpuMsPerPair: number, busyCores: number, busiestShare: number | undefined }>>}
     *   busyCores: the machine's cores busy on average in the era's turns; busiestShare: the
     *   share of the measured answers the busiest replica gave, behind a balancer
     */
    async measure(load, { warmupSeconds, seconds, turnSeconds }) {
      const chains = {};
      try {
        for (const era of ERAS) chains[era] = await setUpChains(era, load.chains);
        const warmedUntil = performance.now() + warmupSeconds * 1000;
        await Promise.all(ERAS.map((era) => runChains(chains[era], warmedUntil)));
        const totals = Object.fromEntries(
          ERAS.map((era) => [era, { pairs: 0, elapsed: 0, cpu: 0, busy: 0 }]),
        );
        for (const route of Object.values(routes)) route.tally?.clear();
        const rounds = Math.max(1, Math.round(seconds / turnSeconds));
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? ERAS : [...ERAS].reverse();
          for (const era of order) {
            const scope = { pids: routes[era].pids, parents: databaseParents };
            const cpuBefore = cpuSeconds(scope);
            const busyBefore = machineBusySeconds();
            const started = performance.now();
            const total = totals[era];
            total.pairs += await runChains(chains[era], started + turnSeconds * 1000);
            total.elapsed += (performance.now() - started) / 1000;
            total.cpu += cpuSeconds(scope) - cpuBefore;
            total.busy += machineBusySeconds() - busyBefore;
          }
        }
        return Object.fromEntries(
          ERAS.map((era) => {
            const { pairs, elapsed, cpu, busy } = totals[era];
            const tally = routes[era].tally;
            return [
              era,
              {
                pairsPerSecond: pairs / elapsed,
                cpuMsPerPair: (cpu * 1000) / pairs,
                busyCores: busy / elapsed,
                busiestShare: tally ? busiestShare(tally) : undefined,
              },
            ];
          }),
        );
      } finally {
        const clients = Object.values(chains).flatMap((list) => list.map(({ client }) => client));
        await Promise.all(clients.map((client) => client.close()));
      }
    },
    close,
  };
}
