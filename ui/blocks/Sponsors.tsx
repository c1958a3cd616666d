import { useTranslation } from "../components/i18n/use-translation";
import type { SponsorSummary } from "../../core";
import { ContentImage } from "../components/content-image/ContentImage";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { InfoIcon } from "../components/icons/Icons";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Sponsors.module.css";
import { classNames } from "../components/class-names";

const NO_SPONSORS: EmptyStateContent = { kind: "sponsors", title: "emptyState.noSponsors.title", text: "emptyState.noSponsors.text", Icon: InfoIcon };

const TIERS = ["premium", "institutional"] as const;
const TIER_KEYS: Readonly<Record<(typeof TIERS)[number], string>> = {
  premium: "sponsors.premium",
  institutional: "sponsors.institutional",
};

/** Sponsors by tier (SPEC §3: institutional, premium), as logos linking to their sites. */
export function Sponsors({ block, data }: BlockProps<BlockOf<"sponsors">>) {
  const { t } = useTranslation();
  const { headingLevel } = useBlockContext();
  const tiers = block.tiers?.length ? TIERS.filter((tier) => block.tiers?.includes(tier)) : TIERS;
  const sponsors = (dataOfKind(data, "sponsors")?.sponsors ?? []).filter((sponsor) => tiers.includes(sponsor.tier));
  const level = innerLevel(headingLevel);
  const Heading = `h${level}` as const;
  const groups = tiers.map((tier) => ({ tier, sponsors: sponsors.filter((sponsor) => sponsor.tier === tier) })).filter((group) => group.sponsors.length);

  return (
    <BlockSection uid={block._uid} title={block.title}>
      {sponsors.length === 0 ? (
        <EmptyState content={NO_SPONSORS} headingLevel={level} />
      ) : (
        groups.map((group) => (
          <div key={group.tier} className={styles.tier}>
            {groups.length > 1 || !block.title ? <Heading className={styles.tierTitle}>{t(TIER_KEYS[group.tier])}</Heading> : null}
            <ul className={classNames(styles.logos, styles[group.tier])}>
              {group.sponsors.map((sponsor) => (
                <li key={sponsor.slug} id={sponsor.slug} className={styles.logo}>
                  <SponsorLogo sponsor={sponsor} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </BlockSection>
  );
}

function SponsorLogo({ sponsor }: { sponsor: SponsorSummary }) {
  const image = <ContentImage image={sponsor.logo ?? null} alt={sponsor.name} fit="contain" sizes="12rem" width={240} height={120} className={styles.image} />;
  return sponsor.url ? (
    <ContentLink link={sponsor.url} className={styles.link}>
      {image}
    </ContentLink>
  ) : (
    <span className={styles.link}>{image}</span>
  );
}
