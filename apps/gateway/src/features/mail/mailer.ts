import nodemailer, { type Transporter } from 'nodemailer';
import type { Transport } from 'nodemailer';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A nodemailer transport that stores each message in `mail_message` for the development
 * mailbox, so a person and the tests can read codes without an SMTP server.
 */
function databaseTransport(db: Db): Transport<{ messageId: string }> {
  return {
    name: 'database',
    version: '1.0.0',
    send(mail, callback) {
      const { to, subject, text, html } = mail.data;
      const address = (Array.isArray(to) ? to[0] : to) ?? '';
      db.mailMessage
        .create({
          data: {
            to: typeof address === 'string' ? address : address.address,
            subject: String(subject ?? ''),
            text: typeof text === 'string' ? text : '',
            html: typeof html === 'string' ? html : null,
          },
        })
        .then((row) => callback(null, { messageId: row.id }))
        .catch((err: unknown) =>
          callback(err instanceof Error ? err : new Error(String(err)), { messageId: '' }),
        );
    },
  };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(env: Env, db: Db): Mailer {
  const transporter: Transporter =
    env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport(databaseTransport(db));
  return {
    async send(mail) {
      await transporter.sendMail({ from: env.MAIL_FROM, ...mail });
    },
  };
}
