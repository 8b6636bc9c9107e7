// Adoption (`adopt: true`) against the emulator, through the generic provider as the engine drives it:
// the adopted object ends up exactly as declared, so that a refresh right after finds no drift.
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { ChatClient } from "../../../provider/client";
import { CrudProvider, kinds } from "../../../provider/resources";

const provider = (k: keyof typeof kinds) => new CrudProvider(kinds[k] as never);

describe("adopt", () => {
  let emu: RunningEmulator;
  let client: ChatClient;
  let connection: { appId: string; apiKey: string; endpoint: string };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    const app = emu.credentials.app;
    if (!app) throw new Error("no bootstrap app");
    connection = { appId: app.appId, apiKey: app.apiKey, endpoint: emu.chatEndpoint };
    client = new ChatClient(connection);
  });
  afterAll(async () => emu?.close());

  it("a role: undeclared restricted features are allowed again, declared ones restricted", async () => {
    await client.call("createRole", { body: { role: "support", name: "Support" } });
    await client.call("restrictFeatures", {
      params: { role: "support" },
      body: { featuresToRestrict: ["u.deleteGroup", "u.listUsers"] },
    });
    const roles = provider("Role");
    const { inputs } = await roles.check(
      {},
      { role: "support", name: "Support", restrictedFeatures: ["u.listUsers"], adopt: true, connection },
    );
    const { id, outs } = await roles.create(inputs);
    const features = await client.listAll("listRestrictedFeatures", { params: { role: "support" } });
    expect(features.map((f) => f.key)).toEqual(["u.listUsers"]);
    const refreshed = await roles.read(id, outs);
    expect(refreshed.inputs?.restrictedFeatures).toEqual(["u.listUsers"]);
  });
});
