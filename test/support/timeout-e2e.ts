// The real engine: an up of a dozen resources takes seconds, a cold language host longer.
jest.setTimeout(10 * 60_000);
