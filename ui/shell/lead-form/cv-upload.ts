import { uploadCv, type CvUploadOptions, type CvUploadResult, type FileUploadPort } from "../../../core";

/**
 * The CV's transfer, loaded when a file is chosen: the retry policy and the upload adapter are
 * needed by job applications only, not by every page that shows a form.
 */
export function sendCv(port: FileUploadPort, file: File, options: CvUploadOptions): Promise<CvUploadResult> {
  return uploadCv(port, file, file.name, options);
}
