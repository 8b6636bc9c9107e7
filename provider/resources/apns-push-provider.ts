// ApnsPushProvider: an Apple push provider (push-provider.ts).
import { z } from "zod";
import { ApnsProviderCreate } from "../api";
import { credentialsDoc, isDefault, pushProvider } from "./push-provider";
import { defined } from "./util";

const apns = ApnsProviderCreate.shape;
export const ApnsPushProviderArgs = z.strictObject({
  providerId: apns.providerId,
  keyId: apns.keyId,
  teamId: apns.teamId,
  bundleId: apns.bundleId,
  p8KeyFilename: apns.p8KeyFilename,
  includeContentAvailable: apns.includeContentAvailable,
  includeMutableContent: apns.includeMutableContent,
  productionMode: apns.productionMode,
  isDefault,
  credentials: z.strictObject({ p8Key: apns.p8Key }),
});
export type ApnsPushProviderArgs = z.output<typeof ApnsPushProviderArgs>;
export const apnsPushProvider = pushProvider<ApnsPushProviderArgs>({
  name: "ApnsPushProvider",
  what: "An Apple Push Notification service (APNs) provider",
  routes: {
    list: "listApnsProviders",
    add: "addApnsProvider",
    update: "updateApnsProvider",
    remove: "deleteApnsProvider",
    setDefault: "setDefaultApnsProvider",
  },
  args: ApnsPushProviderArgs,
  docs: {
    providerId:
      "Caller-chosen id: letters, digits, '-', '_', at most 100. Changing it replaces the provider.",
    keyId: "Id of the .p8 signing key.",
    teamId: "Apple developer team id.",
    bundleId: "The app's bundle id.",
    p8KeyFilename: "Name of the .p8 key file, for display.",
    includeContentAvailable: "Send content-available (background) pushes.",
    includeMutableContent: "Send mutable-content pushes.",
    productionMode: "Use APNs' production environment (else the sandbox).",
    isDefault:
      "true makes it the app's default APNs provider; false is the same as absent (the API moves the default, it cannot unset it).",
    credentials: `The .p8 signing key: { p8Key: the file's whole text, "-----BEGIN PRIVATE KEY-----" line included } ${credentialsDoc}.`,
  },
  required: ["keyId", "teamId", "bundleId"],
  file: {
    at: ["notifications", "push", "apns"],
    child: "apns",
    secretRefs: { "credentials.p8Key": "p8Key" },
  },
  body: ({ credentials, isDefault: _, ...rest }) => ({ ...defined(rest), ...credentials }),
});
