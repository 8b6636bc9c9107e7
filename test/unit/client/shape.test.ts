// What a shape error may say of an answer: where it failed and what type arrived there, never the value
// (an enum's refused word aside, which is vocabulary); chat-doctor's observations are made of it.
import { z } from "zod";
import { receivedTypes } from "../../../provider/client/shape";

const fail = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return receivedTypes(r.error, value);
};

describe("receivedTypes", () => {
  const User = z.looseObject({ uid: z.string(), createdAt: z.number().int(), status: z.enum(["on", "off"]) });

  it("names the JSON type at each failing field, and absent for a missing one", () => {
    expect(
      fail(z.object({ data: z.array(User) }), { data: [{ uid: 7, createdAt: "2026-11-25", status: "on" }] }),
    ).toEqual({
      "data.0.uid": "integer",
      "data.0.createdAt": "string",
    });
    expect(fail(User, { createdAt: 1.5, status: null })).toEqual({
      uid: "absent",
      createdAt: "number",
      status: "null",
    });
  });

  it("quotes an enum's refused word, and only a word", () => {
    expect(fail(User, { uid: "a", createdAt: 1, status: "away" })).toEqual({ status: '"away"' });
    expect(fail(User, { uid: "a", createdAt: 1, status: "sk_live 1234/secret" })).toEqual({
      status: "string",
    });
  });
});
