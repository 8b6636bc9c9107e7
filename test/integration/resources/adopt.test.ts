// Adoption (`adopt: true`) against the emulator, through the generic provider as the engine drives it:
// the adopted object ends up exactly as declared, so that a refresh right after finds no drift.
import type { ChatClient } from "../../../provider/client";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

describe("adopt", () => {
  const emulated = useEmulated();
  let client: ChatClient;
  let connection: Emulated["connection"];
  beforeAll(() => {
    ({ chat: client, connection } = emulated());
  });

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
