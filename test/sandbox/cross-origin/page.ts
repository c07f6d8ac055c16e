// The app page of cross-origin.test.ts: the typed client, bundled as an app would bundle it, handed to the test.
import { ApiError, createApiClient, unwrap } from '../../../client/index.js';

const kit = { ApiError, createApiClient, unwrap };
export type Kit = typeof kit;

Object.assign(window, { kit });
document.body.dataset.state = 'ready';
