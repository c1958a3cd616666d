import { EmptyState } from "../components/empty-state/EmptyState";
import { FeatureCard } from "../components/feature-card/FeatureCard";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./FeaturedCards.module.css";

/**
 * The cards' pictures: the container less its gutters on a phone; two columns from 48rem (33.25rem
 * each once the container stops growing at 72rem), where the first of an odd count takes the whole row.
 */
const HALF_ROW_IMAGE_SIZES = "(min-width: 72rem) 33.25rem, (min-width: 48rem) calc((100vw - 5.5rem) / 2), 92vw";
const WHOLE_ROW_IMAGE_SIZES = "(min-width: 72rem) 68rem, 92vw";

/** Big picture cards leading to the site's main sections. */
export function FeaturedCards({ block }: BlockProps<BlockOf<"featured_cards">>) {
  const { headingLevel, isFirst } = useBlockContext();
  const cards = block.cards ?? [];
  return (
    <BlockSection uid={block._uid} title={block.title}>
      {cards.length === 0 ? (
        <EmptyState content={NO_INFORMATION} headingLevel={innerLevel(headingLevel)} />
      ) : (
        <ul className={`${styles.grid} ${cards.length % 2 === 1 ? styles.odd : ""}`}>
          {cards.map((card, index) => (
            <li key={card._uid} className={styles.item}>
              <FeatureCard
                title={card.title}
                text={card.text}
                image={card.image ?? null}
                link={card.link}
                linkLabel={card.link_label}
                headingLevel={innerLevel(headingLevel)}
                imageSizes={index === 0 && cards.length % 2 === 1 ? WHOLE_ROW_IMAGE_SIZES : HALF_ROW_IMAGE_SIZES}
                priority={isFirst && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}
