import { useId, useState, type FormEvent } from "react";
import { contentTypeOfFolder, componentLabel, slugFromName, STORY_SLUG, type ComponentDefinition, type EditableStorySummary, type NewStory } from "../../../core";
import { Button } from "../../components/button/Button";
import { SelectField } from "../../components/form-field/SelectField";
import { TextField } from "../../components/form-field/TextField";
import { useTranslation } from "../../components/i18n/use-translation";
import { Modal } from "../../components/modal/Modal";
import styles from "./Editor.module.css";

export interface NewStoryDialogProps {
  readonly stories: readonly EditableStorySummary[];
  readonly components: readonly ComponentDefinition[];
  /** Unsaved changes come first: the button waits. */
  readonly disabled: boolean;
  readonly onCreate: (story: NewStory) => void;
}

const TOP_LEVEL = "";

/** A new story: its folder, its name, its address (from the name until edited) and its content type. */
export function NewStoryDialog({ stories, components, disabled, onCreate }: NewStoryDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const folders = stories.filter((story) => story.isFolder).sort((a, b) => a.fullSlug.localeCompare(b.fullSlug));
  // The global config is one story: a second would not be read.
  const contentTypes = components.filter((component) => component.is_root === true && component.name !== "global_config");
  const [folder, setFolder] = useState(TOP_LEVEL);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState<string | undefined>(undefined);
  const [component, setComponent] = useState<string | undefined>(undefined);
  const [tried, setTried] = useState(false);

  const folderStory = folders.find((candidate) => String(candidate.id) === folder);
  const shownSlug = slug ?? slugFromName(name);
  const shownComponent = component ?? contentTypeOfFolder(folderStory?.fullSlug ?? null);
  const nameError = tried && !name.trim() ? t("validation.storyName.required") : undefined;
  const slugError = tried && !STORY_SLUG.test(shownSlug) ? t("validation.slug.invalid") : undefined;

  const reset = () => {
    setName("");
    setSlug(undefined);
    setComponent(undefined);
    setTried(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || !STORY_SLUG.test(shownSlug)) return;
    onCreate({ name: name.trim(), slug: shownSlug, parentId: folderStory ? folderStory.id : null, component: shownComponent });
    setOpen(false);
    reset();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title={t("editor.newStory.title")}
      trigger={<Button text={t("editor.newStory.open")} type="secondary" size="small" disabled={disabled} />}
    >
      <form className={styles.newStory} onSubmit={submit} noValidate>
        <SelectField
          id={`${id}-folder`}
          name="folder"
          label={t("editor.newStory.folder")}
          value={folder}
          options={[{ value: TOP_LEVEL, label: t("editor.newStory.topLevel") }, ...folders.map((candidate) => ({ value: String(candidate.id), label: `${candidate.name} (/${candidate.fullSlug})` }))]}
          onChange={(value) => {
            setFolder(value);
            setComponent(undefined);
          }}
        />
        <TextField id={`${id}-name`} name="name" label={t("editor.newStory.name")} value={name} onChange={setName} required error={nameError} />
        <TextField
          id={`${id}-slug`}
          name="slug"
          label={t("editor.newStory.slug")}
          hint={`/${folderStory ? `${folderStory.fullSlug}/` : ""}${shownSlug}`}
          value={shownSlug}
          onChange={(value) => setSlug(value)}
          required
          error={slugError}
        />
        <SelectField
          id={`${id}-type`}
          name="component"
          label={t("editor.newStory.type")}
          value={shownComponent}
          options={contentTypes.map((type) => ({ value: type.name, label: componentLabel(type, type.name) }))}
          onChange={setComponent}
        />
        <Button text={t("editor.newStory.create")} isSubmit />
      </form>
    </Modal>
  );
}
