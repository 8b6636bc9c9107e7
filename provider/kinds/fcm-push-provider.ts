// FcmPushProvider: a Firebase Cloud Messaging push provider (push-provider.ts).
import { z } from "zod";
import { FcmProviderCreate, ServiceAccountFile } from "../contract";
import { none } from "../engine/fields";
import { defined } from "../engine/util";
import { credentialsDoc, isDefault, isDefaultFact, providerIdFact, pushProvider } from "./push-provider";

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
  facts: {
    providerId: providerIdFact,
    serviceAccountFilename: { doc: "Name of the service-account file, for display.", default: none },
    notificationInPayload: {
      doc: "Per platform (ios, android, web): whether chat and call pushes carry a notification payload.",
      default: none,
    },
    isDefault: isDefaultFact("FCM"),
    credentials: {
      doc: `The Firebase service-account file as downloaded, as an object or its JSON text; the service takes project_id, client_email, private_key and private_key_id, the other fields are ignored ${credentialsDoc}.`,
    },
  },
  required: [],
  body: ({ credentials, isDefault: _, ...rest }) => ({ ...defined(rest), serviceAccountCreds: credentials }),
  file: { at: ["notifications", "push", "fcm"], child: "fcm", secretRefs: { credentials: "serviceAccount" } },
});
