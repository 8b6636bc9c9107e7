// Where a chat resource lives: the app and region of the connection it was created with. The connection is
// resolved once (explicit `connection`, else stack config, else environment), recorded in the outputs (a
// secret) and compared as resolved, so a change of chat:appId shows as a move, and refresh and destroy act
// on the app in state (bug class 10, docs/bug-classes.md, docs/decisions/0030-recorded-location.md).
import { AuthenticationError, ConnectionError } from "../client";
import { ChatConnection, configuredChatConnection } from "../client/config";
import { canonical, isUnknown, unknownPaths } from "./normalize";

/** The configured connection, or undefined when config and environment name none (or a bad one). */
function configured(): ChatConnection | undefined {
  try {
    const c = configuredChatConnection();
    // Without the settings that are not set: outputs cannot hold undefined values.
    return c && (Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as ChatConnection);
  } catch {
    return undefined; // a bad setting: the client reports it, naming the setting, when it is used
  }
}

/**
 * The connection the client uses: an explicit one (parsed: region defaulted), else the configured one.
 * Values unknown during preview pass through as they are.
 */
export function resolvedConnection(explicit: unknown): unknown {
  if (explicit === undefined || explicit === null) return configured();
  if (unknownPaths(explicit).length > 0) return explicit;
  const r = ChatConnection.safeParse(explicit);
  return r.success ? r.data : explicit;
}

/** True when `next` names another app or region than `recorded`: the resource would be a new object. */
export function moved(recorded: unknown, next: unknown): boolean {
  if (recorded === undefined || next === undefined) return false; // nothing to compare: not a move
  const place = (c: unknown) => {
    if (isUnknown(c)) return [c];
    const o = c as { appId?: unknown; region?: unknown };
    return [o.appId, o.region ?? "us"];
  };
  const [a, b] = [place(recorded), place(next)];
  return unknownPaths(b).length > 0 || canonical(a) !== canonical(b);
}

/** The app a connection names (for identity collisions), or null. */
export function appOf(c: unknown): unknown {
  return c !== null && typeof c === "object" ? ((c as { appId?: unknown }).appId ?? null) : null;
}

/**
 * After the recorded connection failed to authenticate or connect: the configured connection, when it names
 * the same app and region but differs (a rotated key, a moved emulator). Otherwise undefined.
 */
export function configuredFallback(recorded: unknown, e: unknown): ChatConnection | undefined {
  if (!AuthenticationError.isInstance(e) && !ConnectionError.isInstance(e)) return undefined;
  const c = configured();
  const r = resolvedConnection(recorded) as Partial<ChatConnection> | undefined;
  if (!c || !r || c.appId !== r.appId || c.region !== r.region) return undefined;
  return canonical(c) === canonical(r) ? undefined : c;
}
