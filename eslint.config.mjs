// The repository's lint, one ESLint process for every package (`npm run lint`): the packages'
// TypeScript programs share one project service, so the files they import (the contracts, the
// type declarations of their dependencies) are read once instead of once per package, about a
// third less CPU than a run per package. Each package's own eslint.config.mjs re-exports the same
// base for a run inside it.
import base from './packages/tooling/eslint/base.mjs';

export default [
  ...base,
  // The tooling and the load tests' scripts are command-line code: they talk to a terminal.
  { files: ['packages/tooling/**', 'load-tests/cpu/**'], rules: { 'no-console': 'off' } },
  // k6 scripts run in k6's JavaScript runtime, with its globals.
  {
    files: ['load-tests/k6/**'],
    languageOptions: {
      globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' },
    },
  },
];
