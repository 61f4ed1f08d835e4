import nodemailer from 'nodemailer';
import type { Db } from '@exchange/kernel/db';

export type Channel = 'sms' | 'email';

export interface OutgoingCode {
  channel: Channel;
  to: string;
  scene: string;
  code: string;
  body: string;
}

export interface Messenger {
  send(message: OutgoingCode): Promise<void>;
}

// app.ts decorates the app with the messenger it is given (tests pass their own); declared here, so http/
// names no area.
declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
  }
}

/**
 * Records every code in the outbox table, where operators (`npm run ops -- outbox`) and tests read it; the
 * API never returns a code. E-mail also goes out over SMTP when SMTP_URL is configured. No SMS gateway is
 * wired yet: SMS codes live only in the outbox.
 */
export function createMessenger(prisma: Db, smtp: { url?: string | undefined; from: string }): Messenger {
  const transport = smtp.url ? nodemailer.createTransport(smtp.url) : undefined;
  return {
    async send(message) {
      await prisma.messageOutbox.create({ data: message });
      if (transport && message.channel === 'email') {
        await transport.sendMail({
          from: smtp.from,
          to: message.to,
          subject: 'Verification code',
          text: message.body,
        });
      }
    },
  };
}
