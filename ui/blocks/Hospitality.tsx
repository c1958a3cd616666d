import { useTranslation } from "react-i18next";
import type { HospitalityProduct } from "../../core";
import { BoxCard } from "../components/box-card/BoxCard";
import { EmptyState } from "../components/empty-state/EmptyState";
import { RichText } from "../components/rich-text/RichText";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Hospitality.module.css";
import { useRichTextBloks } from "./use-rich-text-bloks";

type ProductKind = NonNullable<HospitalityProduct["product"]>;

/** The product each offer is, as its i18n key (the hospitality form's "product of interest" too). */
export const HOSPITALITY_PRODUCT_KEYS: Readonly<Record<ProductKind, string>> = {
  "annual-membership": "hospitality.product.annualMembership",
  boxes: "hospitality.product.boxes",
  club: "hospitality.product.club",
  "event-rental": "hospitality.product.eventRental",
  restaurant: "hospitality.product.restaurant",
  others: "hospitality.product.others",
  invoice: "hospitality.product.invoice",
};

/** Boxes, the Club and memberships: the offers with their capacity, then the hospitality form. */
export function Hospitality({ block }: BlockProps<BlockOf<"hospitality">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const products = block.products ?? [];
  const level = innerLevel(headingLevel);

  if (!block.title && !block.intro && products.length === 0) return <EmptyState kind="information" headingLevel={level} />;
  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {products.length ? (
        <ul className={styles.list}>
          {products.map((product) => (
            <li key={product._uid}>
              <BoxCard
                title={product.name}
                kicker={product.product ? t(HOSPITALITY_PRODUCT_KEYS[product.product]) : undefined}
                image={product.image}
                headingLevel={level}
                facts={product.capacity ? [{ label: t("hospitality.capacity"), value: product.capacity }] : []}
              >
                <RichText doc={product.description} renderBlok={renderBlok} />
              </BoxCard>
            </li>
          ))}
        </ul>
      ) : null}
      <HospitalityFormSlot />
    </BlockSection>
  );
}

/** Slot: the hospitality form renders here once the forms issue lands. */
function HospitalityFormSlot() {
  return null;
}
