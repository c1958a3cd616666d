import styles from "./FormField.module.css";

/** Said only without JavaScript: the account forms talk to the identity provider from the browser. */
export function NoScriptNote({ text }: { readonly text: string }) {
  return (
    <noscript>
      <p className={styles.noscript}>{text}</p>
    </noscript>
  );
}
