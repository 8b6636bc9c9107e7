// Kind.list is read, for every object (kind.ts): for each kind of the registry that defines `list`, the
// listing equals reading each listed id with the kind's `read` (a whole read, from what the listing holds
// as prior state). A kind that gains `list` must gain seeds here, so that its listing is not empty.

import { clientContext } from "../../../provider/engine/context";
import type { Kind } from "../../../provider/engine/kind";
import { type KindName, kinds } from "../../../provider/kinds";
import { useEmulated } from "../../support/emulator";
import { SEEDS } from "../../support/kinds";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;

const ambient = (name: KindName) => ((kinds[name] as Kind).ambient ?? []).length > 0;
const listable = (Object.keys(kinds) as KindName[]).filter((k) => (kinds[k] as Kind).list !== undefined);

describe("Kind.list equals read of each listed object", () => {
  const emu = useEmulated({ seed: 3 });
  const ctx = () => clientContext({ chat: () => emu().chat, management: () => emu().mgmt });

  beforeAll(async () => {
    // In SEEDS's order, so that what an object refers to (a role, an owner) comes first.
    for (const [name, seeds] of Object.entries(SEEDS) as [KindName, Props[]][])
      for (const seed of seeds) {
        const options =
          (kinds[name] as Kind).api === "chat"
            ? { connection: emu().connection }
            : {
                managementConnection: emu().managementConnection,
                ...(ambient(name) ? { appId: emu().appId } : {}),
              };
        // Through check, as the engine sends it (check normalises, e.g. a whole service-account file).
        const provider = providerOf(name);
        const { inputs, failures } = await provider.check({}, { ...seed, ...options });
        expect([name, failures]).toEqual([name, []]);
        await provider.create(inputs);
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
