import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it, parsed. */
export type SunkMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The user name the client authenticated with, if it did. */
  authUser: string | null;
  /** Whether the session was encrypted (STARTTLS) when the message arrived. */
  secure: boolean;
  /** Raw header lines by lower-case name (the first of each), e.g. `dkim-signature`. */
  headers: Record<string, string>;
};

export type SmtpSink = {
  /** `smtp://user:pass@127.0.0.1:<port>` (credentials only when the sink requires them). */
  url: string;
  messages: SunkMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number): Promise<SunkMail[]>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message in memory: tests point
 * `SMTP_URL` at it to prove mail really goes over SMTP. Plain SMTP without STARTTLS unless
 * `starttls`; with `credentials`, AUTH is required and checked.
 */
export async function startSmtpSink(
  credentials?: { user: string; pass: string },
  options: { starttls?: boolean } = {},
): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const waiters: { count: number; resolve: (mails: SunkMail[]) => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (messages.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(messages);
    }
  };

  const server = new SMTPServer({
    // With starttls the sink offers STARTTLS with smtp-server's built-in self-signed certificate.
    disabledCommands: [...(options.starttls ? [] : ['STARTTLS']), ...(credentials ? [] : ['AUTH'])],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = credentials && auth.username === credentials.user && auth.password === credentials.pass;
      callback(ok ? null : new Error('Invalid credentials'), ok ? { user: auth.username } : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            authUser: typeof session.user === 'string' ? session.user : null,
            secure: session.secure === true,
            headers: Object.fromEntries(
              [...parsed.headerLines].reverse().map((header) => [header.key, header.line]),
            ),
          });
          settle();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@`
    : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    waitFor(count) {
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        settle();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
