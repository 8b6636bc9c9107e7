// ApnsPushProvider: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ApnsPushProvider",
      name: "apns",
      set: {
        providerId: "t-apns",
        keyId: "KEY1",
        teamId: "TEAM1",
        bundleId: "com.example.one",
        p8KeyFilename: "one.p8",
        includeContentAvailable: true,
        includeMutableContent: true,
        productionMode: true,
        isDefault: true,
        credentials: { p8Key: "p8-key-1" },
      },
      change: {
        providerId: "t-apns",
        keyId: "KEY2",
        teamId: "TEAM2",
        bundleId: "com.example.two",
        p8KeyFilename: "two.p8",
        includeContentAvailable: false,
        includeMutableContent: false,
        productionMode: false,
        isDefault: false,
        credentials: { p8Key: "p8-key-2" },
      },
      remove: {
        providerId: "t-apns",
        keyId: "KEY2",
        teamId: "TEAM2",
        bundleId: "com.example.two",
        credentials: { p8Key: "p8-key-2" },
      },
      replace: { providerId: "t-apns-2" },
    },
  ],
  seeds: [
    {
      providerId: "listed-a1",
      keyId: "K1",
      teamId: "T1",
      bundleId: "com.example.one",
      credentials: { p8Key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----" },
    },
    {
      providerId: "listed-a2",
      keyId: "K2",
      teamId: "T2",
      bundleId: "com.example.two",
      productionMode: true,
      credentials: { p8Key: "-----BEGIN PRIVATE KEY-----\ndef\n-----END PRIVATE KEY-----" },
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      providerId: "ios",
      keyId: "KEY1",
      teamId: "TEAM1",
      bundleId: "com.example.chat",
      credentials: { p8Key: secret("p8", 64) },
    }),
    sibling: ["keyId", undefined, /keyId is required/],
  }),
  lookup: { holds: { providerId: "listed-a1", keyId: "K1", bundleId: "com.example.one" } },
};
