// Outgoing mail through SMTP_URL (nodemailer). Without SMTP_URL there is no
// mailer and email notifications are not offered as working (the screen says so).
import type { Transporter } from "nodemailer";

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; replyTo?: string }): Promise<void>;
}

export function createMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? 15_000;
  // nodemailer is loaded with the first mail (then kept): it is not held by a server that sends none.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }),
    ));
  return {
    async send(mail) {
      await (await transportOnce()).sendMail({ from: options.from, ...mail });
    },
  };
}
