/** SPEC §2: the query the CMS's visual editor opens pages with. */
export interface PreviewRequest {
  /** `_storyblok_tk[space_id]` */
  readonly spaceId: string | undefined;
  /** `_storyblok_tk[token]` */
  readonly token: string | undefined;
  /** `_storyblok_tk[timestamp]`, unix seconds. */
  readonly timestamp: string | undefined;
}

const PREVIEW_TOKEN_LIFETIME_S = 3600;

/**
 * Whether an editor preview request is genuine: Storyblok signs it as
 * sha1(`space_id:preview_token:timestamp`), valid for an hour.
 */
export async function isGenuinePreview(request: PreviewRequest, secret: { spaceId: number; previewToken: string }, nowMs: number): Promise<boolean> {
  const { spaceId, token, timestamp } = request;
  if (!spaceId || !token || !timestamp || spaceId !== String(secret.spaceId)) return false;
  const issuedAt = Number(timestamp);
  if (!Number.isInteger(issuedAt) || nowMs / 1000 - issuedAt > PREVIEW_TOKEN_LIFETIME_S || issuedAt - nowMs / 1000 > 60) return false;
  const expected = await sha1Hex(`${spaceId}:${secret.previewToken}:${timestamp}`);
  return constantTimeEqual(expected, token);
}

/** The query that opens a page as the CMS's editor does (see isGenuinePreview), signed now. */
export async function signedPreviewQuery(storyId: number, secret: { spaceId: number; previewToken: string }, nowMs: number): Promise<string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const token = await sha1Hex(`${secret.spaceId}:${secret.previewToken}:${timestamp}`);
  const query = new URLSearchParams({ _storyblok: String(storyId), "_storyblok_tk[space_id]": String(secret.spaceId), "_storyblok_tk[timestamp]": timestamp, "_storyblok_tk[token]": token });
  return `?${query.toString()}`;
}

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** The preview query as the editor sends it: `_storyblok` asks for a preview, `_storyblok_tk[…]` signs it. */
export function previewQueryOf(search: URLSearchParams): { readonly requested: boolean; readonly request: PreviewRequest } {
  return {
    requested: search.has("_storyblok"),
    request: {
      spaceId: search.get("_storyblok_tk[space_id]") ?? undefined,
      token: search.get("_storyblok_tk[token]") ?? undefined,
      timestamp: search.get("_storyblok_tk[timestamp]") ?? undefined,
    },
  };
}

/** Whether a query carries any of the editor's parameters: such a request is never shared. */
export function hasPreviewParameters(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (name.startsWith("_storyblok")) return true;
  return false;
}
