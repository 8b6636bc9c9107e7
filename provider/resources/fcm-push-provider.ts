// FcmPushProvider: a Firebase Cloud Messaging push provider (push-provider.ts).
import { z } from "zod";
import { FcmProviderCreate, ServiceAccountFile } from "../api";
import { credentialsDoc, isDefault, pushProvider } from "./push-provider";
import { defined } from "./util";

export const FcmPushProviderArgs = z.strictObject({
  providerId: FcmProviderCreate.shape.providerId,
  serviceAccountFilename: FcmProviderCreate.shape.serviceAccountFilename,
  notificationInPayload: FcmProviderCreate.shape.notificationInPayload,
  isDefault,
  credentials: ServiceAccountFile,
});
export type FcmPushProviderArgs = z.output<typeof FcmPushProviderArgs>;
export const fcmPushProvider = pushProvider<FcmPushProviderArgs>({
  name: "FcmPushProvider",
  what: "A Firebase Cloud Messaging (FCM) push provider",
  routes: {
    list: "listFcmProviders",
    add: "addFcmProvider",
    update: "updateFcmProvider",
    remove: "deleteFcmProvider",
    setDefault: "setDefaultFcmProvider",
  },
  args: FcmPushProviderArgs,
  docs: {
    providerId:
      "Caller-chosen id: letters, digits, '-', '_', at most 100. Changing it replaces the provider.",
    serviceAccountFilename: "Name of the service-account file, for display.",
    notificationInPayload:
      "Per platform (ios, android, web): whether chat and call pushes carry a notification payload.",
    isDefault:
      "true makes it the app's default FCM provider; false is the same as absent (the API moves the default, it cannot unset it).",
    credentials: `The Firebase service-account file as downloaded, as an object or its JSON text; the service takes project_id, client_email, private_key and private_key_id, the other fields are ignored ${credentialsDoc}.`,
  },
  required: [],
  body: ({ credentials, isDefault: _, ...rest }) => ({ ...defined(rest), serviceAccountCreds: credentials }),
  file: { at: ["notifications", "push", "fcm"], child: "fcm", secretRefs: { credentials: "serviceAccount" } },
});
