/**
 * Tokens that may be used once, remembered until they expire: an ID token is traded for a
 * session once (issue 48 item 13), by whichever server process or machine sees it first.
 */
export interface SpentTokensPort {
  /**
   * Records the token (its digest: no token is stored) as spent until `expiresAt` (milliseconds
   * since the epoch). True the first time; false for a token already spent, however many ask at once.
   */
  spend(digest: string, expiresAt: number): Promise<boolean>;
}
