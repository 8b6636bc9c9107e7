// Data Import is counted apart by the service (60 a minute, docs/service/data-import.md): the client paces it
// with a budget of its own beside the app's, shared by every client of the app. Checked by event order (what
// reached the emulator, what the budget holds), never by how long anything took.

import { RateLimitError, resetBudgets } from "../../../provider/client";
import { clientOptions } from "../../../provider/client/config";
import { familyOf, ROUTE_FAMILIES, type RouteName, routes } from "../../../provider/contract";
import { ManualClock, settle, tracked, until } from "../../support/clock";
import { type Emulated, FAST, startEmulated, unique, useEmulated } from "../../support/emulator";
import { received, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
afterEach(() => resetBudgets());

const oneUser = () => {
  const uid = unique("fam");
  return { body: { users: { [uid]: { uid, name: "Imported" } } } };
};

describe("Data Import's own budget", () => {
  it("takes its limit from the contract, and holds every route of the document under /data_import/", () => {
    expect(ROUTE_FAMILIES.dataImport.perMinute).toBe(60);
    const imports = Object.entries(routes)
      .filter(([, r]) => r.api === "chat" && r.path.startsWith("/data_import/"))
      .map(([name]) => name);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect([name, familyOf(name as RouteName)]).toEqual([name, "dataImport"]);
    expect(familyOf("createUser")).toBeUndefined();
    expect(emulator().chat.budgetStats("dataImport")?.limits.requestsPerMinute).toBe(60);
    expect(emulator().mgmt.budgetStats("dataImport")).toBeUndefined();
  });

  it("starts no more imports a minute than its limit, while the app's other requests go on", async () => {
    const clock = new ManualClock();
    const chat = emulator().chatClient({ clock, families: { dataImport: 2 } });
    const settled: number[] = [];
    const calls = [0, 1, 2].map((i) =>
      chat.call("importUsers", oneUser()).then(() => {
        settled.push(i);
      }),
    );
    await Promise.all(calls.slice(0, 2));
    await until(() => clock.pending === 1, "the third import to wait on the clock");
    expect(chat.budgetStats("dataImport")).toMatchObject({ inWindow: 2, queued: 1, started: 2 });
    // Another client of the app shares the family's budget; a request of no family is not held by it.
    const other = emulator().chatClient();
    await other.call("listRoles");
    expect(other.budgetStats("dataImport")).toEqual(chat.budgetStats("dataImport"));
    expect(received(emulator(), "POST", "/v3/data_import/users")).toHaveLength(2);
    expect(settled).toEqual([0, 1]);
    // Not before the minute is over.
    clock.advance(60_000);
    await settle();
    expect(chat.budgetStats("dataImport")).toMatchObject({ queued: 1, started: 2 });
    clock.advance(1);
    await calls[2];
    expect(settled).toEqual([0, 1, 2]);
    expect(received(emulator(), "POST", "/v3/data_import/users")).toHaveLength(3);
  });

  it("takes a larger limit given later, as CHAT_IMPORT_REQUESTS_PER_MINUTE gives it, at once", async () => {
    const clock = new ManualClock();
    const chat = emulator().chatClient({ clock, families: { dataImport: 1 } });
    await chat.call("importUsers", oneUser());
    const next = tracked(chat.call("importUsers", oneUser()));
    await until(() => clock.pending === 1, "the second import to wait on the clock");
    emulator().chatClient({ families: { dataImport: 2 } });
    await next.promise;
    expect(chat.budgetStats("dataImport")?.limits.requestsPerMinute).toBe(2);
  });

  it("reads a larger limit from CHAT_IMPORT_REQUESTS_PER_MINUTE, and refuses one that is not a count", () => {
    const saved = process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE;
    try {
      process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE = "600";
      expect(clientOptions(() => undefined).families).toEqual({ dataImport: 600 });
      process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE = "lots";
      expect(() => clientOptions(() => undefined)).toThrow(
        'CHAT_IMPORT_REQUESTS_PER_MINUTE must be a whole number >= 1, not "lots"',
      );
      delete process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE;
      expect(clientOptions(() => undefined).families).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE;
      else process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE = saved;
    }
  });

  it("does not take Data Import's refusal (429) for the app's limit", async () => {
    let emu: Emulated | undefined;
    try {
      emu = await startEmulated({ importRateLimitPerMinute: 1 });
      // More than the service allows (a plan the user thinks larger), and no wait for a long Retry-After.
      const chat = emu.chatClient({ families: { dataImport: 5 }, retry: { maxRetryAfterMs: 0 } });
      await chat.call("importUsers", oneUser());
      expect(chat.budgetStats().limits.requestsPerMinute).toBe(20_000);
      expect(await rejectionOf(chat.call("importUsers", oneUser()))).toBeInstanceOf(RateLimitError);
      expect(received(emu, "POST", "/v3/data_import/users").map((r) => r.status)).toEqual([200, 429]);
      expect(chat.budgetStats().limits.requestsPerMinute).toBe(20_000);
    } finally {
      await emu?.close();
    }
  });
});
