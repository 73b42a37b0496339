import base from './eslint/base.mjs';

// The tooling is command-line code: it talks to a terminal.
export default [...base, { rules: { 'no-console': 'off' } }];
