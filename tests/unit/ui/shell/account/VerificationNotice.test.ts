import { createElement } from "react";
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { accountMachine, accountView, type AccountView } from "../../../../../core";
import { VerificationNotice } from "../../../../../ui/shell/account/VerificationNotice";
import { renderHtml } from "../../support/render";

const noop = () => {};
const pending: AccountView = {
  ...accountView(createActor(accountMachine, { input: { locale: "val" } }).getSnapshot()),
  standing: "pendingVerification",
  user: { uid: "u-ana", email: "ana@arena.test", emailVerified: false, displayName: "Ana Puig" },
  busy: false,
  canResendVerification: true,
  canCheckVerification: true,
  canSignOut: true,
};

describe("VerificationNotice", () => {
  it("says where the link went, in the page's language, with the resend and check actions", () => {
    const html = renderHtml(createElement(VerificationNotice, { email: "ana@arena.test", view: pending, onResend: noop, onCheck: noop }), { locale: "val" });
    expect(html).toContain("Verifica el teu correu electrònic");
    expect(html).toContain("Hem enviat un enllaç a ana@arena.test.");
    expect(html).toMatch(/<button[^>]*type="button"><span>Torna a enviar el correu<\/span><\/button>/);
    expect(html).toMatch(/<button[^>]*type="button"><span>Ja l&#x27;he verificat<\/span><\/button>/);
    expect(html).toContain('role="status"');
  });

  it("rests the resend action while the machine says so, and shows what runs", () => {
    const cooling = { ...pending, canResendVerification: false };
    expect(renderHtml(createElement(VerificationNotice, { email: "ana@arena.test", view: cooling, onResend: noop, onCheck: noop }))).toMatch(
      /<button[^>]*disabled=""[^>]*><span>Resend the email<\/span><\/button>/,
    );
    const sending = { ...pending, busy: true, canResendVerification: false, canCheckVerification: false, progressKey: "account.progress.sendingEmail" as const };
    const html = renderHtml(createElement(VerificationNotice, { email: "ana@arena.test", view: sending, onResend: noop, onCheck: noop, live: false }));
    expect(html).toMatch(/aria-busy="true"[^>]*><span>Sending email\.\.\.<\/span>/);
    expect(html).not.toContain("role=");
  });
});
