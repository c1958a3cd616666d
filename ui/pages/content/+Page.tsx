import { Suspense } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { useEditorBridge } from "../../shell/editor-bridge/use-editor-bridge";
import { Blocks } from "../../blocks/Blocks";
import { deferredHydration } from "../../components/deferred-hydration/deferred-hydration";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";
import { VenueJsonLd } from "./VenueJsonLd";

// Only some pages have a hero: the carousel's code comes with them alone, hydrated once it has arrived.
const HeroSlider = await deferredHydration(() => import("../../components/hero-slider/HeroSlider").then((module) => module.HeroSlider));
// Only the editor's preview shows it: its code and text come with the preview alone (a block module's texts are all the preview's).
const NothingRenderableNote = await deferredHydration(() => import("../../blocks/NothingRenderableNote").then((module) => module.NothingRenderableNote));

export default function Page() {
  const data = useData<Data>();
  const { contentPreview } = usePageContext();
  // In the editor's preview, the bridge's input events replace the content as the editor types.
  const page = useEditorBridge(contentPreview === true, data.page);
  const { blockData, isHome, editableStory } = data;
  const { t } = useTranslation();
  const title = page.title || t("app.name");
  usePageHead(title, page.description || t("page.home.description"));
  const hero = page.hero ?? [];
  return (
    <>
      {hero.length > 0 ? (
        <>
          <h1 className="visually-hidden">{title}</h1>
          <Suspense fallback={null}>
            <HeroSlider slides={hero} firstHeadingLevel={2} />
          </Suspense>
        </>
      ) : (
        <PageIntro title={title} lead={page.description} />
      )}
      {contentPreview === true ? (
        <Suspense fallback={null}>
          <NothingRenderableNote page={page} />
        </Suspense>
      ) : null}
      {/* Under a hero the first block is below the fold on a phone: its images must not compete with the hero's. */}
      <Blocks blocks={page.body ?? []} data={blockData} editableStory={editableStory} firstOnScreen={hero.length === 0} />
      {isHome ? <VenueJsonLd /> : null}
    </>
  );
}
