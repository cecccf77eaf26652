/** The closed set of codes a campaign operation fails with (campaign.md §1, "Domain errors"). */
export type CampaignErrorCode = "NOT_FOUND" | "INVALID_ARGUMENT" | "FAILED_PRECONDITION";

/** A domain failure with the exact message campaign.md gives for it. */
export class CampaignError extends Error {
  override readonly name = "CampaignError";

  /**
   * @param code - one of {@link CampaignErrorCode}
   * @param message - the spec's message, with actual values substituted
   */
  constructor(
    readonly code: CampaignErrorCode,
    message: string,
  ) {
    super(message);
  }
}
