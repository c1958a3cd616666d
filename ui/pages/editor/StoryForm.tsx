import { useMemo, useRef } from "react";
import type { BlockContent, StoryEditorEvent, StoryEditorView } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import { BlockFields } from "./BlockFields";
import { StoryFormContext } from "./story-form-context";

export interface StoryFormProps {
  readonly view: StoryEditorView;
  readonly send: (event: StoryEditorEvent) => void;
}

/** The open story's fields, generated from its component's schema, in the chosen language. */
export function StoryForm({ view, send }: StoryFormProps) {
  const { t } = useTranslation();
  const latest = useRef(view.draft);
  latest.current = view.draft;
  const { components, stories, assets, language, selectedBlock, selections, fieldProblems, uploading, lastUpload } = view;
  const context = useMemo(
    () => ({
      components,
      stories,
      assets,
      language,
      selectedBlock,
      selections,
      fieldProblems,
      uploading,
      lastUpload,
      change: (edit: (content: BlockContent) => BlockContent) => {
        if (!latest.current) return;
        latest.current = edit(latest.current);
        send({ type: "EDIT", content: latest.current });
      },
      upload: (file: File, alt: string) => send({ type: "UPLOAD", file, alt }),
    }),
    [components, stories, assets, language, selectedBlock, selections, fieldProblems, uploading, lastUpload, send],
  );
  const draft = view.draft;
  if (!draft) return null;
  const component = components.find((candidate) => candidate.name === draft.component);
  return (
    <StoryFormContext.Provider value={context}>
      {/* Not a <form>: nothing here is submitted; the story's own buttons save and publish it. */}
      <section aria-label={t("editor.fields")}>
        {component ? <BlockFields block={draft} component={component} /> : <p>{t("editor.unknownComponent", { name: String(draft.component) })}</p>}
      </section>
    </StoryFormContext.Provider>
  );
}
