import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { createMailer, DEFAULT_MAIL_FROM } from '../mail/mailer';
import { outboxRoutes } from '../mail/outbox.routes';
import {
  type AccountLimiters,
  type AccountsDeps,
  createAccountLimiters,
  type MembershipsPort,
} from './accounts.deps';
import { accountsRoutes } from './accounts.routes';
import { BackgroundTasks } from './background-tasks';

/** Mail settings: SMTP when `smtpUrl` is set, else the embedded outbox. */
export type MailSettings = { smtpUrl: string | null; appUrl: string; from: string };

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  smtpUrl: null,
  appUrl: 'http://localhost:8080',
  from: DEFAULT_MAIL_FROM,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that runs after responses (mail); tests `drain()` it before looking at mail. */
    backgroundTasks: BackgroundTasks;
  }
}

/**
 * Wires the mailer, the background tasks and the rate limiters, and registers the account and
 * outbox routes. Pending mail is delivered before the app closes. Returns the dependencies the
 * members module's routes share (app.ts registers them).
 */
export async function registerAccounts(
  app: FastifyInstance,
  options: {
    db: Db;
    memberships: MembershipsPort;
    mail?: MailSettings;
    clock?: () => number;
    limiters?: AccountLimiters;
    events?: DomainEventBus;
  },
): Promise<AccountsDeps> {
  const mail = options.mail ?? DEFAULT_MAIL_SETTINGS;
  const clock = options.clock ?? Date.now;
  const tasks = new BackgroundTasks(app.log);
  const mailer = createMailer({
    db: options.db,
    smtpUrl: mail.smtpUrl,
    from: mail.from,
    log: app.log,
    clock,
  });
  app.decorate('backgroundTasks', tasks);
  app.addHook('onClose', async () => {
    await tasks.drain();
    await mailer.close();
  });
  const deps: AccountsDeps = {
    db: options.db,
    mailer,
    tasks,
    clock,
    appUrl: mail.appUrl.replace(/\/+$/, ''),
    limiters: options.limiters ?? createAccountLimiters(clock),
    memberships: options.memberships,
    ...(options.events ? { events: options.events } : {}),
  };
  await app.register(accountsRoutes(deps));
  await app.register(outboxRoutes(options.db));
  return deps;
}
