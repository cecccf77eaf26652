// Durable roll + apply pairs per second over Streamable HTTP, for both protocol eras and every
// store in one set of turns: 2025-era clients hold a session each, modern (2026-07-28) clients
// hold none. Two replicas are reached through the balancer each era needs: HAProxy sticky on
// the session id for the 2025 era, plain round robin for the modern era, whose requests may
// land anywhere. Every contender (a store and an era) takes turns on the same warm servers, so
// that other work on the machine falls on all of them alike and their ratios hold even when the
// absolute figures move.
import { performance } from "node:perf_hooks";
import { findHaproxy, SERVED_BY_HEADER, startHaproxy } from "../../tests/support/haproxy.mjs";
import { childProcessesNamed, cpuSeconds, machineBusySeconds } from "./cpu.mjs";
import { connectHttp, startHttpReplica, tableOf } from "./mcp.mjs";
import { pair, runChains } from "./pairs.mjs";

/** The eras measured. */
const ERAS = /** @type {const} */ (["legacy", "modern"]);

/** How each era reaches two replicas. */
const BALANCING = { legacy: "sticky", modern: "roundrobin" };

/**
 * Every request reaches a replica from one address (this process's, or the balancer's), so the
 * per-client limits (50 sessions, 64 modern requests in flight by default) would treat all the
 * chains as one client; and the warm-up runs every contender's chains at once.
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
 * Runs every chain's pairs, one after another, for `seconds`, and counts only the pairs
 * finished by then, with the CPU used until then: the pairs still under way are finished
 * afterwards, unmeasured, so that a turn's figure is the steady state, not its ramp down.
 *
 * @param {{ client: import("@modelcontextprotocol/client").Client, table: object }[]} chains
 * @param {number} seconds
 * @param {{ pids: number[], parents: number[] }} scope - the processes whose CPU counts
 */
