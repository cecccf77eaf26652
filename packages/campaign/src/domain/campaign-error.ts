/**
 * The closed set of codes a campaign operation fails with (docs/campaign.md §1, "Domain
 * errors").
 */
export type CampaignErrorCode =
  | "NOT_FOUND"
  | "INVALID_ARGUMENT"
  | "FAILED_PRECONDITION"
  | "PERMISSION_DENIED";

/** A domain failure with the exact message docs/campaign.md gives for it. */
export class CampaignError extends Error {
  override readonly name = "CampaignError";

  /**
   * @param code - one of {@link CampaignErrorCode}
   * @param message - the documented message, with actual values substituted
   */
  constructor(
    readonly code: CampaignErrorCode,
    message: string,
  ) {
    super(message);
  }
}
