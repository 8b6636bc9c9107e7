// A resource's description as the registry shows it (issue 32 item 3): what it is (the kind's doc), what a
// change does, an example in each language ({{% examples %}} blocks, the form Pulumi's docs generator reads)
// and how to import an existing object (the id form, from the kind's identity).
import type { Kind } from "../../engine/kind";
import { PLUGIN_TYPE_PREFIX } from "../tokens";
import { type Example, exampleProgram, LANGUAGES, type Lookup, type Prop } from "./example-code";
import { EXAMPLES } from "./examples";

const code = (list: readonly string[]) => list.map((k) => `\`${k}\``).join(", ");

/** The id `pulumi import` takes: its parts, else the one argument that names the object, else the doc's word. */
export function idForm(kind: Kind): string {
  if (kind.idParts?.length) return kind.idParts.map((p) => `<${p}>`).join("/");
  if (kind.identity?.length === 1) return `<${kind.identity[0]}>`;
  const said = /Id: (.*?)(?:\. |\.?$)/.exec(kind.doc)?.[1];
  // A quoted form is the id itself ("notification-settings", "<uid>/<hash of the token>", `<file>#<entity>`).
  const quoted = said && /^(["`])(.*)\1$/.exec(said)?.[2];
  if (quoted) return quoted;
  // Else the doc's words up to a clause that explains them ("a hash of the key; the key itself is …").
  const words = said
    ?.split(/;|,| \(/)[0]
    ?.replace(/^the /, "")
    .replaceAll("`", "");
  return words ? `<${words}>` : "<id>";
}

function changes(kind: Kind): string {
  const replaced = kind.replaceOn;
  const secrets = kind.secrets ?? [];
  const lines = [
    replaced.length
      ? `Changing ${code(replaced)} replaces the object${kind.identity?.some((k) => replaced.includes(k)) ? " (the old one is deleted first when the new one takes its name)" : ""}; any other change updates it in place.`
      : "Every change updates the object in place.",
  ];
  if (secrets.length)
    lines.push(`${code(secrets)} ${secrets.length > 1 ? "are" : "is"} kept secret in the state and outputs.`);
  return lines.join(" ");
}

export function exampleOf(name: string): Example | undefined {
  return EXAMPLES[name];
}

/** The example of `name` (a kind's, unless given) in every language, as the registry's examples block. */
export function examplesBlock(
  name: string,
  inputs: Record<string, Prop>,
  lookup: Lookup,
  ex: Example | undefined = exampleOf(name),
): string {
  if (!ex) return "";
  const blocks = LANGUAGES.map((l) => `\`\`\`${l}\n${exampleProgram(name, ex, inputs, lookup, l)}\`\`\``);
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${/^[AEIOU]/.test(name) ? "An" : "A"} ${name}`,
    "",
    ...blocks.flatMap((b) => [b, ""]),
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}

/** The resource's whole description. */
export function resourceDescription(
  name: string,
  kind: Kind,
  inputs: Record<string, Prop>,
  lookup: Lookup,
): string {
  return [
    kind.doc,
    "",
    changes(kind),
    "",
    examplesBlock(name, inputs, lookup),
    "",
    "## Import",
    "",
    `An existing ${name} is adopted by its id, \`${idForm(kind)}\`:`,
    "",
    "```sh",
    `$ pulumi import ${PLUGIN_TYPE_PREFIX}${name} ${exampleOf(name)?.name ?? "example"} '${idForm(kind)}'`,
    "```",
    "",
  ].join("\n");
}
