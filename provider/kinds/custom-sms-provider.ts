// CustomSmsProvider: the app's custom SMS webhook (singleton-provider.ts).
import type { z } from "zod";
import { CustomSmsProviderCreate } from "../contract";
import { customArgs, customBody, customFacts, customFile, singletonProvider } from "./singleton-provider";

const customSms = CustomSmsProviderCreate.shape;
export const CustomSmsProviderArgs = customArgs({ useStoredPhNo: customSms.useStoredPhNo.optional() });
export type CustomSmsProviderArgs = z.output<typeof CustomSmsProviderArgs>;
export const customSmsProvider = singletonProvider<CustomSmsProviderArgs>({
  name: "CustomSmsProvider",
  doc: "The app's custom SMS provider: the service posts SMS notifications to your webhook.",
  args: CustomSmsProviderArgs,
  facts: {
    ...customFacts,
    useStoredPhNo: { doc: "Send to the phone number stored for each user.", default: false },
  },
  routes: {
    get: "getCustomSmsProvider",
    create: "createCustomSmsProvider",
    update: "updateCustomSmsProvider",
    delete: "deleteCustomSmsProvider",
  },
  file: customFile(["notifications", "sms", "custom"], "custom-sms"),
  body: (a) => ({ useStoredPhNo: false, ...customBody(a) }),
  found: (d) => d,
});
