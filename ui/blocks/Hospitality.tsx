import { useTranslation } from "../components/i18n/use-translation";
import { PRODUCT_OF_INTEREST_LABELS } from "../../core";
import { BoxCard } from "../components/box-card/BoxCard";
import { EmptyState } from "../components/empty-state/EmptyState";
import { HOSPITALITY_FORM } from "../shell/lead-form/forms/hospitality.form";
import { LeadForm } from "../shell/lead-form/LeadForm";
import { RichText } from "../components/rich-text/RichText";
import { NO_INFORMATION } from "./block-empty-states";
import { innerLevel, useBlockContext } from "./block-context";
import type { BlockOf, BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Hospitality.module.css";
import { useRichTextBloks } from "./use-rich-text-bloks";

/** An offer's kind above its name, unless the name says it already ("Private boxes" twice). */
function kindUnlessNamed(kind: string | undefined, name: string | undefined): string | undefined {
  return kind && kind.trim().toLocaleLowerCase() !== name?.trim().toLocaleLowerCase() ? kind : undefined;
}

/** Boxes, the Club and memberships: the offers with their capacity, then the hospitality form. */
export function Hospitality({ block }: BlockProps<BlockOf<"hospitality">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const renderBlok = useRichTextBloks();
  const products = block.products ?? [];
  const level = innerLevel(headingLevel);

  if (!block.title && !block.intro && products.length === 0) return <EmptyState content={NO_INFORMATION} headingLevel={level} />;
  return (
    <BlockSection uid={block._uid} title={block.title} intro={block.intro}>
      {products.length ? (
        <ul className={styles.list}>
          {products.map((product) => (
            <li key={product._uid}>
              <BoxCard
                title={product.name}
                kicker={kindUnlessNamed(product.product ? t(PRODUCT_OF_INTEREST_LABELS[product.product]) : undefined, product.name)}
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
      <LeadForm form={HOSPITALITY_FORM} id={`hospitality-form-${block._uid}`} />
    </BlockSection>
  );
}
