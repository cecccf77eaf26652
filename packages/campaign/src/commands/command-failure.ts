import type { CampaignError } from "../domain/campaign-error.js";
import type { ChangeAudience } from "../storage/campaign-store.js";

/**
 * A refused call that still changed a resource: its rejection event was appended
 * (docs/campaign.md §5), so subscribers of the session's events must hear about it.
 */
export class CommandFailure extends Error {
  override readonly name = "CommandFailure";

  /**
   * @param error - the refusal returned to the caller
   * @param changedUris - the URIs the rejection event changed
   * @param audience - who may hear of them
   */
  constructor(
    readonly error: CampaignError,
    readonly changedUris: readonly string[],
    readonly audience?: ChangeAudience,
  ) {
    super(error.message);
  }
}
