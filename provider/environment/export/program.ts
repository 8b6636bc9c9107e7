// The Pulumi project `chat-export --project <dir> --language <lang>` writes beside the exported file: a program
// in that language declaring the Environment component over it (the TypeScript component, or the one the
// `chat` plugin constructs for the other languages), so the exported app is a project in the team's language.
import { packageSchema } from "../../hosts/plugin/schema";
import { pluginVersion } from "../../hosts/plugin/version";
import { ENVIRONMENT_TYPE } from "../../hosts/tokens";

export const LANGUAGES = ["yaml", "typescript", "python", "go"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The environment file's name in the project. */
export const ENVIRONMENT_FILE = "chat-environment.yaml";

/** The Go module path of the SDK, as the plugin's schema gives it to the generator. */
function goSdkPath(): string {
  const go = (packageSchema().language as { go?: { importBasePath?: string } }).go;
  if (!go?.importBasePath) throw new Error("the plugin's schema names no Go import path");
  return go.importBasePath;
}

/** The Pulumi Go SDK the program's go.mod requires: the one the chat SDK is generated against. */
function pulumiGoVersion(): string {
  const version = (require("@pulumi/pulumi/package.json") as { version: string }).version;
  return `v${version}`;
}

export interface ProgramOptions {
  /** Go: a local folder holding the chat Go SDK (a clone's sdk/go/chat), written as a replace in go.mod. */
  goSdk?: string;
}

/** The project's files (relative name → text) for a project called `name`. */
export function programFiles(
  language: Language,
  name: string,
  options: ProgramOptions = {},
): Record<string, string> {
  const header = (runtime: string, extra = "") =>
    `name: ${name}\nruntime: ${runtime}\ndescription: The chat environment exported by chat-export.\n${extra}`;
  switch (language) {
    case "yaml":
      return {
        "Pulumi.yaml": header(
          "yaml",
          `resources:\n  environment:\n    type: ${ENVIRONMENT_TYPE}\n    properties:\n      file: ${ENVIRONMENT_FILE}\n` +
            // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's own interpolation, written as is.
            "outputs:\n  appId: ${environment.appId}\n",
        ),
      };
    case "typescript":
      return {
        "Pulumi.yaml": header("nodejs"),
        "index.ts": [
          'import * as chat from "pulumi-chat";',
          "",
          `const environment = new chat.Environment("environment", { file: "${ENVIRONMENT_FILE}" });`,
          "export const appId = environment.appId;",
          "",
        ].join("\n"),
        "package.json": `${JSON.stringify(
          {
            name,
            private: true,
            main: "index.ts",
            dependencies: { "@pulumi/pulumi": "^3", "@pulumi/random": "^4", "pulumi-chat": "*" },
          },
          null,
          2,
        )}\n`,
      };
    case "python":
      return {
        "Pulumi.yaml": header("python"),
        "__main__.py": [
          "import pulumi",
          "import pulumi_chat as chat",
          "",
          `environment = chat.Environment("environment", file="${ENVIRONMENT_FILE}")`,
          'pulumi.export("appId", environment.app_id)',
          "",
        ].join("\n"),
        // The chat SDK is published as `pulumi-chat`, at the plugin's version (decision 0126).
        "requirements.txt": `pulumi>=3.0.0,<4.0.0\npulumi-chat==${pluginVersion()}\n`,
      };
    case "go": {
      const sdk = goSdkPath();
      return {
        "Pulumi.yaml": header("go"),
        "main.go": [
          "package main",
          "",
          "import (",
          '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
          `\tchat "${sdk}"`,
          ")",
          "",
          "func main() {",
          "\tpulumi.Run(func(ctx *pulumi.Context) error {",
          `\t\tenvironment, err := chat.NewEnvironment(ctx, "environment", &chat.EnvironmentArgs{`,
          `\t\t\tFile: pulumi.StringPtr("${ENVIRONMENT_FILE}"),`,
          "\t\t})",
          "\t\tif err != nil {",
          "\t\t\treturn err",
          "\t\t}",
          '\t\tctx.Export("appId", environment.AppId)',
          "\t\treturn nil",
          "\t})",
          "}",
          "",
        ].join("\n"),
        "go.mod": [
          `module ${name}`,
          "",
          "go 1.25",
          "",
          "require (",
          // The chat SDK is a module of its own (sdk/go/chat of the repository), versioned as the plugin.
          `\t${sdk} v${pluginVersion()}`,
          `\tgithub.com/pulumi/pulumi/sdk/v3 ${pulumiGoVersion()}`,
          ")",
          ...(options.goSdk ? ["", `replace ${sdk} => ${options.goSdk}`] : []),
          "",
        ].join("\n"),
      };
    }
  }
}
