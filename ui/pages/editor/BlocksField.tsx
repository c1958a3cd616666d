import { useEffect, useId, useRef, useState } from "react";
import {
  allowedComponents,
  blockSummary,
  blocksOf,
  componentLabel,
  duplicateBlock,
  insertBlock,
  locateBlock,
  moveBlock,
  newBlock,
  removeBlock,
  type BlockContent,
  type FormField,
} from "../../../core";
import { Button } from "../../components/button/Button";
import { ArrowDownIcon, ArrowUpIcon, CopyIcon, TrashIcon } from "./EditorIcons";
import { useTranslation } from "../../components/i18n/use-translation";
import { BlockFields } from "./BlockFields";
import styles from "./Editor.module.css";
import { useStoryForm } from "./story-form-context";

const newUid = () => crypto.randomUUID();

/** The element of a block's fields; focusing it after a move keeps the keyboard where the block went. */
const blockElementId = (uid: string) => `block-${uid}`;

/** A `bloks` field: its blocks in order, each editable, movable, copyable and removable, and a way to add one. */
export function BlocksField({ block, field, label }: { readonly block: BlockContent; readonly field: FormField; readonly label: string }) {
  const { t } = useTranslation();
  const { components, change } = useStoryForm();
  const id = useId();
  const allowed = allowedComponents(field.field, components);
  const [adding, setAdding] = useState(allowed[0]?.name ?? "");
  const [focusAfter, setFocusAfter] = useState<string | undefined>(undefined);
  const parentUid = String(block._uid);
  const children = blocksOf(block, field.key);
  // Storyblok's `maximum`: the field takes no more blocks (the site's layout counts on it).
  const maximum = field.field.maximum ?? undefined;
  const full = maximum !== undefined && children.length >= maximum;

  useEffect(() => {
    if (!focusAfter) return;
    document.getElementById(blockElementId(focusAfter))?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, children]);

  const add = () => {
    const component = allowed.find((candidate) => candidate.name === adding);
    if (!component) return;
    const created = newBlock(component, newUid());
    change((content) => insertBlock(content, parentUid, field.key, children.length, created));
    setFocusAfter(String(created._uid));
  };

  return (
    <fieldset className={styles.blocks}>
      <legend className={styles.blocksLegend}>{label}</legend>
      {children.length === 0 ? <p className={styles.muted}>{t("editor.blocks.empty")}</p> : null}
      <ol className={styles.blockList}>
        {children.map((child, index) => (
          <li key={String(child._uid)}>
            <BlockCard
              block={child}
              first={index === 0}
              last={index === children.length - 1}
              canDuplicate={!full}
              onMove={(offset) => {
                change((content) => moveBlock(content, String(child._uid), offset));
                setFocusAfter(String(child._uid));
              }}
              onDuplicate={() => {
                let copy: string | undefined;
                change((content) => {
                  const duplicated = duplicateBlock(content, String(child._uid), newUid);
                  copy = duplicated.copyUid;
                  return duplicated.content;
                });
                setFocusAfter(copy);
              }}
              onRemove={() => {
                const neighbour = children[index + 1] ?? children[index - 1];
                change((content) => removeBlock(content, String(child._uid)));
                setFocusAfter(neighbour ? String(neighbour._uid) : undefined);
              }}
            />
          </li>
        ))}
      </ol>
      {full ? (
        <p className={styles.muted}>{t("editor.blocks.full", { max: maximum })}</p>
      ) : allowed.length > 0 ? (
        <div className={styles.addBlock}>
          <label className={styles.label} htmlFor={`${id}-add`}>
            {t("editor.blocks.kind")}
          </label>
          <div className={styles.inline}>
            <select id={`${id}-add`} className={styles.control} value={adding} onChange={(event) => setAdding(event.target.value)}>
              {allowed.map((component) => (
                <option key={component.name} value={component.name}>
                  {componentLabel(component, component.name)}
                </option>
              ))}
            </select>
            <Button text={t("editor.blocks.add")} type="secondary" size="small" onClick={add} />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

interface BlockCardProps {
  readonly block: BlockContent;
  readonly first: boolean;
  readonly last: boolean;
  readonly canDuplicate: boolean;
  readonly onMove: (offset: -1 | 1) => void;
  readonly onDuplicate: () => void;
  readonly onRemove: () => void;
}

/** One nested block: its name, its actions (each a button, so the keyboard reaches them) and its fields, folded until opened. */
function BlockCard({ block, first, last, canDuplicate, onMove, onDuplicate, onRemove }: BlockCardProps) {
  const { t } = useTranslation();
  const { components, selectedBlock, selections, language } = useStoryForm();
  const uid = String(block._uid);
  const component = components.find((candidate) => candidate.name === block.component);
  const summary = blockSummary(block, component, language);
  const [open, setOpen] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const selected = selectedBlock === uid;
  const holdsSelected = selectedBlock !== undefined && !selected && locateBlock(block, selectedBlock) !== undefined;

  // A block picked (in the preview, or in a refusal's list) opens here and comes into view, each
  // time it is picked; the blocks around it open so that it is there.
  useEffect(() => {
    if (!selected && !holdsSelected) return;
    setOpen(true);
    if (!selected) return;
    element.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    element.current?.focus({ preventScroll: true });
  }, [selected, holdsSelected, selections]);

  return (
    <div
      ref={element}
      id={blockElementId(uid)}
      tabIndex={-1}
      className={styles.block}
      data-selected={selected || undefined}
      role="group"
      aria-label={summary}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
      onKeyDown={(event) => {
        // Alt+arrows move the block that has the focus (its own element, not a field inside it).
        if (!event.altKey || event.target !== event.currentTarget && !(event.target as HTMLElement).closest(`.${styles.blockHead}`)) return;
        if (event.key === "ArrowUp" && !first) onMove(-1);
        else if (event.key === "ArrowDown" && !last) onMove(1);
        else return;
        // Handled here: the blocks around this one must not move too.
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      <div className={styles.blockHead}>
        <button type="button" className={styles.blockToggle} aria-expanded={open} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> {summary}
        </button>
        <div className={styles.blockActions}>
          <button type="button" className={styles.iconButton} disabled={first} onClick={() => onMove(-1)} aria-label={t("editor.blocks.moveUp", { name: summary })} title={t("editor.blocks.moveUp", { name: summary })}>
            <ArrowUpIcon />
          </button>
          <button type="button" className={styles.iconButton} disabled={last} onClick={() => onMove(1)} aria-label={t("editor.blocks.moveDown", { name: summary })} title={t("editor.blocks.moveDown", { name: summary })}>
            <ArrowDownIcon />
          </button>
          <button type="button" className={styles.iconButton} disabled={!canDuplicate} onClick={onDuplicate} aria-label={t("editor.blocks.duplicate", { name: summary })} title={t("editor.blocks.duplicate", { name: summary })}>
            <CopyIcon />
          </button>
          <button type="button" className={`${styles.iconButton} ${styles.danger}`} onClick={onRemove} aria-label={t("editor.blocks.remove", { name: summary })} title={t("editor.blocks.remove", { name: summary })}>
            <TrashIcon />
          </button>
        </div>
      </div>
      {open ? component ? <BlockFields block={block} component={component} /> : <p className={styles.muted}>{t("editor.unknownComponent", { name: String(block.component) })}</p> : null}
    </div>
  );
}
