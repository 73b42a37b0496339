import { configure } from '@testing-library/react';

// Routes load lazily; on a loaded 2-core machine a first render can take over the default 1 s.
// npm test runs these tests behind the others, at low priority, and waits longer (DOM_WAIT_MS).
configure({ asyncUtilTimeout: Number(process.env.DOM_WAIT_MS ?? 5000) });

// No server answers the DOM tests: analytics beacons are accepted and go nowhere (happy-dom would
// send them to localhost and report the refused connection as an unhandled rejection).
Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true });
