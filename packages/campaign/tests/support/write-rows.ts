import type { CampaignRepository, CampaignStore } from "../../src/storage/campaign-store.js";

/**
 * Runs raw repository writes as one transaction that changes no resource a client could
 * subscribe to.
 *
 * @param store - the store
 * @param work - the writes
 * @returns resolves once committed
 */
export async function writeRows(
  store: CampaignStore,
  work: (repository: CampaignRepository) => Promise<unknown>,
): Promise<void> {
  await store.write(async (repository) => {
    await work(repository);
    return { value: undefined, changedUris: [] };
  });
}
