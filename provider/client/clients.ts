// One client per connection in a process, so that everything acting on one app shares its request budget and
// its shared listings: the resources in the provider process, the lookups in a program.
import { ChatClient, type ClientOptions, ManagementClient } from ".";
import type { ChatConnection, ManagementConnection } from "./config";

const clients = new Map<string, ChatClient | ManagementClient>();

function cached<T extends ChatClient | ManagementClient>(key: string, make: () => T): T {
  let c = clients.get(key);
  if (!c) {
    c = make();
    clients.set(key, c);
  }
  return c as T;
}

export function chatClientFor(conn: ChatConnection, opts: ClientOptions = {}): ChatClient {
  return cached(`chat ${JSON.stringify(conn)}`, () => new ChatClient(conn, opts));
}

export function managementClientFor(conn: ManagementConnection, opts: ClientOptions = {}): ManagementClient {
  return cached(`mgmt ${JSON.stringify(conn)}`, () => new ManagementClient(conn, opts));
}
