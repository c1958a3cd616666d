import type { EmptyStateContent } from "../components/empty-state/EmptyState";
import { InfoIcon } from "../components/icons/Icons";

/** What a block whose content is empty shows (most blocks share it). */
export const NO_INFORMATION: EmptyStateContent = {
  kind: "information",
  title: "emptyState.noInformation.title",
  text: "emptyState.noInformation.text",
  Icon: InfoIcon,
};
