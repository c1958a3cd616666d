/** The account view's messages, translated, for the dashboard section whose form asked. */
export interface SectionMessages {
  readonly progress?: string | undefined;
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
}
