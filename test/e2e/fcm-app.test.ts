// Issue 30 item 1: an FcmPushProvider whose credentials are a secret object (the service-account file as
// Firebase hands it out) and whose connection is an output of an App made by the same program. At the
// preview the connection is not known yet and the credentials are a secret: the preview must plan both
// resources, and `up` (the CLI's, preview included) must make them, through the dynamic provider (a
// TypeScript program) and through the plugin (Pulumi YAML, `fn::secret` over an object).
import { join } from "node:path";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

const PRIVATE_KEY = "fcm-app-private-key-8f14e45f";
const ACCOUNT = {
  type: "service_account",
  project_id: "fcm-app",
  client_email: "push@fcm-app.iam.gserviceaccount.com",
  private_key: PRIVATE_KEY,
  private_key_id: "fcm-app-key-id-c9f0f895",
};

const YAML = `
resources:
  app:
    type: chat:index:App
    properties: { name: fcm-yaml, region: eu }
  fcm:
    type: chat:index:FcmPushProvider
    properties:
      providerId: android
      credentials:
        fn::secret:
${Object.entries(ACCOUNT)
  .map(([k, v]) => `          ${k}: ${v}`)
  .join("\n")}
      connection: \${app.connection}
`;

describe("an FCM provider with a secret service account on an App of the same program", () => {
  let t: EmulatedStack | undefined;
  let emu: Emulated | undefined;
  let p: CliProject | undefined;
  afterAll(async () => {
    await t?.dispose();
    await p?.dispose();
    await emu?.close();
  });

  it("TypeScript (dynamic provider): previews both, then comes up", async () => {
    t = await emulatedStack(join(__dirname, "programs", "fcm-app"), "fcm-app", {
      "e2e:serviceAccount": { value: JSON.stringify(ACCOUNT), secret: true },
    });
    const printed: string[] = [];
    const preview = await t.stack.preview({ onOutput: (s) => printed.push(s) });
    expect(preview.changeSummary).toEqual({ create: 3 });
    const up = await t.stack.up({ onOutput: (s) => printed.push(s) });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(printed.join("")).not.toContain(PRIVATE_KEY);
  });

  it("Pulumi YAML (plugin): previews both, then comes up", async () => {
    emu = await startEmulated();
    p = await cliProject("fcm-yaml", "yaml", emulatorConfig(emu));
    p.write(YAML);
    expect(await p.pulumi(["preview"])).toMatch(/\+ 3 to create/);
    expect(await p.pulumi(["up", "--yes"])).toMatch(/\+ 3 created/);
    expect(p.printed.join("")).not.toContain(PRIVATE_KEY);
  });
});
