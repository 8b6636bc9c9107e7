// SeedData: one bucket (of one) of a small users file, then of a changed file (a row changed, one added, one
// removed), then a file with no row named alone (the provider computes its rows); its lookup reads the
// bucket by its id.
import { join } from "node:path";
import { bucketsOf } from "../../../provider/kinds/seed/buckets";
import type { Fixture } from "./helpers";

const file = (name: string) => join(__dirname, "..", "seed", name);
const bucket = (name: string) => {
  const [b] = bucketsOf("users", file(name), 1);
  if (!b) throw new Error("no bucket");
  return { ...b };
};

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "SeedData",
      name: "seed",
      set: bucket("users.csv"),
      change: bucket("users-changed.csv"),
      // The file alone (rows computed from it, bucket and buckets their defaults), with no row left.
      remove: { entity: "users", file: file("users-empty.csv") },
      replace: { entity: "groups", bucket: 1, buckets: 2 },
    },
  ],
  lookup: {
    seed: bucket("users.csv"),
    holds: { entity: "users", bucket: 0, buckets: 1, count: 3 },
  },
};
