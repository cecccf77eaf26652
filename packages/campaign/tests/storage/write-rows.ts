import type { CampaignRepository, CampaignStore } from "../../src/storage/campaign-store.js";

/** Runs raw repository writes as one unit that changes no resource a client could subscribe to. */
export function writeRows(
  store: CampaignStore,
  work: (repository: CampaignRepository) => void,
): void {
  store.write((repository) => {
    work(repository);
    return { value: undefined, changedUris: [] };
  });
}
