// ApnsPushProvider: an Apple push provider (push-provider.ts).
import { z } from "zod";
import { ApnsProviderCreate } from "../contract";
import { none } from "../engine/fields";
import { defined } from "../engine/util";
import { credentialsDoc, isDefault, isDefaultFact, providerIdFact, pushProvider } from "./push-provider";

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
  facts: {
    providerId: providerIdFact,
    keyId: { doc: "Id of the .p8 signing key." },
    teamId: { doc: "Apple developer team id." },
    bundleId: { doc: "The app's bundle id." },
    p8KeyFilename: { doc: "Name of the .p8 key file, for display.", default: none },
    includeContentAvailable: { doc: "Send content-available (background) pushes.", default: none },
    includeMutableContent: { doc: "Send mutable-content pushes.", default: none },
    productionMode: { doc: "Use APNs' production environment (else the sandbox).", default: none },
    isDefault: isDefaultFact("APNs"),
    credentials: {
      doc: `The .p8 signing key: { p8Key: the file's whole text, "-----BEGIN PRIVATE KEY-----" line included } ${credentialsDoc}.`,
    },
  },
  required: ["keyId", "teamId", "bundleId"],
  file: {
    at: ["notifications", "push", "apns"],
    child: "apns",
  },
  body: ({ credentials, isDefault: _, ...rest }) => ({ ...defined(rest), ...credentials }),
});
