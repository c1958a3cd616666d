/**
 * The files store keeps as many unattached uploads (CVs that no submission names yet) as it may:
 * nothing was kept. Anyone can upload, so their number is bounded for the whole site; a place
 * frees once a form names its file, or once the server purges an abandoned one. The API answers
 * 503 with Retry-After, and the form keeps what the visitor typed.
 */
export class UnattachedFilesFullError extends Error {
  override readonly name = "UnattachedFilesFullError";
}
