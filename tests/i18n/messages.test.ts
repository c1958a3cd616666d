import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE_CODES } from "../../core";
import { ROOT, sourceFiles } from "../architecture/import-rules";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [nested, text] of flatten(value, path)) out.set(nested, text);
  }
  return out;
}

const messages = Object.fromEntries(
  LOCALE_CODES.map((code) => [code, flatten(JSON.parse(readFileSync(join(ROOT, "locales", `${code}.json`), "utf8")) as Tree)]),
) as Record<(typeof LOCALE_CODES)[number], Map<string, string>>;

// The site and the door kiosk, the second client that shares the texts.
const source = ["core", "ui", "kiosk", "adapters", "composition"].flatMap(sourceFiles).map((file) => readFileSync(file, "utf8")).join("\n");
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("locales/", () => {
  it("has the same keys in es, en and val", () => {
    const english = [...messages.en.keys()].sort();
    expect([...messages.es.keys()].sort()).toEqual(english);
    expect([...messages.val.keys()].sort()).toEqual(english);
  });

  it("has no empty texts and the same placeholders in every language", () => {
    for (const [key, text] of messages.en) {
      for (const code of LOCALE_CODES) {
        const translated = messages[code].get(key) ?? "";
        expect(translated.trim(), `${code}:${key}`).not.toBe("");
        expect(variables(translated), `${code}:${key}`).toEqual(variables(text));
      }
    }
  });

  it("uses every key somewhere in the code, written out in full", () => {
    const unused = [...messages.en.keys()].filter((key) => !source.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it("knows every key the code asks for", () => {
    const asked = new Set<string>();
    for (const match of source.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) asked.add(match[1]!);
    for (const match of source.matchAll(/"((?:validation|account|feedback|storage|page|nav|footer|error)\.[a-zA-Z0-9_.]+)"/g)) asked.add(match[1]!);
    const missing = [...asked].filter((key) => !messages.en.has(key));
    expect(missing).toEqual([]);
  });

  it("writes Valencian in Valencian, not Spanish copied", () => {
    const copied = [...messages.es].filter(([key, text]) => text.length > 12 && messages.val.get(key) === text).map(([key]) => key);
    // Only proper names, the address and a greeting that both languages share may read the same.
    expect(copied.filter((key) => !["app.name", "footer.address", "dashboard.greeting"].includes(key))).toEqual([]);
  });

  it("writes 'vore', the house's Valencian, never 'veure'", () => {
    const veure = [...messages.val].filter(([, text]) => /\bveure/i.test(text)).map(([key]) => key);
    expect(veure).toEqual([]);
  });

  it("keeps SPEC §5 and §8 wording in English", () => {
    expect(messages.en.get("validation.name.required")).toBe("Please enter your name");
    expect(messages.en.get("validation.password.mismatch")).toBe("Passwords do not match");
    expect(messages.en.get("validation.form.incomplete")).toBe("Sorry, not all fields are filled out correctly.");
    expect(messages.en.get("validation.form.incompleteFallback")).toBe("Form incomplete.");
    expect(messages.en.get("validation.select.required")).toBe("Please select an option");
    expect(messages.en.get("account.error.userNotFound")).toBe("No account found with this email address.");
    expect(messages.en.get("account.error.generic")).toBe("An unexpected error occurred. Please try again.");
    expect(messages.en.get("account.progress.signingIn")).toBe("Signing in...");
    expect(messages.en.get("account.progress.creatingAccount")).toBe("Creating account...");
    expect(messages.en.get("feedback.error.emailFailed")).toBe("Error sending email. Please, try again.");
    expect(messages.en.get("feedback.success.emailSent")).toBe("Email sent successfully. Please, check your inbox.");
    expect(messages.en.get("storage.error.retryLimitExceeded")).toBe("Max retry time for operation exceeded, please try again.");
    expect(messages.en.get("storage.error.canceled")).toBe("User canceled the upload/download.");
    expect(messages.en.get("error.validationNotFoundTitle")).toBe("Page Not Found: {{path}}");
    expect(messages.en.get("error.notFoundTitle")).toBe("Page not found");
  });
});
