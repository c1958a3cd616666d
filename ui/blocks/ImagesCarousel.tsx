import { useTranslation } from "../components/i18n/use-translation";
import { hasImage } from "../../core";
import { Carousel } from "../components/carousel/Carousel";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { ImageIcon } from "../components/icons/Icons";
import { ImageCard } from "../components/image-card/ImageCard";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";

/**
 * A slide's picture: 88 % of the container on a phone (the next one peeks in), the whole container
 * from 40rem, two slides a view from 64rem (33.5rem each once the container stops growing at 72rem).
 */
const SLIDE_IMAGE_SIZES = "(min-width: 72rem) 33.5rem, (min-width: 64rem) calc(50vw - 2.5rem), (min-width: 40rem) 92vw, calc(88vw - 2rem)";

const NO_IMAGES: EmptyStateContent = { kind: "images", title: "emptyState.noImages.title", text: "emptyState.noImages.text", Icon: ImageIcon };

/** A gallery: one picture at a time on phones, with its caption. */
export function ImagesCarousel({ block }: BlockProps<BlockOf<"images_carousel">>) {
  const { t } = useTranslation();
  const { headingLevel, isFirst } = useBlockContext();
  const images = (block.images ?? []).filter(hasImage);
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {images.length === 0 ? (
        <EmptyState content={NO_IMAGES} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <Carousel
          label={block.title || t("carousel.roleDescription")}
          perView={{ base: 1, md: 1, lg: 2 }}
          slides={images.map((image, index) => ({
            key: `${image.id ?? image.filename}-${index}`,
            content: <ImageCard image={image} caption={image.title ?? undefined} priority={isFirst && index === 0} sizes={SLIDE_IMAGE_SIZES} />,
          }))}
        />
      )}
    </BlockSection>
  );
}
