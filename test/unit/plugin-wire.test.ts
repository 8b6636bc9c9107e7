// Values the `chat` plugin hands the engine (provider/hosts/plugin/wire.ts `toWire`): what a Struct can carry (no undefined
// at any depth: an App read from the real service has no keys in its connection), secrets wrapped.
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isSecret, reveal, toWire } from "../../provider/hosts/plugin/wire";

describe("values for the engine", () => {
  it("leaves out absent values at every depth, so that a Struct takes them", () => {
    const state = {
      appId: "a1",
      plan: undefined,
      connection: { appId: "a1", region: "us", apiKey: undefined, endpoint: undefined },
      tags: ["x", undefined],
    };
    expect(() => Struct.fromJavaScript(state as never)).toThrow();
    const wire = toWire(state, new Set(["connection"]));
    expect(() => Struct.fromJavaScript(wire as never)).not.toThrow();
    expect(wire).not.toHaveProperty("plan");
    expect(isSecret(wire.connection)).toBe(true);
    expect(reveal(wire.connection ?? null)).toEqual({ appId: "a1", region: "us" });
    expect(wire.tags).toEqual(["x"]);
  });
});
