// The policy pack's advice names an argument as the resource's author wrote it (provider/policy/spelling.ts):
// the environment file's field for a resource the file declares (a child of the Environment component), the
// SDK's argument for one a program declares.
import type { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { policies, RULES } from "../../provider/policy/rules";
import { declaredInFile, fileField } from "../../provider/policy/spelling";

const FROM_FILE =
  "urn:pulumi:dev::app::chat:index:Environment$pulumi-nodejs:dynamic/chat:Webhook::env:webhook:hooks";
const FROM_PROGRAM = "urn:pulumi:dev::app::pulumi-nodejs:dynamic/chat:Webhook::hooks";
const rule = (name: string) => policies.find((p) => p.name === name);

/** What a resource rule reports of a Webhook at `urn` with `props`. */
function reported(name: string, urn: string, props: Record<string, unknown>): string[] {
  const out: string[] = [];
  const validate = (rule(name) as ResourceValidationPolicy).validateResource as (
    args: unknown,
    report: (message: string) => void,
  ) => void;
  validate(
    {
      type: "pulumi-nodejs:dynamic/chat:Webhook",
      name: "hooks",
      urn,
      props,
      getConfig: () => ({}),
    },
    (message: string) => out.push(message),
  );
  return out;
}

describe("the policy pack's advice", () => {
  it("tells a file-declared resource from a program's by its URN's type chain", () => {
    expect(declaredInFile(FROM_FILE)).toBe(true);
    expect(declaredInFile(FROM_PROGRAM)).toBe(false);
    expect(declaredInFile("urn:pulumi:dev::app::chat:index:Environment::env")).toBe(false);
  });

  it("names a webhook's basic auth and URL as the file writes them for a file's webhook, as the SDK does else", () => {
    const props = { webhookURL: "http://h.example.com", useBasicAuth: false, version: 1 };
    expect(reported(RULES.webhookHttpsBasicAuth, FROM_FILE, props)).toEqual([
      "webhook 'hooks' does not post to an https URL: url must start with https://",
      "webhook 'hooks' has basic auth off: declare basicAuth (with basicAuth.username; basicAuth.password a { secret: key }, or left out to be generated)",
    ]);
    expect(reported(RULES.webhookHttpsBasicAuth, FROM_PROGRAM, props)).toEqual([
      "webhook 'hooks' does not post to an https URL: webhookURL must start with https://",
      "webhook 'hooks' has basic auth off: set useBasicAuth: true (with username and password)",
    ]);
  });

  it("names in every rule's advice no argument the file spells otherwise, for a file's resource", () => {
    // The arguments the file renames: none may appear in advice about a file's resource.
    const props = { webhookURL: "http://h.example.com", useBasicAuth: false, version: 1 };
    const said = policies
      .filter((p): p is ResourceValidationPolicy => "validateResource" in p)
      .filter((p) => p.name !== RULES.plainSecretArguments)
      .flatMap((p) => reported(p.name, FROM_FILE, props));
    expect(said.length).toBeGreaterThanOrEqual(3);
    for (const arg of ["webhookURL", "useBasicAuth", "username", "password", "webhookId"])
      expect(said.filter((m) => new RegExp(`(^|[ '(])${arg}\\b`).test(m))).toEqual([]);
    expect(fileField("Webhook", "version")).toBe("version");
  });

  it("names the file's section when a production stack declaring its environment in a file has no moderation rule", () => {
    const out: string[] = [];
    const stack = {
      type: "pulumi:pulumi:Stack",
      name: "app-prod",
      urn: "urn:pulumi:prod::app::pulumi:pulumi:Stack::app-prod",
      props: {},
    };
    (rule(RULES.productionModeration) as StackValidationPolicy).validateStack(
      {
        resources: [
          stack,
          { type: "pulumi-nodejs:dynamic/chat:Webhook", name: "hooks", urn: FROM_FILE, props: {} },
        ],
        stackTags: new Map([["chat:production", "true"]]),
        getConfig: () => ({}),
      } as never,
      (message: string) => out.push(message),
    );
    expect(out).toEqual([
      "production stack 'app-prod' declares no ModerationRule: add at least one (an entry of the environment file's moderation.rules)",
    ]);
  });
});
