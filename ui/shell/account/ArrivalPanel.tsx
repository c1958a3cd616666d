import { useEffect, useRef, type ReactNode } from "react";
import styles from "./AccountPage.module.css";

/**
 * What replaces a form once it has done its work: the focus moves to it on arrival (the submit
 * button it had is gone), so keyboard and screen-reader users carry on from the result.
 */
export function ArrivalPanel({ children }: { readonly children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <div ref={panel} tabIndex={-1} className={styles.arrival}>
      {children}
    </div>
  );
}
