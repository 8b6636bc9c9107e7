// The shape of one route of the route table. Each kind's file declares its routes with `route(...)`; the
// client builds requests from them, the emulator registers its handlers on them (octokit's route table).
import type { z } from "zod";

export type Api = "chat" | "management";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteSpec {
  readonly api: Api;
  readonly method: Method;
  /** Relative to the chat base (…/v3) or the management base; `:name` marks a path parameter. */
  readonly path: string;
  readonly body?: z.ZodType;
  /**
   * The body schema for given path parameters, when one route serves several shapes (the settings of each
   * extension share one route): validates instead of `body`; undefined falls back to `body`.
   */
  readonly bodyOf?: (params: Readonly<Record<string, string>>) => z.ZodType | undefined;
  /** How the body travels: JSON (default) or multipart/form-data (the body schema sees the decoded fields). */
  readonly encoding?: "json" | "multipart";
  readonly query?: z.ZodType;
  readonly response: z.ZodType;
  /** An authOnly key may call it (creating users and auth tokens); every other chat route needs fullAccess. */
  readonly authOnly?: boolean;
  /** Whether the `onBehalfOf` header is required on this route. */
  readonly onBehalfOf?: "required";
  /** The route takes the optional `X-Webhook-Version` header (absent: the legacy webhook system). */
  readonly webhookVersion?: "optional";
}

export const route = <const R extends RouteSpec>(r: R): R => r;

/** The schema a request body is validated with: the per-parameter one where the route has it. */
export function bodySchemaOf(
  spec: RouteSpec,
  params: Readonly<Record<string, string>>,
): z.ZodType | undefined {
  return spec.bodyOf?.(params) ?? spec.body;
}

/** The path parameter names of a path such as "/groups/:guid/members/:uid". */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ResponseOf<R extends RouteSpec> = z.output<R["response"]>;

/** Fills `:name` placeholders, encoding each value. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(v);
  });
}
