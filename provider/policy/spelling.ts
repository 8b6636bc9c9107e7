// How a rule's advice names an argument: as its author wrote it. A resource the environment file declares
// (a child of the Environment component) by the file's field (`url`, `basicAuth`), one a program declares by
// the SDK's argument (`webhookURL`, `useBasicAuth`), from the kind's own file entry (provider/engine/kind.ts).

import { fileEntryOf, type Kind } from "../engine/kind";
import { ENVIRONMENT_TYPE } from "../hosts/tokens";
import { kinds } from "../kinds/registry";

/** Whether a URN names a resource the environment file declares: its type chain holds the component's. */
export function declaredInFile(urn: string): boolean {
  const types = (urn.split("::")[2] ?? "").split("$");
  return types.slice(0, -1).includes(ENVIRONMENT_TYPE);
}

const fileOf = (kind: string) => {
  const k = (Object.values(kinds) as Kind[]).find((r) => r.name === kind);
  return k && fileEntryOf(k);
};

/** Where the environment file declares a kind's entries (`moderation.rules`); undefined for one it does not. */
export const fileSection = (kind: string): string | undefined => fileOf(kind)?.at.join(".");

/** The file's field of a kind's argument (a dotted path): renamed, flagged or a secret's own field. */
export function fileField(kind: string, arg: string): string {
  const file = fileOf(kind);
  if (!file) return arg;
  const secret = file.secretRefs?.[arg];
  if (secret !== undefined) return typeof secret === "string" ? secret : secret.field;
  const [head = "", ...rest] = arg.split(".");
  return [file.renames?.[head] ?? file.flags?.[head] ?? head, ...rest].join(".");
}

/** The name of `arg` of a `kind` resource as the resource at `urn` was written: file field or SDK argument. */
export const spelled = (kind: string, arg: string, urn: string): string =>
  declaredInFile(urn) ? fileField(kind, arg) : arg;
