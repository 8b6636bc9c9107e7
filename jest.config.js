// Three layers, each runnable alone: `npm run test:unit`, `test:integration`, `test:e2e`.
// ts-jest only transpiles (types are checked once by `npm run typecheck`), which keeps runs fast on 2 cores.
const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", isolatedModules: true, diagnostics: false }],
};
const layer = (name, timeout) => ({
  displayName: name,
  testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
  testEnvironment: "node",
  transform,
  testTimeout: timeout,
});

/** @type {import('jest').Config} */
module.exports = {
  projects: [layer("unit", 10_000), layer("integration", 30_000), layer("e2e", 600_000)],
};
