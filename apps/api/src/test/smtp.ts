import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server accepted: its envelope recipients and raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded plain text of the message (quoted-printable soft breaks and `=3D` undone). */
  decoded: string;
  messageId: string | undefined;
  subject: string | undefined;
}

/**
 * A real SMTP server in the test process (nodemailer's `smtp-server`, issue 36): accepts
 * every mail, or refuses them (`refuse = true`: 550 to every message), on a port of its own.
 */
export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  refuse: boolean;
  close(): Promise<void>;
  /** Listens again on the same port (after `close`: the server is back). */
  reopen(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    port: 0,
    mails: [],
    refuse: false,
    close: async () => undefined,
    reopen: async () => undefined,
  };
  const listen = async (onPort: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (state.refuse) {
            const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          state.mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            decoded,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim(),
            subject: /^Subject:\s*(.+)$/im.exec(raw)?.[1]?.trim(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
    const address = server.server.address() as AddressInfo;
    state.port = address.port;
    state.url = `smtp://127.0.0.1:${address.port}`;
    state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen(port);
  state.reopen = () => listen(state.port);
  return state;
}
