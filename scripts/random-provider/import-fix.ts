// `pulumi import` sends a ReadRequest without properties, and @pulumi/pulumi's provider server (3.259) calls
// toJavaScript() on them unguarded, so an import never reached read(). An absent struct now reads as empty.
import { ReadRequest } from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

export function readEmptyPropertiesOnImport(): void {
  const getProperties = ReadRequest.prototype.getProperties;
  ReadRequest.prototype.getProperties = function (this: ReadRequest): Struct {
    return getProperties.call(this) ?? new Struct();
  };
}
