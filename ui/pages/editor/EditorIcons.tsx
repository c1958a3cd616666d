import { LineIcon } from "../../components/icons/Icons";

/** The editor's own icons (move, copy, remove a block), apart from the site's: visitors' pages never load them. */

export function ArrowUpIcon() {
  return (
    <LineIcon>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </LineIcon>
  );
}

export function ArrowDownIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14M19 12l-7 7-7-7" />
    </LineIcon>
  );
}

export function CopyIcon() {
  return (
    <LineIcon>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </LineIcon>
  );
}

export function TrashIcon() {
  return (
    <LineIcon>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </LineIcon>
  );
}
