// Every route of the route table has exactly one handler; the type below fails to compile otherwise.
import type { RouteName } from "../../provider/api";
import { apiKeyHandlers } from "./apikeys";
import { groupHandlers } from "./groups";
import { managementHandlers } from "./management";
import { messageHandlers } from "./messages";
import { roleHandlers } from "./roles";
import { userHandlers } from "./users";

export const handlers = {
  ...userHandlers,
  ...groupHandlers,
  ...roleHandlers,
  ...apiKeyHandlers,
  ...messageHandlers,
  ...managementHandlers,
} as const satisfies { readonly [N in RouteName]: unknown };
