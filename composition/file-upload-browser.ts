import type { FileUploadPort } from "../core";
import { createXhrFileUpload } from "../adapters/http/browser/file-upload.adapter";

/**
 * The file upload port in the browser: loaded by the CV field when a file is chosen, so that the
 * services every page loads (composition/browser.ts) do not carry it.
 */
export function fileUpload(): FileUploadPort {
  return createXhrFileUpload();
}
