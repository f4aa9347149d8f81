// Booting an embedded database (WASM) and spawning the CLI take seconds on a 2-core machine.
jest.setTimeout(60_000);
