// The mail catcher `npm start` runs beside the exchange: a real SMTP server that keeps every
// message it receives (nothing is relayed anywhere) and shows them in a web inbox (MailDev).
// Both listen on 127.0.0.1 unless MAIL_HOST names another address (`npm start` passes its HOST).
// Settings: MAIL_HOST, MAIL_SMTP_PORT, MAIL_WEB_PORT, MAIL_DIR.
import { MailDev } from 'maildev';

const smtp = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const web = Number(process.env.MAIL_WEB_PORT ?? 1080);
const host = process.env.MAIL_HOST || '127.0.0.1';

async function main(): Promise<void> {
  const maildev = new MailDev({
    smtp,
    web,
    ip: host,
    webIp: host,
    // Kept on disk for the run, so a restart of this process loses no message.
    ...(process.env.MAIL_DIR ? { mailDirectory: process.env.MAIL_DIR } : {}),
    maxEmails: 1000,
    silent: true,
  });
  await maildev.start();
  console.log(`mail catcher: SMTP on ${host}:${smtp}, inbox on ${host}:${web}`);
  const stop = () => {
    maildev.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(
    `mail catcher failed to start: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
