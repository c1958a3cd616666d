import { useTranslation } from "../components/i18n/use-translation";
import { Card } from "../components/card/Card";
import { Carousel } from "../components/carousel/Carousel";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState } from "../components/empty-state/EmptyState";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";

/**
 * A card's picture: 88 % of the container on a phone (the next card peeks in), two cards a view from
 * 40rem, three from 64rem (22rem each once the container stops growing at 72rem).
 */
const CARD_IMAGE_SIZES = "(min-width: 72rem) 22rem, (min-width: 64rem) calc(33.3vw - 2rem), (min-width: 40rem) calc(46vw - 0.5rem), calc(88vw - 2rem)";

/** Cards in a carousel: one and a bit on phones, two on tablets, three on desktops. */
export function CardsCarousel({ block }: BlockProps<BlockOf<"cards_carousel">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const cards = block.cards ?? [];
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {cards.length === 0 ? (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <Carousel
          label={block.title || t("carousel.roleDescription")}
          perView={{ base: 1, md: 2, lg: 3 }}
          slides={cards.map((card) => ({
            key: card._uid,
            content: (
              <Card
                title={card.title}
                text={card.text}
                image={card.image ?? null}
                imageSizes={CARD_IMAGE_SIZES}
                headingLevel={innerLevel(headingLevel)}
                action={
                  card.link && card.link_label ? (
                    <ContentLink link={card.link} appearance="button-secondary" size="small">
                      {card.link_label}
                    </ContentLink>
                  ) : undefined
                }
              />
            ),
          }))}
        />
      )}
    </BlockSection>
  );
}
