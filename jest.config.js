// Three layers, each runnable alone: `npm run test:unit`, `test:integration`, `test:e2e`.
// ts-jest only transpiles (types are checked once by `npm run typecheck`), which keeps runs fast on 2 cores.
const transform = { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", diagnostics: false }] };
const layer = (name) => ({
  displayName: name,
  testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
  testEnvironment: "node",
  transform,
  // The package's subpath the recorded `__provider` loads by name (package.json "exports"), to its source.
  moduleNameMapper: { "^pulumi-chat/provider$": "<rootDir>/provider/hosts/dynamic/index.ts" },
  // Per-layer time limits (jest's testTimeout is global only).
  setupFilesAfterEnv: [`<rootDir>/test/support/timeout-${name}.ts`],
});

/** @type {import('jest').Config} */
module.exports = {
  // Two workers on the two cores: an e2e file spends much of its time waiting on the engine's processes and
  // the emulator, so two files at once take about a third off the whole run (decision 0133).
  maxWorkers: 2,
  projects: [layer("unit"), layer("integration"), layer("e2e")],
};
