// Compile-time checks that call types come from the route table: each `@ts-expect-error` below fails
// `tsc -p tsconfig.test.json` if the line it marks starts to compile. At run time nothing is sent.

import {
  type ChatClient,
  type ManagementClient,
  type PageItemOf,
  resetBudgets,
} from "../../../provider/client";
import type { Routes, User } from "../../../provider/contract";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_: T) => undefined;

function typeChecks(chat: ChatClient, mgmt: ManagementClient) {
  // Params, body, onBehalfOf and responses follow the route.
  void chat.call("getUser", { params: { uid: "u" } }).then((r) => r.data.uid.toUpperCase());
  void chat.call("listUsers");
  void chat
    .call("removeReaction", { params: { id: "1", reaction: "x" }, onBehalfOf: "u" })
    .then((r) => r.data.reactions);
  void mgmt.call("getWebhook", { params: { appId: "a", webhookId: "w" } }).then((r) => r.data.webhookURL);
  assertType<Equal<PageItemOf<Routes["listUsers"]>, User>>(true);

  // @ts-expect-error a missing path parameter
  void chat.call("getUser", { params: {} });
  // @ts-expect-error a path parameter of another route
  void chat.call("getUser", { params: { guid: "g" } });
  // @ts-expect-error the required body is missing
  void chat.call("createUser", {});
  // @ts-expect-error a body field of the wrong type
  void chat.call("createUser", { body: { uid: "u", name: 1 } });
  // @ts-expect-error onBehalfOf is required on removeReaction
  void chat.call("removeReaction", { params: { id: "1", reaction: "x" } });
  // @ts-expect-error a management route on the chat client
  void chat.call("listApps");
  // @ts-expect-error getUser is not a page-based list
  void chat.paginate("getUser", { params: { uid: "u" } });
  // @ts-expect-error listMessages is cursor-based, not page-based
  void chat.paginate("listMessages");
  // @ts-expect-error onBehalfOf is a chat header
  void mgmt.call("listApps", { onBehalfOf: "u" });
}

afterAll(() => resetBudgets());

it("keeps the compile-time checks above in the type-checked build", () => {
  expect(typeof typeChecks).toBe("function");
});
