// The route table's module (provider/contract/generated/route-table.ts): one route per operation of the
// document, its facts (routes.ts) joined with its schemas (schemas.ts). Where the document says that a path
// parameter picks the body's schema (`x-body-of: <parameter>` on the request body), the route takes the
// contract's chooser for that operation (provider/contract/body-of.ts): the per-value schemas are not in
// the document (decision 0128).

/** One operation as the route table sees it. */
export interface TableEntry {
  readonly name: string;
  /** The path parameter whose value picks the body's schema (`x-body-of`). */
  readonly bodyOf?: string;
}

export function routeTableModule(header: string, entries: readonly TableEntry[]): string {
  const lines = entries.map(({ name, bodyOf }) => {
    const facts = `...OPERATIONS.${name}, ...S.${name}`;
    if (bodyOf)
      return (
        `  ${name}: route({\n    ...OPERATIONS.${name},\n    ...S.${name},\n` +
        `    bodyOf: (p) => BODY_OF.${name}(p.${bodyOf} ?? ""),\n  }),`
      );
    const one = `  ${name}: route({ ${facts} }),`;
    return one.length <= 110
      ? one
      : `  ${name}: route({\n    ...OPERATIONS.${name},\n    ...S.${name},\n  }),`;
  });
  const imports = [
    ...(entries.some((e) => e.bodyOf) ? ['import { BODY_OF } from "../body-of";'] : []),
    'import { route } from "../route";',
    'import { OPERATIONS } from "./routes";',
    'import { ROUTE_SCHEMAS as S } from "./schemas";',
  ];
  return (
    header +
    "// The route table: every operation of the chat API v3 and the management API this project uses.\n" +
    `${imports.join("\n")}\n\n` +
    `export const routes = {\n${lines.join("\n")}\n} as const;\n` +
    "export type Routes = typeof routes;\n" +
    "export type RouteName = keyof Routes;\n"
  );
}
