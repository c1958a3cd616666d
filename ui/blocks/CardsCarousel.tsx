import { useTranslation } from "../components/i18n/use-translation";
import { Card } from "../components/card/Card";
import { Carousel } from "../components/carousel/Carousel";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState } from "../components/empty-state/EmptyState";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";

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
