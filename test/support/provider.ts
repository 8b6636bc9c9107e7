// The generic provider of one kind, as the engine's provider process runs it.
import { CrudProvider, type KindName, kinds } from "../../provider/kinds";

export const providerOf = (kind: KindName) => new CrudProvider(kinds[kind] as never);
