// Kind.list is read, for every object (kind.ts): for each kind of the registry that defines `list`, the
// listing equals reading each listed id with the kind's `read` (a whole read, from what the listing holds
// as prior state). A kind that gains `list` must gain seeds here, so that its listing is not empty.
import { type KindName, kinds } from "../../../provider/resources";
import { clientContext } from "../../../provider/resources/context";
import type { Kind } from "../../../provider/resources/kind";
import { providerOf, useEmulatedApp } from "../emulated-app";

type Props = Record<string, unknown>;

/** Objects made through the provider before listing, per kind: at least two, one with every optional part. */
const SEEDS: Partial<Record<KindName, Props[]>> = {
  App: [{ name: "listed-one" }, { name: "listed-two", region: "eu" }],
  Role: [
    {
      role: "listed-a",
      name: "A",
      restrictedFeatures: ["u.listUsers"],
      permissions: { sendMessage: "deny" },
    },
    { role: "listed-b", name: "B", description: "Plain" },
  ],
  User: [
    { uid: "listed-u1", name: "U1", role: "listed-a", tags: ["b", "a"], metadata: { k: 1 } },
    { uid: "listed-u2", name: "U2" },
  ],
  Group: [
    { guid: "listed-g1", name: "G1", type: "private", owner: "listed-u1", tags: ["ops"] },
    { guid: "listed-g2", name: "G2" },
  ],
  ApiKey: [{ name: "listed-k1", scope: "fullAccess" }, { name: "listed-k2" }],
};

const listable = (Object.keys(kinds) as KindName[]).filter((k) => (kinds[k] as Kind).list !== undefined);

describe("Kind.list equals read of each listed object", () => {
  const app = useEmulatedApp({ seed: 3 });
  const ctx = () => clientContext({ chat: () => app.chat, management: () => app.mgmt });

  beforeAll(async () => {
    // In SEEDS's order, so that what an object refers to (a role, an owner) comes first.
    for (const [name, seeds] of Object.entries(SEEDS) as [KindName, Props[]][])
      for (const seed of seeds) {
        const options =
          (kinds[name] as Kind).api === "chat"
            ? { connection: app.connection }
            : { managementConnection: app.managementConnection };
        await providerOf(name).create({ ...seed, ...options });
      }
  });

  it("covers every kind that defines list (the lookups' and chat-export's kinds at least)", () => {
    expect(listable).toEqual(expect.arrayContaining(["User", "Group", "Role", "ApiKey", "App"]));
    for (const name of listable) expect(SEEDS[name]).toBeDefined();
  });

  it.each(listable)("%s", async (name) => {
    const kind = kinds[name] as Kind;
    const listed = (await kind.list?.(ctx(), {})) ?? [];
    expect(listed.length).toBeGreaterThanOrEqual(SEEDS[name]?.length ?? 1);
    const ids = listed.map((l) => l.id);
    expect(ids).toEqual([...ids].sort());
    for (const l of listed) {
      const read = await kind.read(ctx(), l.id, { ...l.args, ...l.state }, { whole: true });
      expect({ id: l.id, ...read }).toEqual(l);
    }
  });

  it("a listing of users is narrowed by its scope and tells its progress", async () => {
    const seen: Array<[number, number | undefined]> = [];
    const mods = await kinds.User.list?.(ctx(), { role: "listed-a" }, (n, total) => seen.push([n, total]));
    expect(mods?.map((u) => u.id)).toEqual(["listed-u1"]);
    expect(seen.at(-1)).toEqual([1, 1]);
    expect((await kinds.User.list?.(ctx(), { tags: ["a"] }))?.map((u) => u.id)).toEqual(["listed-u1"]);
    await expect(kinds.User.list?.(ctx(), { status: "offline" })).rejects.toThrow(/status/);
  });
});
