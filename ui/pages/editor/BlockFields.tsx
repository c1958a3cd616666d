import { formFields, type BlockContent, type ComponentDefinition } from "../../../core";
import { FieldControl } from "./FieldControl";
import styles from "./Editor.module.css";

/** One block's fields, in its schema's order. */
export function BlockFields({ block, component }: { readonly block: BlockContent; readonly component: ComponentDefinition }) {
  return (
    <div className={styles.fields}>
      {formFields(component).map((field) => (
        <FieldControl key={field.key} block={block} field={field} />
      ))}
    </div>
  );
}