async function turn(chains, seconds, scope) {
  let open = true;
  let pairs = 0;
  const cpuBefore = cpuSeconds(scope);
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const closed = new Promise((resolve) => {
    setTimeout(() => {
      open = false;
      resolve({
        elapsed: (performance.now() - started) / 1000,
        cpu: cpuSeconds(scope) - cpuBefore,
        busy: machineBusySeconds() - busyBefore,
      });
    }, seconds * 1000);
  });
  await Promise.all(
    chains.map(async ({ client, table }) => {
      while (open) {
        await pair(client, table);
        if (open) pairs += 1;
      }
    }),
  );
  return { pairs, ...(await closed) };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each contender's figures from its turns, by store and era (see `measure`). */
function figuresOf(contenders, turns) {
  const figures = {};
  for (const [position, { store, era, tally }] of contenders.entries()) {
    const sum = (key) => turns[position].reduce((total, measured) => total + measured[key], 0);
    const turnRates = turns[position].map(({ pairs, elapsed }) => pairs / elapsed);
    figures[store] ??= {};
    figures[store][era] = {
      pairsPerSecond: median(turnRates),
      turnRates,
      cpuMsPerPair: (sum("cpu") * 1000) / sum("pairs"),
      busyCores: sum("busy") / sum("elapsed"),
      busiestShare: tally ? busiestShare(tally) : undefined,
    };
  }
  return figures;
}

/**
 * Starts the HTTP servers of every store: one replica on SQLite, and two on one PostgreSQL
 * database with an HAProxy per era in front of them. PostgreSQL with one replica is the first of
 * the two called directly (the second then only hears of its writes, as any replica would), so
 * that one and two replicas take turns on the same warm processes and the same database. Loads
 * of roll + apply pairs are then measured until it is closed. Without HAProxy the two-replica
 * contenders are left out.
 *
 * @param {object} options
 * @param {string} options.sqlite - the SQLite replica's --db
 * @param {string} options.postgres - the PostgreSQL replicas' --db
 * @param {number[]} options.databaseParents - processes whose children are PostgreSQL
 */
export async function startHttpStores({ sqlite, postgres, databaseParents }) {
  const program = findHaproxy();
  const replicas = [];
  const balancers = [];
  const close = async () => {
    await Promise.all(balancers.map((balancer) => balancer.stop()));
    await Promise.all(replicas.map((replica) => replica.stop()));
  };
  /**
   * Where each store's clients of each era go, and whose CPU counts.
   * @type {{ store: string, era: string, url: string, pids: number[], parents: number[],
   *   tally?: Map<string, number> }[]}
   */
  const contenders = [];
  try {
    const locations = program ? [sqlite, postgres, postgres] : [sqlite, postgres];
    replicas.push(
      ...(await Promise.all(locations.map((location) => startHttpReplica(location, LOAD_FLAGS)))),
    );
    const [lite, first, second] = replicas;
    // A store's two eras are neighbours in every round, so that their ratio is taken from
    // turns close in time.
    for (const era of ERAS) {
      contenders.push({ store: "sqlite", era, url: lite.url, pids: [lite.pid], parents: [] });
    }
    for (const era of ERAS) {
      const pids = [first.pid];
      contenders.push({ store: "one", era, url: first.url, pids, parents: databaseParents });
    }
    if (second) {
      for (const era of ERAS) {
        // The helper does not hand back HAProxy's process id; it is the one new child running it.
        const before = childProcessesNamed("haproxy");
        const balancer = await startHaproxy(program, [first.url, second.url], BALANCING[era]);
        balancers.push(balancer);
        const started = [...childProcessesNamed("haproxy")].filter((pid) => !before.has(pid));
        contenders.push({
          store: "two",
          era,
          url: balancer.url,
          pids: [first.pid, second.pid, ...started],
          parents: databaseParents,
          tally: new Map(),
        });
      }
    }
  } catch (error) {
    await close();
    throw error;
  }

  /** A contender's chains: a client each (a session each in the 2025 era), a campaign each. */
  async function setUpChains({ store, era, url, tally }, chainCount) {
    const options = { era, ...(tally ? { fetch: countingFetch(tally) } : {}) };
    const connecting = Array.from({ length: chainCount }, () => connectHttp(url, options));
    const clients = (await Promise.allSettled(connecting)).flatMap((outcome) =>
      outcome.status === "fulfilled" ? [outcome.value] : [],
    );
    try {
      if (clients.length < chainCount) await Promise.all(connecting);
      const tables = await Promise.all(
        clients.map((client, index) => tableOf(client, `Bench ${store} ${era} ${index}`)),
      );
      return clients.map((client, index) => ({ client, table: tables[index] }));
    } catch (error) {
      await Promise.all(clients.map((client) => client.close()));
      throw error;
    }
  }

  return {
    /**
     * Sets up every contender's chains (all at once), runs them all at once for
     * `warmupSeconds` unmeasured (every code path compiled, pools and caches full), then
     * measures them in turns of `turnSeconds`, one turn per contender each round, the order
     * reversed every other round, until each has run `seconds`. Pairs per second are the median
     * of a contender's turns, so that a round hit by a burst of other work on the machine does
     * not move them; CPU per pair is over all its turns.
     *
     * @param {{ chains: number }} load - `chains`: clients writing at once per contender, each
     *   waiting for its answers, each at a campaign of its own
     * @param {{ warmupSeconds: number, seconds: number, turnSeconds: number }} durations
     * @returns {Promise<Record<"sqlite" | "one" | "two", Record<"legacy" | "modern", {
     *   pairsPerSecond: number, turnRates: number[], cpuMsPerPair: number, busyCores: number,
     *   busiestShare: number | undefined }>>>} turnRates: the pairs per second of each round's
     *   turn, in round order; busyCores: the machine's cores busy on average in the
     *   contender's turns; busiestShare: the share of the measured answers the busiest replica
     *   gave, behind a balancer. `two` is absent without HAProxy.
     */
    async measure(load, { warmupSeconds, seconds, turnSeconds }) {
      const chains = [];
      try {
        const settingUp = contenders.map((contender) => setUpChains(contender, load.chains));
        for (const outcome of await Promise.allSettled(settingUp)) {
          if (outcome.status === "fulfilled") chains.push(outcome.value);
        }
        if (chains.length < contenders.length) await Promise.all(settingUp);
        await runChains(chains.flat(), performance.now() + warmupSeconds * 1000);
        const turns = contenders.map(() => []);
        for (const contender of contenders) contender.tally?.clear();
        const rounds = Math.max(1, Math.round(seconds / turnSeconds));
        const positions = contenders.map((_, position) => position);
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? positions : [...positions].reverse();
          for (const position of order) {
            turns[position].push(await turn(chains[position], turnSeconds, contenders[position]));
          }
        }
        return figuresOf(contenders, turns);
      } finally {
        const clients = chains.flat().map(({ client }) => client);
        await Promise.all(clients.map((client) => client.close()));
      }
    },
    /**
     * Stops the balancers and the replicas. A replica's shutdown waits for the idle keep-alive
     * connections the clients' pool still holds (it drops them after a few seconds), so the
     * caller may let it finish while it measures something else.
     *
     * @returns {Promise<void>} resolves once every process exited
     */
    close,
  };
}
