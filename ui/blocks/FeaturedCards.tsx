import { EmptyState } from "../components/empty-state/EmptyState";
import { FeatureCard } from "../components/feature-card/FeatureCard";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./FeaturedCards.module.css";

/**
 * The cards' pictures cover the card, at least 20rem tall on a phone and 26rem from 48rem: a 3:2
 * picture is then at least 30rem and 39rem wide, wider than a card in two columns (from 48rem) or
 * than a narrow phone's container. The first card of an odd count takes the whole row (68rem once
 * the container stops growing at 72rem).
 */
const HALF_ROW_IMAGE_SIZES = "(min-width: 48rem) 39rem, (min-width: 33rem) 92vw, 30rem";
const WHOLE_ROW_IMAGE_SIZES = "(min-width: 72rem) 68rem, (min-width: 33rem) 92vw, 30rem";

/** Big picture cards leading to the site's main sections. */
export function FeaturedCards({ block }: BlockProps<BlockOf<"featured_cards">>) {
  const { headingLevel, isFirst } = useBlockContext();
  const cards = block.cards ?? [];
  const odd = cards.length % 2 === 1;
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {cards.length === 0 ? (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <ul className={`${styles.grid} ${odd ? styles.odd : ""}`}>
          {cards.map((card, index) => (
            <li key={card._uid} className={styles.item}>
              <FeatureCard
                title={card.title}
                text={card.text}
                image={card.image ?? null}
                link={card.link}
                linkLabel={card.link_label}
                headingLevel={innerLevel(headingLevel)}
                imageSizes={odd && index === 0 ? WHOLE_ROW_IMAGE_SIZES : HALF_ROW_IMAGE_SIZES}
                priority={isFirst && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}
