import type { MouseEvent } from "react";
import { cropRegion, focusAtFraction, focusFraction, focusPosition, formatFocus, imageUrl, intrinsicSize, isImageServiceAsset, parseFocus, type AspectRatio, type FocusFraction } from "../../../core";
import { Button } from "../../components/button/Button";
import { HERO_CROPS } from "../../components/hero-slider/hero-crops";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

export interface FocalPointFieldProps {
  readonly filename: string;
  /** The asset's `focus` as Storyblok stores it (`{left}x{top}:{right}x{bottom}`); empty when unset. */
  readonly focus: string | null | undefined;
  readonly onChange: (focus: string) => void;
}

const PREVIEW_WIDTH = 320;
/** A wide screen's slide (1440 × 704 px on a laptop, wider on larger screens): the whole picture, placed by the focal point. */
const WIDE_SCREEN: AspectRatio = [2, 1];
const CENTRE: FocusFraction = { x: 0.5, y: 0.5 };
const percent = (fraction: number) => Math.round(fraction * 100);

/**
 * Where an image's subject is, so that the pages that crop it keep it in view: the hero's crops
 * for upright screens (served cropped around it) and every picture that covers its box (placed by
 * it). Set by clicking the picture or with two sliders (the keyboard's way); each crop is
 * previewed as the site serves it, and a wide screen's slide as the browser covers it. Nothing
 * for a picture whose size its address does not tell (an SVG, another host's): the site crops
 * none of those.
 */
export function FocalPointField({ filename, focus, onChange }: FocalPointFieldProps) {
  const { t } = useTranslation();
  const size = intrinsicSize(filename);
  if (!size || !isImageServiceAsset(filename)) return null;
  const preview = imageUrl(filename, { width: PREVIEW_WIDTH });
  const focal = parseFocus(focus);
  const point = focal ? focusFraction(focal, size) : undefined;
  const shown = point ?? CENTRE;
  const set = (next: FocusFraction) => onChange(formatFocus(focusAtFraction(next, size)));
  const pointAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    set({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  const where = point ? t("editor.asset.focus.at", { across: percent(point.x), down: percent(point.y) }) : t("editor.asset.focus.centre");
  const previews: ReadonlyArray<readonly [label: string, aspect: AspectRatio]> = [
    [t("editor.asset.focus.phones"), HERO_CROPS[0]!.aspect],
    [t("editor.asset.focus.largePhones"), HERO_CROPS[1]!.aspect],
    [t("editor.asset.focus.tablets"), HERO_CROPS[2]!.aspect],
  ];
  return (
    <details className={styles.focal}>
      <summary className={styles.focalSummary}>{t("editor.asset.focus.summary", { where })}</summary>
      <p className={styles.hint}>{t("editor.asset.focus.help")}</p>
      <div className={styles.focalBody}>
        {/* The pointer's shortcut; the sliders below do the same from the keyboard. */}
        <div className={styles.focalPicture} onClick={pointAt}>
          <img src={preview} alt="" width={PREVIEW_WIDTH} height={Math.round((PREVIEW_WIDTH * size.height) / size.width)} draggable={false} />
          {point ? <span className={styles.focalMarker} style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }} aria-hidden="true" /> : null}
        </div>
        <div className={styles.focalControls}>
          <label className={styles.focalSlider}>
            <span className={styles.label}>{t("editor.asset.focus.across")}</span>
            <input type="range" min={0} max={100} step={1} value={percent(shown.x)} aria-valuetext={`${percent(shown.x)} %`} onChange={(event) => set({ x: Number(event.target.value) / 100, y: shown.y })} />
          </label>
          <label className={styles.focalSlider}>
            <span className={styles.label}>{t("editor.asset.focus.down")}</span>
            <input type="range" min={0} max={100} step={1} value={percent(shown.y)} aria-valuetext={`${percent(shown.y)} %`} onChange={(event) => set({ x: shown.x, y: Number(event.target.value) / 100 })} />
          </label>
          <Button text={t("editor.asset.focus.clear")} type="tertiary" size="small" disabled={!point} onClick={() => onChange("")} />
        </div>
      </div>
      <ul className={styles.focalCrops} aria-label={t("editor.asset.focus.previews")}>
        {previews.map(([label, aspect]) => (
          <li key={label}>
            <CropPreview preview={preview} size={size} aspect={aspect} focal={focal} />
            <span className={styles.hint}>
              {label} ({aspect[0]}:{aspect[1]})
            </span>
          </li>
        ))}
        <li>
          <div className={styles.focalCrop} style={{ aspectRatio: `${WIDE_SCREEN[0]} / ${WIDE_SCREEN[1]}` }}>
            <img src={preview} alt="" className={styles.focalCover} style={{ objectPosition: focusPosition(focal, size) }} />
          </div>
          <span className={styles.hint}>
            {t("editor.asset.focus.wideScreens")} ({WIDE_SCREEN[0]}:{WIDE_SCREEN[1]})
          </span>
        </li>
      </ul>
    </details>
  );
}

/** The part of the picture a crop to this shape keeps around the focal point, as the image service cuts it. */
function CropPreview({ preview, size, aspect, focal }: { readonly preview: string; readonly size: { width: number; height: number }; readonly aspect: AspectRatio; readonly focal: ReturnType<typeof parseFocus> }) {
  const region = cropRegion(size.width, size.height, aspect, focal);
  return (
    <div className={styles.focalCrop} style={{ aspectRatio: `${aspect[0]} / ${aspect[1]}` }}>
      <img
        src={preview}
        alt=""
        style={{ width: `${(100 * size.width) / region.width}%`, left: `${(-100 * region.left) / region.width}%`, top: `${(-100 * region.top) / region.height}%` }}
      />
    </div>
  );
}
