// The policy pack's reading of plain secret arguments (provider/policy/secrets.ts): the paths of the fields the
// contract marks x-secret whose wire value is plain, and its hook into @pulumi/policy's deserializer.

import { chatKind, isProduction, stackListed } from "../../provider/policy/resources";
import { unconfirmedToolLists } from "../../provider/policy/rules";
import { notePlainSecrets, plainSecretPaths, plainSecretsOf } from "../../provider/policy/secrets";

const SIG = "4dabf18193072939515e22adb298388d";
const secret = (value: unknown) => ({ [SIG]: "1b47061264138c4ac30d75fd1eb44270", value });
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

describe("plain secret arguments", () => {
  it("names x-secret fields given plain values, at any depth, and not secret or unknown ones", () => {
    expect(
      plainSecretPaths({
        name: "Alerts",
        password: "plain1",
        credentials: { p8Key: "plain2", keyId: "k" },
        headers: secret({ a: "b" }),
        apiKey: UNKNOWN,
        __provider: "ignored",
      }),
    ).toEqual(["password", "credentials.p8Key"]);
    expect(plainSecretPaths({ password: secret("s"), credentials: secret({ p8Key: "x" }) })).toEqual([]);
    // The provider's own inputs are its config keys: its management secret is as secret as its API key.
    expect(plainSecretPaths({ appId: "a", apiKey: "k", managementSecret: "m", managementKey: "mk" })).toEqual(
      ["apiKey", "managementSecret"],
    );
  });

  it("hooks @pulumi/policy's deserializer so that a validation's props carry the note", () => {
    notePlainSecrets();
    const mod = require("@pulumi/policy/deserialize") as {
      deserializeProperties: (s: { toJavaScript(): unknown }, p: boolean) => object;
    };
    const props = mod.deserializeProperties(
      { toJavaScript: () => ({ password: "plain", name: "n" }) },
      false,
    );
    const proxied = new Proxy(props, {
      get: (t, k) => (k === "__getSpecialProxyTarget" ? t : (t as Record<string | symbol, unknown>)[k]),
    });
    expect(plainSecretsOf(proxied)).toEqual(["password"]);
  });
});

describe("the pack's reading of resources", () => {
  it("knows both hosts' type tokens, the stack of a URN and a production stack", () => {
    expect(chatKind("pulumi-nodejs:dynamic/chat:Webhook")).toBe("Webhook");
    expect(chatKind("chat:index:Webhook")).toBe("Webhook");
    expect(chatKind("random:index/randomString:RandomString")).toBeUndefined();
    const urn = "urn:pulumi:prod::proj::pulumi:pulumi:Stack::proj-prod";
    expect(isProduction(urn, new Map(), ["prod"])).toBe(true);
    expect(isProduction(urn, new Map([["chat:production", "true"]]), undefined)).toBe(true);
    expect(isProduction(urn, new Map([["chat:production", "True"]]), undefined)).toBe(true);
    expect(isProduction(urn, new Map([["chat:production", "false"]]), undefined)).toBe(false);
    expect(isProduction(urn, new Map(), ["staging"])).toBe(false);
  });

  it("names a stack as `stack`, `project/stack` or `org/project/stack`", () => {
    const urn = "urn:pulumi:prod::shop::pulumi:pulumi:Stack::shop-prod";
    for (const name of ["prod", "shop/prod", "acme/shop/prod"]) expect(stackListed(urn, [name])).toBe(true);
    for (const name of ["staging", "other/prod", "acme/other/prod", "prod/shop"])
      expect(stackListed(urn, [name])).toBe(false);
    expect(stackListed(urn, undefined)).toBe(false);
  });

  it("reads the unconfirmed tool lists from the ledger: MCP servers rest on listMcpServers", () => {
    expect(unconfirmedToolLists()).toEqual({ mcpServers: ["listMcpServers"] });
  });
});
