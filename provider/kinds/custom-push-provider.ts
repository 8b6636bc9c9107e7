// CustomPushProvider: the app's custom push webhook (singleton-provider.ts).
import type { z } from "zod";
import type { Args } from "../engine/kind";
import { customArgs, customBody, customFacts, customFile, singletonProvider } from "./singleton-provider";

export const CustomPushProviderArgs = customArgs({});
export type CustomPushProviderArgs = z.output<typeof CustomPushProviderArgs>;
export const customPushProvider = singletonProvider<CustomPushProviderArgs>({
  name: "CustomPushProvider",
  doc: "The app's custom push provider: the service posts push notifications to your webhook.",
  args: CustomPushProviderArgs,
  facts: customFacts,
  routes: {
    get: "getCustomPushProvider",
    create: "createCustomPushProvider",
    update: "updateCustomPushProvider",
    delete: "deleteCustomPushProvider",
  },
  file: customFile(["notifications", "customPush"], "custom-push"),
  body: customBody,
  // Read as a list, empty when there is none.
  found: (d) => (d.pushProviders as Args[] | undefined)?.[0],
});
