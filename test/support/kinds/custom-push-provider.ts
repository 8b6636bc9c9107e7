// CustomPushProvider: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { custom, type Fixture, webhookSink } from "./helpers";

export const fixture: Fixture = {
  cases: () => [custom("CustomPushProvider", "custom-push", "isEnabled")],
  seeds: [{ webhookURL: "https://h.example.com/push" }],
  secret: (secret) => webhookSink(secret),
  lookup: { holds: { webhookURL: "https://h.example.com/push" } },
};
