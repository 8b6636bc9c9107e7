// CustomEmailProvider: the app's custom email webhook (singleton-provider.ts).
import type { z } from "zod";
import { CustomEmailProviderCreate } from "../contract";
import { customArgs, customBody, customFacts, customFile, singletonProvider } from "./singleton-provider";

const customEmail = CustomEmailProviderCreate.shape;
export const CustomEmailProviderArgs = customArgs({
  useStoredEmailID: customEmail.useStoredEmailID.optional(),
});
export type CustomEmailProviderArgs = z.output<typeof CustomEmailProviderArgs>;
export const customEmailProvider = singletonProvider<CustomEmailProviderArgs>({
  name: "CustomEmailProvider",
  doc: "The app's custom email provider: the service posts email notifications to your webhook.",
  args: CustomEmailProviderArgs,
  facts: {
    ...customFacts,
    useStoredEmailID: {
      doc: "Send to the email address stored for each user.",
      default: false,
    },
  },
  routes: {
    get: "getCustomEmailProvider",
    create: "createCustomEmailProvider",
    update: "updateCustomEmailProvider",
    delete: "deleteCustomEmailProvider",
  },
  file: customFile(["notifications", "email", "custom"], "custom-email"),
  body: (a) => ({ useStoredEmailID: false, ...customBody(a) }),
  found: (d) => d,
});
