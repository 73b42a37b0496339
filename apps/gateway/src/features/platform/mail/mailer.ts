import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../../config/env.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * E-mail over SMTP (`SMTP_URL`): a relay in production, the mail catcher under `npm start` and in
 * tests. Codes are never stored or served by the exchange itself: only the mailbox reads them.
 * Without `SMTP_URL` (allowed outside production) every send fails, so the job logs it.
 */
export function createMailer(env: Env): Mailer {
  const transporter: Transporter | null = env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : null;
  return {
    async send(mail) {
      if (!transporter) throw new Error('SMTP_URL is not set: e-mail cannot be sent');
      await transporter.sendMail({ from: env.MAIL_FROM, ...mail });
    },
    close() {
      transporter?.close();
    },
  };
}
