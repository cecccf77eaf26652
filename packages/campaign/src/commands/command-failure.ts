import type { CampaignError } from "../domain/campaign-error.js";

/**
 * A refused call that still changed a resource: its rejection event was appended (campaign.md
 * §5), so subscribers of the session's events must hear about it.
 */
export class CommandFailure extends Error {
  override readonly name = "CommandFailure";

  /**
   * @param error - the refusal returned to the caller
   * @param changedUris - the URIs the rejection event changed
   */
  constructor(
    readonly error: CampaignError,
    readonly changedUris: readonly string[],
  ) {
    super(error.message);
  }
}
