import { LineIcon } from "./LineIcon";

export function ArrowUpIcon() {
  return (
    <LineIcon>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </LineIcon>
  );
}
