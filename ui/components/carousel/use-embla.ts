import type { EmblaCarouselType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * embla on the carousel's viewport. Its code loads after hydration, and only on pages that show
 * a carousel: until then (or if it fails to load) the slides scroll natively with scroll snapping.
 */
export function useEmbla(loop: boolean): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let active = true;
    let api: EmblaCarouselType | undefined;
    import("embla-carousel").then(
      ({ default: EmblaCarousel }) => {
        if (!active) return;
        api = EmblaCarousel(viewport, { loop, align: "start", containScroll: loop ? false : "trimSnaps" });
        setEmbla(api);
      },
      () => undefined, // offline: native scrolling stays
    );
    return () => {
      active = false;
      api?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, loop]);
  return [setViewport, embla];
}
