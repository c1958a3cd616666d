import { useId, useState, type FormEvent } from "react";
import { CONTENT_DEFAULT_LOCALE, LOCALES, imageUrl, type EditorAsset } from "../../../core";
import { Button } from "../../components/button/Button";
import { useTranslation } from "../../components/i18n/use-translation";
import { Modal } from "../../components/modal/Modal";
import { FocalPointField } from "./FocalPointField";
import styles from "./Editor.module.css";
import { useStoryForm } from "./story-form-context";

interface AssetValue {
  readonly id?: number | null;
  readonly filename?: string;
  readonly alt?: string | null;
  readonly focus?: string | null;
}

const isImage = (value: unknown): value is AssetValue & { filename: string } =>
  typeof value === "object" && value !== null && typeof (value as AssetValue).filename === "string" && (value as AssetValue).filename !== "";

/** An asset field's value as Storyblok stores it. */
const assetValue = (asset: EditorAsset) => ({
  id: asset.id,
  alt: asset.alt,
  name: "",
  focus: "",
  title: asset.title,
  source: "",
  filename: asset.filename,
  copyright: "",
  fieldtype: "asset",
  meta_data: {},
  is_external_url: false,
});

/** A small copy from the image service; an SVG or another host's picture as it is (the service transforms neither). */
const thumbnail = (filename: string) => imageUrl(filename, { width: 160 });

export interface AssetFieldProps {
  readonly id: string;
  /** The field's name: the pictures and their descriptions are a group. */
  readonly labelledBy: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  /** A multiasset field: a list of images. */
  readonly multiple?: boolean;
  /** A translation's default-language pictures: shown while it has none of its own, copied by its first change. */
  readonly fallback?: unknown;
}

const picturesIn = (value: unknown, multiple: boolean) => (multiple ? (Array.isArray(value) ? value.filter(isImage) : []) : isImage(value) ? [value] : []);

/** One image (or several), each with its alt text, chosen from the assets or uploaded. */
export function AssetField({ id, labelledBy, value, onChange, multiple = false, fallback }: AssetFieldProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const own = picturesIn(value, multiple);
  // Visitors of this language see the default language's pictures, described in that language:
  // the editor shows them, and the first description typed here makes them this language's own.
  const inherited = own.length === 0 ? picturesIn(fallback, multiple) : [];
  const fromDefault = inherited.length > 0;
  const images = fromDefault ? inherited : own;
  const setImages = (next: readonly object[]) => onChange(multiple ? next : (next[0] ?? { id: null, alt: null, name: "", focus: null, title: null, filename: "", copyright: null, fieldtype: "asset" }));
  return (
    <div className={styles.assets} id={id} role="group" aria-labelledby={labelledBy} tabIndex={-1}>
      {images.length === 0 ? <p className={styles.muted}>{t("editor.asset.none")}</p> : null}
      {fromDefault ? <p className={styles.muted}>{t("editor.asset.inherited", { language: LOCALES[CONTENT_DEFAULT_LOCALE].name })}</p> : null}
      {images.map((image, index) => (
        <div key={`${image.filename}-${index}`} className={styles.asset}>
          <img src={thumbnail(image.filename)} alt="" width={80} height={54} className={styles.thumbnail} />
          <label className={styles.assetAlt}>
            <span className={styles.label}>{t("editor.asset.alt")}</span>
            <input
              className={styles.control}
              type="text"
              value={fromDefault ? "" : (image.alt ?? "")}
              placeholder={fromDefault ? (image.alt ?? undefined) : undefined}
              onChange={(event) => setImages(images.map((other, at) => (at === index ? Object.assign({}, other, { alt: event.target.value }) : other)))}
            />
          </label>
          {fromDefault ? null : <Button text={t("editor.asset.remove")} type="tertiary" size="small" color="danger" onClick={() => setImages(images.filter((_, at) => at !== index))} />}
          <FocalPointField filename={image.filename} focus={image.focus} onChange={(focus) => setImages(images.map((other, at) => (at === index ? Object.assign({}, other, { focus }) : other)))} />
        </div>
      ))}
      <Modal
        open={picking}
        onOpenChange={setPicking}
        title={t("editor.asset.choose")}
        trigger={<Button text={multiple || images.length === 0 ? t("editor.asset.add") : t("editor.asset.replace")} type="secondary" size="small" />}
      >
        <AssetPicker
          onPick={(asset) => {
            setImages(multiple ? [...images, assetValue(asset)] : [assetValue(asset)]);
            setPicking(false);
          }}
        />
      </Modal>
    </div>
  );
}

/** The space's images to pick from, and an upload form (the new image comes first). */
function AssetPicker({ onPick }: { readonly onPick: (asset: EditorAsset) => void }) {
  const { t } = useTranslation();
  const { assets, upload, uploading } = useStoryForm();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !alt.trim()) return;
    upload(file, alt.trim());
    setFile(null);
    setAlt("");
    (event.target as HTMLFormElement).reset();
  };
  return (
    <div className={styles.picker}>
      <form className={styles.upload} onSubmit={submit}>
        <label className={styles.label} htmlFor={`${id}-file`}>
          {t("editor.asset.file")}
        </label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <label className={styles.label} htmlFor={`${id}-alt`}>
          {t("editor.asset.alt")}
        </label>
        <input id={`${id}-alt`} className={styles.control} type="text" required maxLength={250} value={alt} onChange={(event) => setAlt(event.target.value)} />
        <Button text={t("editor.asset.upload")} isSubmit size="small" busy={uploading} disabled={uploading || !file || !alt.trim()} />
      </form>
      <ul className={styles.assetGrid} aria-label={t("editor.asset.library")}>
        {assets.map((asset) => (
          <li key={asset.id}>
            <button type="button" className={styles.assetChoice} onClick={() => onPick(asset)}>
              <img src={thumbnail(asset.filename)} alt="" width={160} height={Math.round((160 * asset.height) / Math.max(1, asset.width))} loading="lazy" />
              <span>{asset.alt || asset.shortFilename}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
