import { afterAll } from 'vitest';
import { closeFileResources } from './harness.js';

// The files of a worker share one process (isolate: false): what a file opened through the
// harness is closed when its tests are done, so databases and their connections do not pile up.
afterAll(closeFileResources);
