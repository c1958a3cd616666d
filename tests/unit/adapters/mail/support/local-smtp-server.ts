import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The message as sent, headers and body, quoted-printable and soft line breaks decoded. */
  readonly message: string;
}

export interface LocalSmtpServer {
  /** `smtp://127.0.0.1:<port>`: the same port across stop() and start(). */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** The Message-ID headers of what was received, in order. */
  messageIds(): string[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface LocalSmtpServerOptions {
  /** An SMTP reply code (e.g. 550, 450) with which to refuse a recipient, or undefined to accept it. */
  readonly refuseRecipient?: (address: string) => number | undefined;
}

/** A real SMTP server on 127.0.0.1, listening on a free port; no TLS, no login. */
export async function startLocalSmtpServer(options: LocalSmtpServerOptions = {}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer({
        secure: false,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(address, _session, callback) {
          const code = options.refuseRecipient?.(address.address);
          if (code === undefined) return callback();
          callback(Object.assign(new Error(`Refused ${address.address}`), { responseCode: code }));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              message: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")),
            });
            callback();
          });
        },
      });
      next.on("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.server.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageIds: () => received.map((mail) => /^Message-ID: (.*)$/im.exec(mail.message)?.[1]?.trim() ?? ""),
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (current) current.close(() => resolve());
        else resolve();
      }),
    start: listen,
  };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
