// Notifications (chat API `/notifications/...`): the app's notification settings, push providers (FCM and
// APNs, several per app, named by a providerId; one custom webhook provider), email providers (SendGrid,
// custom) and SMS providers (Twilio, custom). From the vendor's chat spec; decision 0040 records the gaps.
// The schemas are generated from the document (provider/contract/generated/schemas.ts); the numbered choices and HHMM
// times are blocks (provider/contract/notification-choices.ts). This file names them, and reads the Firebase
// service-account file, which no route takes as such.
import { z } from "zod";
import { jsonText } from "./common";
import * as G from "./generated/schemas";

// ---- app notification settings (`pnSettingSchema`) -----------------------------------------------------

export const NotificationPreferences = G.NotificationPreferences;
export const NotificationTemplates = G.NotificationTemplates;

/** The PATCH body: any part of the tree; what is sent is merged into what is stored. */
export const NotificationSettingsPatch = G.NotificationSettingsPatch;
export type NotificationSettingsPatch = z.input<typeof NotificationSettingsPatch>;

export const NotificationSettings = G.NotificationSettings;
export type NotificationSettings = z.infer<typeof NotificationSettings>;

// ---- push providers: FCM and APNs ----------------------------------------------------------------------

/** Caller-chosen, like the spec's examples (`fcm-provider-2`); required here (decision 0040). */
export const ProviderId = G.ProviderId;

/** Fields of Firebase's service-account file the service does not take: accepted, then left out. */
const unused = (what: string) => z.string({ message: `${what} must be a string` }).optional();
const ServiceAccountFileObject = z
  .object({
    type: z.literal("service_account", { message: 'type must be "service_account"' }).optional(),
    ...G.FcmProviderCreate.shape.serviceAccountCreds.shape,
    client_id: unused("client_id"),
    auth_uri: unused("auth_uri"),
    token_uri: unused("token_uri"),
    auth_provider_x509_cert_url: unused("auth_provider_x509_cert_url"),
    client_x509_cert_url: unused("client_x509_cert_url"),
    universe_domain: unused("universe_domain"),
  })
  .transform(({ project_id, client_email, private_key, private_key_id }) => ({
    project_id,
    client_email,
    private_key,
    private_key_id,
  }));
/** Its JSON text, as downloaded. */
const ServiceAccountFileText = jsonText(
  ServiceAccountFileObject,
  "must be the service-account file's JSON text as downloaded (it does not parse)",
);
/**
 * The Firebase service-account file as downloaded (an object, or its JSON text): the four fields the
 * service takes are kept, the others (type, client_id, auth_uri, …) accepted and left out (issue 20).
 */
export const ServiceAccountFile = z.union([ServiceAccountFileText, ServiceAccountFileObject], {
  message: "must be the Firebase service-account file: its JSON object, or its text",
});

export const FcmProviderCreate = G.FcmProviderCreate;
export type FcmProviderCreate = z.input<typeof FcmProviderCreate>;
export const FcmProviderUpdate = G.FcmProviderUpdate;

export const ApnsProviderCreate = G.ApnsProviderCreate;
export type ApnsProviderCreate = z.input<typeof ApnsProviderCreate>;
export const ApnsProviderUpdate = G.ApnsProviderUpdate;

/** A listed FCM or APNs provider: its settings without the keys (decision 0040), and whether it is the default. */
export const PushProvider = G.PushProvider;
export type PushProvider = z.infer<typeof PushProvider>;

// ---- webhook ("custom") providers and the singletons ---------------------------------------------------
// Basic auth needs both credentials (`providerBasicAuth`, provider/contract/rules.ts); the webhook is https only.

export const CustomPushProviderCreate = G.CustomPushProviderCreate;
export const CustomPushProviderUpdate = G.CustomPushProviderUpdate;
export const CustomProvider = G.CustomProvider;

export const CustomEmailProviderCreate = G.CustomEmailProviderCreate;
export const CustomEmailProviderUpdate = G.CustomEmailProviderUpdate;
export const CustomSmsProviderCreate = G.CustomSmsProviderCreate;
export const CustomSmsProviderUpdate = G.CustomSmsProviderUpdate;

/** Email replies need the address they go to (`repliesNeedSender`); the answer's `repliesWebhook` is made by the service. */
export const SendgridProviderCreate = G.SendgridProviderCreate;
export const SendgridProviderUpdate = G.SendgridProviderUpdate;
export const SendgridProvider = G.SendgridProvider;

/** Sender numbers in E.164, as Twilio takes them (a GUESS at the service's own check). */
export const TwilioProviderCreate = G.TwilioProviderCreate;
export const TwilioProviderUpdate = G.TwilioProviderUpdate;
export const TwilioProvider = G.TwilioProvider;

// The spec's example answers an APNs add with `{pushProviders: []}`, unlike FCM's `{success}`: both parse.
