// `npm run test:live` only (scripts/live.sh): the live cases against a real endpoint; never part of `npm test`.
const transform = { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", diagnostics: false }] };

/** @type {import('jest').Config} */
module.exports = {
  displayName: "live",
  rootDir: __dirname,
  testMatch: ["<rootDir>/test/live/**/*.test.ts"],
  testEnvironment: "node",
  transform,
};
