/** @jest-config-loader ts-node */
/** @jest-config-loader-options {"transpileOnly": true} */
import type { Config } from 'jest';

// One transform for every project: SWC with decorator metadata, so Nest DI and
// class-validator work exactly as in the compiled app.
const transform: Config['transform'] = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};

// Swagger UI is served by @fastify/static, which requires content-disposition 2: an ES module,
// which Node 20 loads with require() but Jest does not. SWC turns it into CommonJS for the e2e tests.
// oauth4webapi (the vendor adapters' OAuth client) and @garmin/fitsdk (FIT files) are ES-module-only too: every project transforms them.
const esmPackages = ['content-disposition', 'oauth4webapi', '@garmin/fitsdk'];
const e2eTransform: Config['transform'] = {
  ...transform,
  [`/node_modules/(${esmPackages.join('|')})/.+\\.js$`]: ['@swc/jest', { module: { type: 'commonjs' } }],
};

const moduleNameMapper = {
  '^@strive/domain$': '<rootDir>/libs/domain/src/index.ts',
  '^@strive/domain/testing$': '<rootDir>/libs/domain/testing/index.ts',
  '^@strive/providers$': '<rootDir>/libs/providers/src/index.ts',
  '^@strive/providers/sandbox$': '<rootDir>/libs/providers/sandbox/index.ts',
  '^@strive/client$': '<rootDir>/clients/typescript/src/index.ts',
};

const config: Config = {
  collectCoverageFrom: ['<rootDir>/libs/domain/src/**/*.ts', '!<rootDir>/libs/domain/src/**/index.ts'],
  coverageThreshold: { global: { lines: 95, branches: 95 } },
  coverageReporters: ['text-summary', 'text'],
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/libs/**/*.spec.ts'],
      transform: e2eTransform,
      transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
      moduleNameMapper,
    },
    {
      // Contract suites of the ports with hand-written SQL: in-memory twin and TypeORM adapter
      // (PGlite, and PostgreSQL with DATABASE_URL) pass the same tests.
      displayName: 'medium',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/apps/api/test/medium/**/*.medium-spec.ts'],
      transform: e2eTransform,
      transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
      moduleNameMapper,
      globalSetup: '<rootDir>/apps/api/test/medium/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/apps/api/test/support/setup-timeout.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/apps/**/*.spec.ts', '<rootDir>/apps/**/*.e2e-spec.ts', '<rootDir>/clients/**/*.spec.ts'],
      transform: e2eTransform,
      transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
      moduleNameMapper,
      globalSetup: '<rootDir>/apps/api/test/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/apps/api/test/support/setup-timeout.ts'],
    },
  ],
};

export default config;
