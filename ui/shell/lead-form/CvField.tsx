import { useEffect, useRef, useState } from "react";
import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import { useTranslation } from "../../components/i18n/use-translation";
import { CV_FILE_RULES, type UploadErrorKey } from "../../../core";
import { Button } from "../../components/button/Button";
import { useContentEnvironment } from "../../components/content-link/content-environment";
import { FieldFrame } from "../../components/form-field/FieldFrame";
import fieldStyles from "../../components/form-field/FormField.module.css";
import styles from "./LeadForm.module.css";

export interface CvFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  /** The form's message for the field ('Please attach your CV'), already translated. */
  readonly error: string | undefined;
  readonly required: boolean;
  readonly disabled: boolean;
  readonly inputRef: (element: HTMLInputElement | null) => void;
  /** The server keeps the file: the form sends its id. */
  readonly onUploaded: (fileId: string) => void;
  readonly onCleared: () => void;
}

type Upload =
  | { readonly state: "idle" }
  | { readonly state: "uploading"; readonly loaded: number; readonly total: number }
  | { readonly state: "uploaded"; readonly name: string; readonly size: number }
  | { readonly state: "canceled" }
  | { readonly state: "failed"; readonly messageKey: UploadErrorKey };

const ACCEPTED = ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The CV of a job application: sent as soon as it is chosen, with its progress, a cancel button
 * and SPEC §9's retries (the core's uploadCv); the form then names it by the id the server gave.
 * Without JavaScript the file goes with the form's own post.
 */
export function CvField({ id, name, label, error, required, disabled, inputRef, onUploaded, onCleared }: CvFieldProps) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const { locale } = useContentEnvironment();
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const cancel = useRef<AbortController | undefined>(undefined);
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  async function send(file: File) {
    cancel.current?.abort();
    const controller = new AbortController();
    cancel.current = controller;
    onCleared();
    setUpload({ state: "uploading", loaded: 0, total: file.size });
    const [{ sendCv }, { fileUpload }] = await Promise.all([import("./cv-upload"), import("../../../composition/file-upload-browser")]);
    const result = await sendCv(fileUpload(), file, {
      signal: controller.signal,
      onProgress: (loaded, total) => setUpload({ state: "uploading", loaded, total }),
    });
    if (controller.signal.aborted && result.outcome !== "uploaded") {
      // Nothing is attached: the field shows no file's name (the form would otherwise seem to send it).
      if (cancel.current === controller && input.current) input.current.value = "";
      if (cancel.current === controller) setUpload({ state: "canceled" });
      return;
    }
    if (result.outcome === "uploaded") {
      setUpload({ state: "uploaded", name: result.file.name, size: result.file.size });
      onUploaded(result.file.id);
    } else setUpload({ state: "failed", messageKey: result.messageKey });
  }

  const megabytes = (bytes: number) => formats.number(bytes / (1024 * 1024), locale, { maximumFractionDigits: 1 });
  // A CV under a megabyte in kilobytes ("(0 MB)" said nothing of it), each unit as the language writes it.
  const fileSize = (bytes: number) =>
    bytes < 1024 * 1024
      ? formats.number(Math.max(1, Math.round(bytes / 1024)), locale, { style: "unit", unit: "kilobyte" })
      : formats.number(bytes / (1024 * 1024), locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  const uploadError = upload.state === "failed" ? t(upload.messageKey) : undefined;
  return (
    <FieldFrame id={id} label={label} required={required} hint={t("leadForm.cv.hint", { megabytes: megabytes(CV_FILE_RULES.maxBytes) })} error={uploadError ?? error}>
      {(describedBy, invalid) => (
        <div className={styles.file}>
          <input
            ref={(element) => {
              input.current = element;
              inputRef(element);
            }}
            className={fieldStyles.control}
            id={id}
            name={name}
            type="file"
            accept={ACCEPTED}
            required={required}
            disabled={disabled || upload.state === "uploading"}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
              else {
                setUpload({ state: "idle" });
                onCleared();
              }
            }}
          />
          <div role="status" className={styles.fileStatus}>
            {upload.state === "uploading" ? (
              <>
                <label htmlFor={`${id}-progress`}>{t("leadForm.cv.uploading")}</label>
                <progress id={`${id}-progress`} max={upload.total || 1} value={upload.loaded}>
                  {Math.round((upload.loaded / (upload.total || 1)) * 100)} %
                </progress>
              </>
            ) : upload.state === "uploaded" ? (
              <p>{t("leadForm.cv.uploaded", { name: upload.name, size: fileSize(upload.size) })}</p>
            ) : upload.state === "canceled" ? (
              <p>{t("leadForm.cv.canceled")}</p>
            ) : null}
          </div>
          {upload.state === "uploading" ? <Button type="secondary" size="small" text={t("leadForm.cv.cancel")} onClick={() => cancel.current?.abort()} /> : null}
        </div>
      )}
    </FieldFrame>
  );
}
