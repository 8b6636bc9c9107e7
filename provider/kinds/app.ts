// App (management API, docs/service/management-api.md). Create and delete only: the API has no update, so name, region and
// version force replacement. Delete is scheduled by the service (archived, removed after 30 days).
// Outputs the app's fullAccess key (secret) and a ready `connection` for chat resources.
import { z } from "zod";
import { ChatConnection, chatAddressing } from "../client/config";
import { type App as ApiApp, AppApiKey, AppCreate, AppListQuery, described, LIMITS } from "../contract";
import { declare } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind, type Progress } from "../engine/kind";
import { collect, sortedById } from "../engine/util";

export const AppArgs = AppCreate;
export type AppArgs = z.output<typeof AppArgs>;

/** What the service computes beside the arguments. */
export const AppOutputs = z.object({
  appId: z.string().describe("The app id (same as the resource id)."),
  plan: z.string().optional().describe("The app's plan, as the service names it."),
  // Secret as the document marks an app's keys; the connection, as it holds one.
  apiKey: described(
    AppApiKey.shape.apiKey,
    'The app\'s fullAccess "Rest API Key" (secret). Not known for an adopted app (listing apps does not return keys).',
  ),
  authKey: described(AppApiKey.shape.apiKey, 'The app\'s authOnly "Auth Key" (secret).'),
  connection: ChatConnection.describe(
    "Ready credentials for chat resources of this app (secret): pass as their `connection`.",
  ),
  ...createdAt,
});

function state(app: ApiApp): Args {
  const keys = Object.values(app.apiKeys ?? {});
  const full = keys.find((k) => k.scope === "fullAccess");
  const auth = keys.find((k) => k.scope === "authOnly");
  return {
    appId: app.id,
    createdAt: app.createdAt,
    plan: app.plan,
    apiKey: full?.apiKey,
    authKey: auth?.apiKey,
    connection: { appId: app.id, region: app.region, apiKey: full?.apiKey, ...chatAddressing() },
  };
}

/** What a listing of apps may be narrowed by (App.list's scope): an id or name prefix. */
export const AppListScope = z.strictObject({
  searchKey: AppListQuery.shape.searchKey.describe("Only those whose id or name starts with this text."),
});

/** The apps in `scope` the management credentials see, archived ones left out (read says they are gone). */
async function apps(ctx: Ctx, scope: Args, progress?: Progress): Promise<ApiApp[]> {
  const query = { perPage: LIMITS.perPageMax, ...AppListScope.parse(scope) };
  const all = await collect(ctx.management().paginate("listApps", { query }), LIMITS.perPageMax, progress);
  return all.filter((a) => a.state !== "archived");
}

/**
 * An app as read returns it (the one mapping: read and list). Listing apps may not return their keys, nor
 * does anything return `skipSampleData`: `prior`'s are kept.
 */
function asRead(found: ApiApp, prior: Args) {
  const args: Args = { name: found.name, region: found.region, version: found.version ?? prior.version };
  if (prior.skipSampleData !== undefined) args.skipSampleData = prior.skipSampleData;
  const s = state(found);
  return {
    args: args as AppArgs,
    state: {
      ...s,
      apiKey: s.apiKey ?? prior.apiKey,
      authKey: s.authKey ?? prior.authKey,
      connection: prior.connection ?? s.connection,
    },
  };
}

const named = async (ctx: Ctx, name: string) =>
  (await apps(ctx, { searchKey: name })).filter((x) => x.name === name);

export const app: Kind<AppArgs> = {
  name: "App",
  doc: "A chat app, created through the management API. Delete is scheduled by the service (30-day archive). Id: the app id.",
  ...declare(AppArgs, AppOutputs, {
    name: { doc: "App name. Changing it replaces the app (there is no update API).", replace: true },
    region: { doc: "Region. Changing it replaces the app.", replace: true },
    version: { doc: "API version of the app. Changing it replaces the app.", replace: true },
    skipSampleData: {
      doc: "Create the app without sample users and groups. Changing it replaces the app.",
      default: false,
      replace: true,
    },
  }),
  api: "management",
  file: { omitted: "the file's `app` section creates or names the one app", app: { child: "app" } },

  async create(ctx, a) {
    // A lost answer is settled by the client (recovery table: the app found by listing has no keys, so it is
    // deleted and made again).
    const r = await ctx.management().call("createApp", { body: a });
    return { id: r.data.id, state: state(r.data) };
  },
  async read(ctx, id, prior) {
    const found = (await apps(ctx, { searchKey: id })).find((a) => a.id === id);
    return found && asRead(found, prior);
  },
  listScope: AppListScope,
  async list(ctx, scope, progress) {
    return sortedById((await apps(ctx, scope, progress)).map((a) => ({ id: a.id, ...asRead(a, {}) })));
  },
  async update() {
    throw new Error("apps cannot be updated in place (every argument forces replacement)");
  },
  async delete(ctx, id) {
    await ctx.management().call("deleteApp", { params: { appId: id } });
  },
  async made(ctx, a) {
    // Listing never shows an app's keys, so an app a killed run made cannot be taken into state: it goes.
    return (await named(ctx, a.name)).map((x) => ({
      id: x.id,
      createdAt: x.createdAt,
      prior: {},
      usable: false,
    }));
  },
  async find(ctx, a) {
    const matches = await named(ctx, a.name);
    if (matches.length > 1)
      throw new Error(`adopt: ${matches.length} apps are named "${a.name}"; names must be unique to adopt`);
    const m = matches[0];
    return m ? { id: m.id, args: { ...a, name: m.name, region: m.region } } : undefined;
  },
};
