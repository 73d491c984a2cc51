import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail, ready to send. `messageId` is the outbox row's dedupe key: a re-send is the same message. */
export interface OutgoingMail {
  dedupeKey: string;
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  ics?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string };
  /** Files attached (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465; files when unset. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender address, e.g. "Cita <no-reply@cita.example>". */
  from: string;
  /** Where .eml files go without SMTP (DATA_DIR/outbox). */
  outboxDir: string;
}

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'cita.localhost';

/** The options nodemailer composes (the same for SMTP and files). */
function composed(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.dedupeKey}@${domainOf(mail.from)}>`,
    headers: { 'Content-Language': mail.language, 'X-Cita-Message': mail.dedupeKey, 'Auto-Submitted': 'auto-generated' },
    ...(mail.ics
      ? {
          icalEvent: { method: mail.ics.method, filename: 'appointment.ics', content: mail.ics.content },
        }
      : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** SMTP through nodemailer. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(composed(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * .eml files under `dir`, named after the dedupe key: a message sent again overwrites its file
 * (written to a temporary name, then renamed, so a reader never sees half a message).
 */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await transporter.sendMail(composed(mail));
      mkdirSync(dir, { recursive: true });
      const target = join(dir, `${mail.dedupeKey}.eml`);
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, info.message as Buffer);
      renameSync(temporary, target);
    },
    close: () => transporter.close(),
  };
}

export function transportFor(settings: MailSettings): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl) : fileTransport(settings.outboxDir);
}
