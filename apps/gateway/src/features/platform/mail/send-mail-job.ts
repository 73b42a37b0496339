import { z } from 'zod';
import type { JobDefinition } from '../../../jobs/jobs.js';
import type { Mailer } from './mailer.js';

const payload = z.object({
  to: z.string().email(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/** E-mail leaves through the job queue: a slow or failing SMTP server never blocks a request. */
export function sendMailJob(mailer: Mailer): JobDefinition<typeof payload> {
  return {
    name: 'send-mail',
    payload,
    async handle(mail) {
      await mailer.send(
        mail.html === undefined
          ? { to: mail.to, subject: mail.subject, text: mail.text }
          : { ...mail, html: mail.html },
      );
    },
  };
}
export const SEND_MAIL = 'send-mail';
export type SendMailPayload = z.infer<typeof payload>;
