// The browser page of msw-browser.test.ts: starts MSW with sandboxHandlers and drives it with the typed client.
import { setupWorker } from 'msw/browser';
import { type StorageChoice, sandboxHandlers } from '../../../mocks/sandbox/hosts/msw.js';
import { logIn, rootScenarioTitles, runStory } from './story.js';

const storage = (new URLSearchParams(location.search).get('storage') ?? 'none') as StorageChoice;
const show = (id: string, value: unknown) => {
  const element = document.getElementById(id) as HTMLElement;
  element.textContent = JSON.stringify(value);
};

try {
  const worker = setupWorker(...sandboxHandlers({ baseUrl: '/api', storage }));
  await worker.start({ onUnhandledRequest: 'error', quiet: true });
  show('titles', await rootScenarioTitles(await logIn('/api')));
  (document.getElementById('run') as HTMLButtonElement).addEventListener('click', async () => {
    const title = (document.getElementById('title') as HTMLInputElement).value;
    try {
      show('result', await runStory(await logIn('/api'), title));
    } catch (error) {
      show('result', { error: String(error) });
    }
  });
  document.body.dataset.state = 'ready';
} catch (error) {
  show('titles', { error: String(error) });
  document.body.dataset.state = 'failed';
}
