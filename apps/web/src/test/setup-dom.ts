import { configure } from '@testing-library/react';

// Routes load lazily; on a loaded 2-core machine a first render can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });
