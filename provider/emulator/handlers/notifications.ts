// Notifications (chat API): app notification settings, push providers (FCM, APNs, custom), email (SendGrid,
// custom) and SMS (Twilio, custom) providers. Where the vendor is silent, the stricter reading (decision 0040).
import type { z } from "zod";
import type {
  CustomEmailProviderCreate,
  CustomPushProviderCreate,
  CustomSmsProviderCreate,
  NotificationSettings,
  SendgridProviderCreate,
  TwilioProviderCreate,
} from "../../contract";
import { deepMerge, defaultNotificationSettings } from "../defaults";
import { ApiError } from "../errors";
import type { AppRecord, Json, PushProviderRecord, SingletonProvider } from "../state";
import type { ChatHandlers } from "./types";

const done = () => ({ data: { success: true } });

const NAMES: Record<SingletonProvider | "fcm" | "apns", string> = {
  fcm: "FCM",
  apns: "APNs",
  customPush: "custom push",
  sendgrid: "SendGrid",
  customEmail: "custom email",
  twilio: "Twilio",
  customSms: "custom SMS",
};
const notFound = (kind: keyof typeof NAMES, id?: string) =>
  new ApiError(
    "ERR_PROVIDER_NOT_FOUND",
    id === undefined
      ? `No ${NAMES[kind]} provider is configured.`
      : `The ${NAMES[kind]} provider ${id} does not exist.`,
  );
const exists = (kind: keyof typeof NAMES, id?: string) =>
  new ApiError(
    "ERR_PROVIDER_ALREADY_EXISTS",
    id === undefined
      ? `A ${NAMES[kind]} provider is already configured; update it instead.`
      : `The ${NAMES[kind]} provider ${id} already exists.`,
  );

// ---- FCM and APNs --------------------------------------------------------------------------------------

/** Listed without their keys: the spec shows no listed provider, and keys are not echoed (decision 0040). */
const HIDDEN: Record<"fcm" | "apns", (fields: Json) => Json> = {
  fcm: (f) => {
    const creds = f.serviceAccountCreds as Json | undefined;
    const { serviceAccountCreds: _, ...rest } = f;
    return creds
      ? { ...rest, serviceAccountCreds: { project_id: creds.project_id, client_email: creds.client_email } }
      : rest;
  },
  apns: ({ p8Key: _, ...rest }) => rest,
};

function pushHandlers(kind: "fcm" | "apns") {
  const providers = (app: AppRecord) => app.notifications[kind];
  const require = (app: AppRecord, id: string): PushProviderRecord => {
    const p = providers(app).get(id);
    if (!p) throw notFound(kind, id);
    return p;
  };
  return {
    list: ({ app }: { app: AppRecord }) => ({
      data: {
        pushProviders: [...providers(app).values()].map((p) => ({
          providerId: p.providerId,
          ...HIDDEN[kind](p.fields),
          isDefault: p.isDefault,
        })),
      },
    }),
    add: (app: AppRecord, body: Json & { providerId: string }, now: number) => {
      const { providerId, ...fields } = body;
      if (providers(app).has(providerId)) throw exists(kind, providerId);
      // The first provider of its kind is the default one.
      providers(app).set(providerId, {
        providerId,
        isDefault: providers(app).size === 0,
        fields,
        createdAt: now,
      });
      return done();
    },
    update: (app: AppRecord, body: Json & { providerId: string }) => {
      const { providerId, ...fields } = body;
      const p = require(app, providerId);
      p.fields = { ...p.fields, ...fields };
      return done();
    },
    remove: (app: AppRecord, id: string) => {
      // The default is not moved to another provider: until one is chosen, there is none.
      providers(app).delete(require(app, id).providerId);
      return done();
    },
    setDefault: (app: AppRecord, id: string) => {
      const chosen = require(app, id);
      for (const p of providers(app).values()) p.isDefault = p === chosen;
      return done();
    },
  };
}
const fcm = pushHandlers("fcm");
const apns = pushHandlers("apns");

// ---- providers an app has at most one of ---------------------------------------------------------------

