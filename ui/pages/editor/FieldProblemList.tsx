import type { FieldProblem, StoryEditorEvent } from "../../../core";
import styles from "./Editor.module.css";
import { fieldElementId } from "./field-in-language";

export interface FieldProblemListProps {
  readonly problems: readonly FieldProblem[];
  readonly send: (event: StoryEditorEvent) => void;
}

/**
 * The fields a save or publish was refused for, each a button that takes the editor to it: its
 * block opens (selected), then its control gets the focus, in view. On a phone the form is long.
 */
export function FieldProblemList({ problems, send }: FieldProblemListProps) {
  const goTo = ({ uid, key }: FieldProblem) => {
    send({ type: "SELECT_BLOCK", uid });
    // The block's fields render once it is open: the control is there two frames later.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const control = document.getElementById(fieldElementId(uid, key));
        control?.focus({ preventScroll: true });
        control?.scrollIntoView({ block: "center" });
      }),
    );
  };
  return (
    <ul className={styles.issues}>
      {problems.map((problem) => (
        <li key={`${problem.uid}-${problem.key}`}>
          <button type="button" className={styles.issueLink} onClick={() => goTo(problem)}>
            {problem.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
