import { storageErrorCodeOfStatus, type FileUploadFailure, type FileUploadPort, type StorageErrorCode, type UploadedFile } from "../../../core";

export interface XhrFileUploadOptions {
  /** Where files are posted; the site's own upload route by default. */
  readonly url?: string;
  /** Makes the request; tests pass a fake. */
  readonly createRequest?: () => XMLHttpRequest;
}

/** How an upload failed; its fields are what the retry policy and the messages read. */
export class FileUploadError extends Error implements FileUploadFailure {
  override readonly name = "FileUploadError";
  constructor(
    readonly code: StorageErrorCode,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(code);
  }
}

/**
 * FileUploadPort over XMLHttpRequest, which reports upload progress (fetch does not): the file as
 * the raw body, its name percent-encoded in X-File-Name. The browser adds the Origin the server
 * checks, and the Content-Length that lets it refuse an oversized file before reading it.
 */
export function createXhrFileUpload({ url = "/api/forms/uploads", createRequest = () => new XMLHttpRequest() }: XhrFileUploadOptions = {}): FileUploadPort {
  return {
    upload(file, name, { onProgress, signal } = {}) {
      return new Promise<UploadedFile>((resolve, reject) => {
        if (signal?.aborted) return reject(new FileUploadError("storage/canceled"));
        const request = createRequest();
        const abort = () => request.abort();
        const settle = () => signal?.removeEventListener("abort", abort);

        request.upload.addEventListener("progress", (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size));
        request.addEventListener("load", () => {
          settle();
          const uploaded = request.status === 201 ? uploadedFileOf(request.responseText) : undefined;
          if (uploaded) return resolve(uploaded);
          // A 201 without the site's answer came from something in between: unknown, and retried.
          const code = request.status === 201 ? "storage/unknown" : storageErrorCodeOfStatus(request.status, apiErrorCodeOf(request.responseText));
          reject(new FileUploadError(code, request.status, retryAfterMs(request.getResponseHeader("Retry-After"))));
        });
        request.addEventListener("error", () => {
          settle();
          reject(new FileUploadError(storageErrorCodeOfStatus(undefined)));
        });
        request.addEventListener("abort", () => {
          settle();
          reject(new FileUploadError("storage/canceled"));
        });
        signal?.addEventListener("abort", abort, { once: true });

        request.open("POST", url);
        request.setRequestHeader("Accept", "application/json");
        request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
        request.setRequestHeader("X-File-Name", encodeURIComponent(name));
        request.send(file);
      });
    },
  };
}

function uploadedFileOf(text: string): UploadedFile | undefined {
  try {
    const body = JSON.parse(text) as Partial<UploadedFile>;
    if (typeof body.id === "string" && typeof body.name === "string" && typeof body.size === "number") return { id: body.id, name: body.name, size: body.size };
  } catch {
    // Not JSON: an answer from something between the browser and the site.
  }
  return undefined;
}

/** The site's API error code in a refusal's body (api-error.ts), if it is one. */
function apiErrorCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (the API never sends the date form). */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header ?? "");
  return header !== null && header.trim() !== "" && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
