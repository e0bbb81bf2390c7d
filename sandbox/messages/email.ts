// Where email goes (docs/product.md, After the purchase): beside the SMS provider (sandbox/messages/sms.ts). The
// sandbox default keeps each message in the `email_outbox` table, shown at /dev/outbox; with SMTP_URL
// set, mail goes out over SMTP through nodemailer.
import nodemailer from "nodemailer";
import { type Db, writeTransaction } from "../store/db";
import { SELLER } from "../shared/seller";
import { sql } from "../store/statements";

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void> | void;
}

export const EMAIL_FROM = `Kavach <${SELLER.email}>`;

export function outboxEmailProvider(db: Db, now: () => number): EmailProvider {
  const insert = sql(
    db,
    "INSERT INTO email_outbox (to_address, subject, text_body, html_body, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const attach = sql(
    db,
    "INSERT INTO email_attachments (email_id, position, filename, content_type, content) VALUES (?, ?, ?, ?, ?)",
  );
  return {
    send(m) {
      writeTransaction(db, () => {
        const id = insert.run(m.to, m.subject, m.text, m.html, now()).lastInsertRowid;
        m.attachments.forEach((a, i) => attach.run(id, i, a.filename, a.contentType, a.content));
      });
    },
  };
}

/** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465; nodemailer's own timeouts bound each send. */
export function smtpEmailProvider(url: string): EmailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({
        from: EMAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
  };
}

export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  attachments: { position: number; filename: string; content_type: string; size: number }[];
}

const OUTBOX_LIMIT = 100;

/** Newest first, optionally for one address. */
export function listEmails(db: Db, to: string | undefined): OutboxEmail[] {
  const rows = (
    to === undefined
      ? sql(
          db,
          "SELECT id, to_address, subject, text_body, html_body, created_at FROM email_outbox ORDER BY id DESC LIMIT ?",
        ).all(OUTBOX_LIMIT)
      : sql(
          db,
          "SELECT id, to_address, subject, text_body, html_body, created_at FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT ?",
        ).all(to, OUTBOX_LIMIT)
  ) as { id: number; to_address: string; subject: string; text_body: string; html_body: string; created_at: number }[];
  const attachments = sql(
    db,
    "SELECT position, filename, content_type, length(content) AS size FROM email_attachments WHERE email_id = ? ORDER BY position",
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    created_at: new Date(r.created_at).toISOString(),
    attachments: attachments.all(r.id) as OutboxEmail["attachments"],
  }));
}

export function emailAttachment(
  db: Db,
  emailId: number,
  position: number,
): { filename: string; content_type: string; content: Buffer } | undefined {
  return sql(
    db,
    "SELECT filename, content_type, content FROM email_attachments WHERE email_id = ? AND position = ?",
  ).get(emailId, position) as { filename: string; content_type: string; content: Buffer } | undefined;
}
