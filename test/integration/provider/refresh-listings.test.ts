// A refresh of many objects is answered from shared listings (listings.ts), with every out-of-band change
// still seen, and a large app with few declared objects is never listed whole. Requests are counted on the
// emulator's side; reads run eight at a time, as the engine sends them.
import { type ChatClient, resetBudgets } from "../../../provider/client";
import { type Emulated, startEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const uidOf = (i: number) => `user-${String(i).padStart(5, "0")}`;

/** Runs `work` over `items`, `parallel` at a time (the engine's default on two cores is 8). */
async function inParallel<T, R>(items: T[], parallel: number, work: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T);
      }
    }),
  );
  return out;
}

describe("a refresh of many users", () => {
  let emu: Emulated;
  let chat: ChatClient;
  let connection: Props;

  async function seed(count: number, from = 0): Promise<void> {
    await inParallel(
      Array.from({ length: count }, (_, i) => from + i),
      10,
      (i) => chat.call("createUser", { body: { uid: uidOf(i), name: `User ${i}`, tags: ["t"] } }),
    );
  }

  beforeAll(async () => {
    emu = await startEmulated({ seed: 11, rateLimitPerMinute: 0 });
    connection = emu.connection;
    chat = emu.chatClient({ budget: { requestsPerMinute: 1_000_000, concurrency: 20 } });
  });
  afterAll(async () => {
    resetBudgets();
    await emu.close();
  });

  it("reads 1,000 users with at most 20 requests and sees every out-of-band change", async () => {
    await seed(1000);
    await chat.call("updateUser", { params: { uid: uidOf(7) }, body: { name: "Renamed" } });
    await chat.call("updateUser", { params: { uid: uidOf(11) }, body: { tags: ["t", "new"] } });
    await chat.call("deleteUser", { params: { uid: uidOf(9) }, body: { permanent: true } });
    await chat.call("deleteUser", { params: { uid: uidOf(13) }, body: { permanent: false } });
    emu.admin.clearRequests();

    const users = providerOf("User"); // a fresh provider process
    const read = await inParallel(
      Array.from({ length: 1000 }, (_, i) => i),
      8,
      (i) => users.read(uidOf(i), { uid: uidOf(i), name: `User ${i}`, tags: ["t"], connection }),
    );
    expect(emu.admin.requests().length).toBeLessThanOrEqual(20);
    expect(read[7]?.props?.name).toBe("Renamed");
    expect(read[11]?.props?.tags).toEqual(["t", "new"]);
    expect(read[9]).toEqual({ id: "" }); // deleted: gone from state
    expect(read[13]).toEqual({ id: "" }); // deactivated: gone too
    expect(read[500]?.props).toMatchObject({ uid: uidOf(500), name: "User 500", tags: ["t"] });
  });

  it("does not list all of a large app's users to read ten of them", async () => {
    await seed(4000, 1000); // 5,000 users: five pages of the largest page size
    emu.admin.clearRequests();
    const users = providerOf("User");
    await inParallel(
      Array.from({ length: 10 }, (_, i) => i * 97),
      8,
      (i) => users.read(uidOf(i), { uid: uidOf(i), name: `User ${i}`, connection }),
    );
    const pages = emu.admin
      .requests()
      .filter((r) => r.method === "GET" && r.path === "/v3/users")
      .map((r) => r);
    // The lone reads' tag look-ups (one per user, by search key) and at most one first page as a measure.
    expect(pages.length).toBeLessThanOrEqual(10 + 1);
    expect(emu.admin.requests().length).toBeLessThanOrEqual(2 * 10 + 1);
  });
});
