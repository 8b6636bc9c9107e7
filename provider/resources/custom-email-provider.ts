// CustomEmailProvider: the app's custom email webhook (singleton-provider.ts).
import { z } from "zod";
import { CustomEmailProviderCreate } from "../api";
import {
  basicAuthOk,
  basicAuthRule,
  CUSTOM_FIELDS,
  customBody,
  customDefaults,
  customDocs,
  customFile,
  customShape,
  singletonProvider,
} from "./singleton-provider";

const customEmail = CustomEmailProviderCreate.shape;
export const CustomEmailProviderArgs = z
  .strictObject({ ...customShape, useStoredEmailID: customEmail.useStoredEmailID.optional() })
  .refine(basicAuthOk, basicAuthRule);
export type CustomEmailProviderArgs = z.output<typeof CustomEmailProviderArgs>;
export const customEmailProvider = singletonProvider<CustomEmailProviderArgs>({
  name: "CustomEmailProvider",
  doc: "The app's custom email provider: the service posts email notifications to your webhook.",
  args: CustomEmailProviderArgs,
  docs: {
    ...customDocs,
    useStoredEmailID: "Send to the email address stored for each user (default false).",
  },
  routes: {
    get: "getCustomEmailProvider",
    create: "createCustomEmailProvider",
    update: "updateCustomEmailProvider",
    delete: "deleteCustomEmailProvider",
  },
  fields: [...CUSTOM_FIELDS, "useStoredEmailID"],
  file: customFile(["notifications", "email", "custom"], "custom-email"),
  defaults: { ...customDefaults, useStoredEmailID: false },
  body: (a) => ({ useStoredEmailID: false, ...customBody(a) }),
  found: (d) => d,
});
