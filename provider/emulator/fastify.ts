// fastify is an optional peer dependency of the package (decision 0070): only the emulator's server needs it,
// so it is loaded when an emulator starts, and its absence is one line saying what to install.
import type FastifyModule from "fastify";

export class MissingEmulatorDependencyError extends Error {
  override name = "MissingEmulatorDependencyError";
}

/** fastify's factory, from the program's installation. */
export function loadFastify(): typeof FastifyModule {
  try {
    return (require("fastify") as { default: typeof FastifyModule }).default;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code !== "MODULE_NOT_FOUND" || !err.message?.includes("'fastify'")) throw e;
    const range = (require("pulumi-chat/package.json") as { peerDependencies: Record<string, string> })
      .peerDependencies.fastify;
    throw new MissingEmulatorDependencyError(
      `the chat emulator needs fastify, an optional peer dependency of pulumi-chat: npm install --save-dev "fastify@${range}"`,
    );
  }
}
