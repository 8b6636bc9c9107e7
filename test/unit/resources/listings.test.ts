// Shared listings (provider/engine/listings.ts): reads answered from one paged listing when that pays, and
// never a whole listing of a large collection for a few reads.
import type { ChatClient } from "../../../provider/client";
import { type Listing, Listings } from "../../../provider/engine/listings";

const PER_PAGE = 1000;

/** A client stand-in holding `total` objects, counting list pages and lone reads. */
function fakeClient(total: number) {
  const counts = { pages: 0, alone: 0 };
  let writes = 0;
  const items = Array.from({ length: total }, (_, i) => ({ uid: `u${i}`, name: `U${i}` }));
  const client = {
    get writes() {
      return writes;
    },
    async call(_name: string, req: { query: { page: number; perPage: number } }) {
      counts.pages++;
      const { page, perPage } = req.query;
      return {
        data: items.slice((page - 1) * perPage, page * perPage),
        meta: { pagination: { total_pages: Math.max(1, Math.ceil(total / perPage)) } },
      };
    },
  };
  const alone = (id: string) => async () => {
    counts.alone++;
    return { uid: id, name: "alone" };
  };
  return {
    listings: new Listings(client as unknown as ChatClient),
    counts,
    alone,
    write: () => writes++,
    items,
  };
}

const USERS: Listing = { api: "chat", route: "listUsers", key: "uid" };

describe("shared listings", () => {
  it("reads a few objects one by one", async () => {
    const f = fakeClient(10);
    for (const i of [1, 2, 3]) await f.listings.get(USERS, `u${i}`, f.alone(`u${i}`));
    expect(f.counts).toEqual({ pages: 0, alone: 3 });
  });

  it("answers a thousand reads from one listing", async () => {
    const f = fakeClient(PER_PAGE);
    const got = await Promise.all(f.items.map((u) => f.listings.get(USERS, u.uid, f.alone(u.uid))));
    expect(got.filter((g) => g.name !== "alone")).toHaveLength(PER_PAGE - f.counts.alone);
    expect(f.counts.pages).toBe(1);
    expect(f.counts.alone).toBeLessThanOrEqual(5);
  });

  it("never lists a large collection whole for a few reads", async () => {
    const f = fakeClient(100 * PER_PAGE);
    for (let i = 0; i < 10; i++) await f.listings.get(USERS, `u${i * 7}`, f.alone(`u${i * 7}`));
    expect(f.counts.pages).toBeLessThanOrEqual(1);
    expect(f.counts.alone).toBe(10);
  });

  it("lists a large collection once the reads have cost twice its pages", async () => {
    const f = fakeClient(3 * PER_PAGE);
    for (let i = 0; i < 100; i++) await f.listings.get(USERS, `u${i}`, f.alone(`u${i}`));
    expect(f.counts.pages).toBe(1 + 3); // one first page as a measure, then the listing
    expect(f.counts.alone).toBe(5); // reads 1-4, and the 5th, whose first page measured 3 pages; the 6th lists
  });

  it("reads alone what the listing leaves out", async () => {
    const f = fakeClient(20);
    for (let i = 0; i < 6; i++) await f.listings.get(USERS, `u${i}`, f.alone(`u${i}`));
    const before = f.counts.alone;
    expect((await f.listings.get(USERS, "missing", f.alone("missing"))).name).toBe("alone");
    expect(f.counts.alone).toBe(before + 1);
  });

  it("does not answer from a listing made before a write", async () => {
    const f = fakeClient(20);
    for (let i = 0; i < 6; i++) await f.listings.get(USERS, `u${i}`, f.alone(`u${i}`));
    expect(f.counts.pages).toBe(1);
    f.write();
    const before = f.counts.alone;
    expect((await f.listings.get(USERS, "u1", f.alone("u1"))).name).toBe("alone");
    expect(f.counts.alone).toBe(before + 1);
  });

  it("goes on one by one when the listing fails", async () => {
    const f = fakeClient(20);
    const client = {
      writes: 0,
      call: async () => {
        throw new Error("503");
      },
    };
    const l = new Listings(client as unknown as ChatClient);
    for (let i = 0; i < 10; i++) expect((await l.get(USERS, `u${i}`, f.alone(`u${i}`))).name).toBe("alone");
    expect(f.counts.alone).toBe(10);
  });
});
