import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/connection.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real mail over SMTP_URL (any SMTP server or relay nodemailer speaks to). nodemailer is loaded with the first
 * mail: a server without SMTP never pays for it at start-up.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** Development only: mails land in a table that the /dev/outbox page lists, so a person can read the code. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto('dev_outbox')
        .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
        .execute();
    },
  };
}
