// Refresh against the emulator (issue 33): a field the program left out that the service holds at its default
// (a user's role "default") is not drift; the same field changed on the service is.
import type { ChatClient } from "../../../provider/client";
import { type Emulated, unique, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

describe("refresh of a field left at its default", () => {
  const emulated = useEmulated();
  let client: ChatClient;
  let connection: Emulated["connection"];
  beforeAll(() => {
    ({ chat: client, connection } = emulated());
  });

  it("a user declared without a role: no +role after create, the role shown once changed on the service", async () => {
    const users = provider("User");
    const uid = unique("refresh-u");
    const { inputs } = await users.check({}, { uid, name: "U", connection });
    const { id, outs } = await users.create(inputs);
    const refreshed = await users.read(id, outs);
    expect(refreshed.props).not.toHaveProperty("role");
    expect(refreshed.inputs).not.toHaveProperty("role");
    expect(Object.keys(refreshed.props ?? {}).sort()).toEqual(Object.keys(outs).sort());
    await client.call("createRole", { body: { role: unique("refresh-r"), name: "R" } });
    const [role] = (await client.listAll("listRoles", {})).filter((r) => r.role.startsWith("refresh-r"));
    await client.call("updateUser", { params: { uid }, body: { role: role?.role } });
    const drifted = await users.read(id, outs);
    expect(drifted.props?.role).toBe(role?.role);
  });
});
