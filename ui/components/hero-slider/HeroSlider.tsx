import { useTranslation } from "../i18n/use-translation";
import type { HeroSlide } from "../../../core";
import { Carousel } from "../carousel/Carousel";
import { ContentPicture } from "../content-picture/ContentPicture";
import { ContentLink } from "../content-link/ContentLink";
import { HERO_CROPS } from "./hero-crops";
import styles from "./HeroSlider.module.css";

export interface HeroSliderProps {
  readonly slides: readonly HeroSlide[];
  /** The first slide's title can be the page's h1 (the home page). */
  readonly firstHeadingLevel?: 1 | 2;
  /** Milliseconds per slide; no autoplay unless given (and never under reduced motion). */
  readonly autoplay?: number;
}

/** The home page's big picture band: slides with a title, a line of text and a call to action. */
export function HeroSlider({ slides, firstHeadingLevel = 2, autoplay }: HeroSliderProps) {
  const { t } = useTranslation();
  if (slides.length === 0) return null;
  return (
    <div className={styles.hero}>
      <Carousel
        label={t("heroSlider.label")}
        variant="hero"
        loop={slides.length > 1}
        autoplay={autoplay}
        slides={slides.map((slide, index) => {
          const Heading = index === 0 && firstHeadingLevel === 1 ? "h1" : "h2";
          return {
            key: slide._uid,
            content: (
              <div className={styles.slide}>
                <ContentPicture image={slide.image} alt="" sizes="100vw" crops={HERO_CROPS} priority={index === 0} className={styles.image} />
                <div className={`container ${styles.text}`}>
                  {slide.title ? <Heading className={styles.title}>{slide.title}</Heading> : null}
                  {slide.text ? <p className={styles.lead}>{slide.text}</p> : null}
                  {slide.link && slide.link_label ? (
                    <ContentLink link={slide.link} appearance="button" size="large">
                      {slide.link_label}
                    </ContentLink>
                  ) : null}
                </div>
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
