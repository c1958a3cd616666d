import { useCallback, useEffect, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import styles from "./Carousel.module.css";
import { useEmbla } from "./use-embla";
import { useReducedMotion } from "./use-reduced-motion";
import { classNames } from "../class-names";

export interface CarouselSlide {
  readonly key: string;
  readonly content: ReactNode;
}

export interface CarouselProps {
  /** Names the carousel for screen readers. */
  readonly label: string;
  readonly slides: readonly CarouselSlide[];
  /** Milliseconds per slide. No autoplay unless given, and never under prefers-reduced-motion. */
  readonly autoplay?: number;
  readonly loop?: boolean;
  /** Slides in view from each width: phones, ≥ 40rem, ≥ 64rem. */
  readonly perView?: { readonly base?: number; readonly md?: number; readonly lg?: number };
  readonly variant?: "cards" | "hero";
}

/**
 * A carousel on embla: previous/next buttons, a slide counter, arrow keys and swipe. Before
 * JavaScript runs (or without it) the slides scroll natively with scroll snapping.
 */
export function Carousel({ label, slides, autoplay, loop = false, perView, variant = "cards" }: CarouselProps) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla] = useEmbla(loop);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(slides.length);
  const [canPrevious, setCanPrevious] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);
  const [paused, setPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
      setCanPrevious(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    // Before hydration the viewport scrolled natively; embla moves the slides itself from now on.
    embla.rootNode().scrollLeft = 0;
    update();
    setReady(true);
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  const canAutoplay = autoplay !== undefined && autoplay > 0 && !reducedMotion && snapCount > 1;
  const playing = canAutoplay && !paused;

  useEffect(() => {
    if (!embla || !playing || interacting) return;
    const timer = window.setInterval(() => {
      if (embla.canScrollNext()) embla.scrollNext();
      else embla.scrollTo(0);
    }, autoplay);
    return () => window.clearInterval(timer);
  }, [embla, playing, interacting, autoplay]);

  // Under reduced motion the carousel jumps instead of scrolling.
  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInteracting(false);
  };

  if (slides.length === 0) return null;
  const style = {
    "--per-view": perView?.base ?? 1,
    "--per-view-md": perView?.md ?? perView?.base ?? 1,
    "--per-view-lg": perView?.lg ?? perView?.md ?? perView?.base ?? 1,
  } as CSSProperties;

  return (
    <section
      className={classNames(styles.carousel, styles[variant])}
      aria-roledescription={t("carousel.roleDescription")}
      aria-label={label}
      data-ready={ready || undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={onBlur}
    >
      {/* Focusable: before hydration it scrolls natively, and keyboard users scroll it with the arrows. */}
      <div className={styles.viewport} ref={viewportRef} tabIndex={0}>
        <div className={styles.container} style={style}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className={styles.slide}
              role="group"
              aria-roledescription={t("carousel.slideRoleDescription")}
              aria-label={t("carousel.counter", { current: index + 1, total: slides.length })}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        <div className={styles.controls} hidden={ready && snapCount <= 1}>
          {canAutoplay ? (
            <button type="button" className={styles.button} onClick={() => setPaused(!paused)}>
              <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
              <span className="visually-hidden">{paused ? t("carousel.play") : t("carousel.pause")}</span>
            </button>
          ) : null}
          <button type="button" className={styles.button} onClick={previous} disabled={!canPrevious} aria-label={t("carousel.previous")}>
            <span aria-hidden="true">←</span>
          </button>
          <p className={styles.counter} aria-live={playing && !interacting ? "off" : "polite"} aria-atomic="true">
            {t("carousel.counter", { current: selected + 1, total: snapCount })}
          </p>
          <button type="button" className={styles.button} onClick={next} disabled={!canNext} aria-label={t("carousel.next")}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
