// Outgoing mail through SMTP_URL (nodemailer). Without SMTP_URL there is no
// mailer and email notifications are not offered as working (the screen says so).
import nodemailer from "nodemailer";

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; replyTo?: string }): Promise<void>;
}

export function createMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
