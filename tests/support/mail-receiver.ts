/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, and a small MIME
 * reader for the messages nodemailer writes (multipart/alternative, quoted-printable or base64,
 * encoded-word subjects), so tests read a reset code from the mail as a shopper would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files (an invoice's PDF), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

/** "=?UTF-8?B?...?=" and "=?UTF-8?Q?...?=" words, possibly folded over several lines. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function split(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = split(raw);
  const mail: ReceivedMail = { to, subject: decodeHeader(headers.get('subject') ?? ''), text: '', html: '', attachments: [], raw };
  const visit = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const parts = entityBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const inner = split(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const disposition = entityHeaders.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      const encoding = (entityHeaders.get('content-transfer-encoding') ?? '').toLowerCase();
      const content = encoding === 'base64' ? Buffer.from(entityBody.replace(/\s+/g, ''), 'base64') : Buffer.from(entityBody, 'utf8');
      const filename = decodeHeader(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
      mail.attachments.push({ filename, contentType: type.split(';')[0]!.trim().toLowerCase(), content });
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) mail.html += decoded;
    else if (type.toLowerCase().startsWith('text/plain')) mail.text += decoded;
  };
  visit(headers, body);
  return mail;
}

export interface MailReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface MailReceiverOptions {
  /** Called with each message as it arrives (the e2e server writes them to files). */
  onMessage?: (mail: ReceivedMail) => void | Promise<void>;
  /** Listen on this port (a receiver started again where a stopped one was); a free one by default. */
  port?: number;
  /** Recipients refused with a 550 the first time they are given (a mailbox that is briefly unavailable), accepted after. */
  refuseOnce?: (address: string) => boolean;
}

export async function startMailReceiver(options: MailReceiverOptions = {}): Promise<MailReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const refusedBefore = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (options.refuseOnce?.(to) && !refusedBefore.has(to)) {
        refusedBefore.add(to);
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address));
        messages.push(mail);
        for (const wake of waiters) wake();
        // Accepted only once kept, so a message the sender saw delivered can always be read.
        Promise.resolve(options.onMessage?.(mail)).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  // A sender that dies mid-conversation (the cluster test's killed instance) resets its connection:
  // smtp-server reports that as an 'error' event, which would end the test's process unhandled.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