function singleton<T extends Json, R>(kind: SingletonProvider, view: (stored: T) => R) {
  const read = (app: AppRecord) => app.notifications.providers.get(kind) as T | undefined;
  return {
    get: (app: AppRecord): R => {
      const p = read(app);
      if (!p) throw notFound(kind);
      return view(p);
    },
    create: (app: AppRecord, body: T): R => {
      if (read(app)) throw exists(kind);
      app.notifications.providers.set(kind, body);
      return view(body);
    },
    update: (app: AppRecord, body: Partial<T>): R => {
      const p = read(app);
      if (!p) throw notFound(kind);
      const next = { ...p, ...body };
      app.notifications.providers.set(kind, next);
      return view(next);
    },
    remove: (app: AppRecord) => {
      if (!app.notifications.providers.delete(kind)) throw notFound(kind);
      return done();
    },
  };
}

type Body<S extends z.ZodType> = z.output<S>;
const customPush = singleton("customPush", (p: Body<typeof CustomPushProviderCreate>) => ({
  data: { pushProviders: [p] },
}));
const sendgrid = singleton(
  "sendgrid",
  (p: Body<typeof SendgridProviderCreate> & { repliesWebhook: string }) => ({
    data: p,
  }),
);
const customEmail = singleton("customEmail", (p: Body<typeof CustomEmailProviderCreate>) => ({ data: p }));
const twilio = singleton("twilio", (p: Body<typeof TwilioProviderCreate>) => ({ data: p }));
const customSms = singleton("customSms", (p: Body<typeof CustomSmsProviderCreate>) => ({ data: p }));

export const notificationHandlers = {
  getNotificationSettings: ({ app }) => ({
    data: deepMerge(defaultNotificationSettings(), app.notifications.settings) as NotificationSettings,
  }),
  updateNotificationSettings: ({ app, body }) => {
    // A deep merge: what the patch does not name stays as it was (a GUESS, decision 0040).
    app.notifications.settings = deepMerge(app.notifications.settings, body as Json);
    return done();
  },
  resetNotificationSettings: ({ app }) => {
    app.notifications.settings = {};
    return done();
  },

  listFcmProviders: fcm.list,
  addFcmProvider: ({ app, body, env }) => fcm.add(app, body, env.now()),
  updateFcmProvider: ({ app, body }) => fcm.update(app, body),
  deleteFcmProvider: ({ app, params }) => fcm.remove(app, params.providerId),
  setDefaultFcmProvider: ({ app, params }) => fcm.setDefault(app, params.providerId),

  listApnsProviders: apns.list,
  addApnsProvider: ({ app, body, env }) => apns.add(app, body, env.now()),
  updateApnsProvider: ({ app, body }) => apns.update(app, body),
  deleteApnsProvider: ({ app, params }) => apns.remove(app, params.providerId),
  setDefaultApnsProvider: ({ app, params }) => apns.setDefault(app, params.providerId),

  // Unlike the others, the custom push provider is read as a list, empty when there is none.
  getCustomPushProvider: ({ app }) => {
    if (!app.notifications.providers.has("customPush")) return { data: { pushProviders: [] } };
    return customPush.get(app);
  },
  createCustomPushProvider: ({ app, body }) => customPush.create(app, body),
  updateCustomPushProvider: ({ app, body }) => customPush.update(app, body),
  deleteCustomPushProvider: ({ app }) => customPush.remove(app),

  getSendgridProvider: ({ app }) => sendgrid.get(app),
  createSendgridProvider: ({ app, body, env }) =>
    // Where replies by email arrive: made by the service, with a token in it.
    sendgrid.create(app, {
      ...body,
      repliesWebhook: `https://${app.id}.notifications.emulator.invalid/email/replies?token=${env.ids.hex(32)}`,
    }),
  updateSendgridProvider: ({ app, body }) => sendgrid.update(app, body),
  deleteSendgridProvider: ({ app }) => sendgrid.remove(app),

  getCustomEmailProvider: ({ app }) => customEmail.get(app),
  createCustomEmailProvider: ({ app, body }) => customEmail.create(app, body),
  updateCustomEmailProvider: ({ app, body }) => customEmail.update(app, body),
  deleteCustomEmailProvider: ({ app }) => customEmail.remove(app),

  getTwilioProvider: ({ app }) => twilio.get(app),
  createTwilioProvider: ({ app, body }) => twilio.create(app, body),
  updateTwilioProvider: ({ app, body }) => twilio.update(app, body),
  deleteTwilioProvider: ({ app }) => twilio.remove(app),

  getCustomSmsProvider: ({ app }) => customSms.get(app),
  createCustomSmsProvider: ({ app, body }) => customSms.create(app, body),
  updateCustomSmsProvider: ({ app, body }) => customSms.update(app, body),
  deleteCustomSmsProvider: ({ app }) => customSms.remove(app),
} satisfies ChatHandlers;
