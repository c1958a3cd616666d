import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_FORMS, type AccountFormName, type LeadFormKind } from "../../core";
import { htmlValidityErrors } from "./support/html-validity";

// The pages the sitemap does not list, as the server sends them: what a link from a mail, an error,
// a listing's later page or a form posted without JavaScript shows. The sitemap's own pages, the
// account pages and the signed-in ones are validated by the crawl (crawl.test.ts).
const baseUrl = inject("baseUrl");
const LOCALES = ["es", "en", "val"] as const;

const LINKED_PAGES = [
  "nope/",
  "events/?page=2",
  "newsletter/confirm/?token=not-a-token",
  "newsletter/unsubscribe/?token=not-a-token",
  "verify-email/?code=not-a-code",
  "reset-password/?code=not-a-code",
  "login/?code=not-a-code",
  "tickets/check/?t=not-a-ticket",
  "_tmp/api-handler/?status=404",
  "_tmp/api-handler/?status=500",
  "_tmp/api-handler/?status=503",
];

/** A form as a browser without JavaScript posts it, with an e-mail address that is not one. */
function plainPost(path: string, form: string, fields: Record<string, string> = {}): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(Object.assign({ form, email: "not-an-address" }, fields))) body.append(name, value);
  return fetch(`${baseUrl}${path}`, { method: "POST", headers: { origin: baseUrl }, body });
}

async function errorsOf(label: string, response: Response): Promise<string[]> {
  return (await htmlValidityErrors(await response.text(), label)).map((error) => `${label} (HTTP ${response.status}): ${error}`);
}

describe("pages outside the sitemap are valid HTML", () => {
  it("the editor, error pages, a listing's later page and the pages mail links land on, in every language", async () => {
    const paths = ["/_editor/", ...LOCALES.flatMap((locale) => LINKED_PAGES.map((path) => `/${locale}/${path}`))];
    const errors: string[] = [];
    for (const path of paths) errors.push(...(await errorsOf(path, await fetch(`${baseUrl}${path}`))));
    expect(errors).toEqual([]);
  });

  it("the answers to forms posted without JavaScript, with their messages", async () => {
    const posts = LOCALES.flatMap((locale) =>
      (
        [
          ["login/", ACCOUNT_FORMS.signIn],
          ["login/", ACCOUNT_FORMS.requestSignInLink],
          ["login/?code=not-a-code", ACCOUNT_FORMS.signInWithLink],
          ["register/", ACCOUNT_FORMS.register],
          ["forgot-password/", ACCOUNT_FORMS.forgotPassword],
          ["contact/", "contact"],
          ["hospitality/", "hospitality"],
          ["jobs/", "job-application"],
        ] as const satisfies ReadonlyArray<readonly [string, AccountFormName | LeadFormKind]>
      ).map(([page, form]) => ({ path: `/${locale}/${page}`, form, locale })),
    );
    const errors: string[] = [];
    for (const { path, form, locale } of posts) {
      const response = await plainPost(path, form, { locale });
      // Refused, with the form shown again and its messages: the page under test.
      expect(response.status, `${form} at ${path}`).toBe(422);
      errors.push(...(await errorsOf(`POST ${path}`, response)));
    }
    expect(errors).toEqual([]);
  });
});
