/**
 * Asks `answer` for each request and hands on only the answer to the latest one. The preview's
 * drafts are decoded by the server, one request per keystroke, and answers may come back in any
 * order: an older draft's answer arriving last put that older draft back on the page. `answer`
 * must not reject (a failed request answers what the caller makes of it).
 */
export function latestAnswers<Request, Answer>(answer: (request: Request) => Promise<Answer>, deliver: (answer: Answer) => void): (request: Request) => void {
  let latest = 0;
  return (request) => {
    const asked = (latest += 1);
    void answer(request).then((result) => {
      if (asked === latest) deliver(result);
    });
  };
}
