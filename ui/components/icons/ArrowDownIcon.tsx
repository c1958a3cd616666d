import { LineIcon } from "./LineIcon";

export function ArrowDownIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14M19 12l-7 7-7-7" />
    </LineIcon>
  );
}
