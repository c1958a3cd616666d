/** One sign-in to the embedded editor, as kept: the digest of its cookie's token (no live cookie is stored). */
export interface EditorSessionRecord {
  readonly digest: string;
  /** Which password it was opened under: a password change ends every session opened before it. */
  readonly passwordFingerprint: string;
  /** Milliseconds since the epoch. */
  readonly openedAt: number;
  readonly expiresAt: number;
}

/**
 * Where the embedded editor's sessions are kept, for every server process and, on Firebase, every
 * instance (issue 50: behind a balancer, the call after a sign-in reaches another instance).
 */
export interface EditorSessionsPort {
  open(session: EditorSessionRecord): Promise<void>;
  /** Whether the session is there, opened under `passwordFingerprint`, and not expired at `now`. */
  isOpen(digest: string, passwordFingerprint: string, now: number): Promise<boolean>;
  /** Ends the session for every process and instance; nothing for one unknown. */
  close(digest: string): Promise<void>;
}
