import type { ReactNode } from "react";
import { PageIntro } from "../page-intro/PageIntro";
import styles from "./ProfileHeader.module.css";

export interface ProfileHeaderProps {
  /** The page's title (its h1). */
  readonly title: string;
  /** The greeting under it, with the user's name. */
  readonly greeting: string;
  /** Who is signed in, e.g. "Signed in as ana@example.com". */
  readonly signedInAs: string;
  /** The account's actions beside it (signing out). */
  readonly children?: ReactNode;
}

/** SPEC §1's profile header: the signed-in user's title band, who they are and what they can do. */
export function ProfileHeader({ title, greeting, signedInAs, children }: ProfileHeaderProps) {
  return (
    <PageIntro title={title} lead={greeting}>
      <div className={styles.account}>
        <p>{signedInAs}</p>
        {children}
      </div>
    </PageIntro>
  );
}
