import { useTranslation } from "../components/i18n/use-translation";
import { BoxCard } from "../components/box-card/BoxCard";
import { Carousel } from "../components/carousel/Carousel";
import { ContentImage } from "../components/content-image/ContentImage";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { PinIcon } from "../components/icons/Icons";
import { RichText } from "../components/rich-text/RichText";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Restaurants.module.css";
import { useRichTextBloks } from "./use-rich-text-bloks";

/**
 * A photo in a restaurant's gallery, a carousel in its card's text column: two a view on a phone (the
 * next one peeking in), three from 40rem, in the card's three fifths beside its picture from 64rem.
 */
const PHOTO_IMAGE_SIZES = "(min-width: 72rem) 12rem, (min-width: 64rem) calc(20vw - 2.5rem), (min-width: 40rem) calc(31vw - 1.75rem), calc(44vw - 2.75rem)";

const NO_RESTAURANTS: EmptyStateContent = { kind: "restaurants", title: "emptyState.noRestaurants.title", text: "emptyState.noRestaurants.text", Icon: PinIcon };

/** The arena's restaurants: hours, location, gallery and a reservation link (SPEC §3). */
export function Restaurants({ block, data }: BlockProps<BlockOf<"restaurants">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const restaurants = dataOfKind(data, "restaurants")?.restaurants ?? [];
  const level = innerLevel(headingLevel);

  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {restaurants.length === 0 ? (
        <EmptyState content={NO_RESTAURANTS} headingLevel={level} />
      ) : (
        <ul className={styles.list}>
          {restaurants.map((restaurant) => (
            <li key={restaurant.slug}>
              <BoxCard
                id={restaurant.slug}
                title={restaurant.name}
                kicker={restaurant.cuisine}
                image={restaurant.image}
                headingLevel={level}
                facts={[
                  ...(restaurant.openingHours ? [{ label: t("restaurant.openingHours"), value: restaurant.openingHours }] : []),
                  ...(restaurant.location ? [{ label: t("content.location"), value: restaurant.location }] : []),
                ]}
                action={
                  restaurant.reservation ? (
                    <ContentLink link={restaurant.reservation} appearance="button">
                      {t("restaurant.reserve")}
                    </ContentLink>
                  ) : undefined
                }
              >
                <RichText doc={restaurant.description} renderBlok={renderBlok} />
                {restaurant.gallery.length ? (
                  <div className={styles.gallery}>
                    <Carousel
                      label={t("restaurant.gallery", { name: restaurant.name })}
                      perView={{ base: 2, md: 3, lg: 3 }}
                      slides={restaurant.gallery.map((image, index) => ({
                        key: `${image.filename ?? ""}-${index}`,
                        content: (
                          <div className={styles.photo}>
                            <ContentImage image={image} sizes={PHOTO_IMAGE_SIZES} className={styles.photoImage} />
                          </div>
                        ),
                      }))}
                    />
                  </div>
                ) : null}
              </BoxCard>
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}
