import { describe, expect, it } from "vitest";
import { latestAnswers } from "../../../../../ui/shell/editor-bridge/latest-answers";

/** A request whose answer comes when the test says so. */
function controlledAnswers() {
  const pending = new Map<string, (answer: string) => void>();
  const answer = (request: string) => new Promise<string>((resolve) => pending.set(request, resolve));
  const reply = async (request: string) => {
    pending.get(request)!(`page for ${request}`);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { answer, reply };
}

describe("latestAnswers", () => {
  it("hands on only the latest request's answer, whichever order the answers come back in", async () => {
    const { answer, reply } = controlledAnswers();
    const delivered: string[] = [];
    const ask = latestAnswers(answer, (page) => delivered.push(page));
    ask("draft 1");
    ask("draft 2");
    ask("draft 3");
    await reply("draft 3");
    await reply("draft 1");
    await reply("draft 2");
    expect(delivered).toEqual(["page for draft 3"]);
  });

  it("hands on each answer that comes before the next request", async () => {
    const { answer, reply } = controlledAnswers();
    const delivered: string[] = [];
    const ask = latestAnswers(answer, (page) => delivered.push(page));
    ask("draft 1");
    await reply("draft 1");
    ask("draft 2");
    await reply("draft 2");
    expect(delivered).toEqual(["page for draft 1", "page for draft 2"]);
  });
});
