// The console's state for this tab: where requests go (the sandbox in the page, or a server's base URL) and the one
// credential in use; kept in sessionStorage so that a reload keeps it, and announced to the page's parts on change.
import type { Credential } from './credentials.js';

export type Target = { kind: 'in-page'; baseUrl: string } | { kind: 'server'; baseUrl: string };

export interface ConsoleState {
  target: Target | undefined;
  credential: Credential | undefined;
  /** The account the credential was obtained for (the login's username), when known; for display only. */
  account: string | undefined;
}

const KEY = 'task-console';

export class ConsoleStore {
  #state: ConsoleState = { target: undefined, credential: undefined, account: undefined };
  #listeners: ((state: ConsoleState) => void)[] = [];

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
    try {
      const saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<ConsoleState> | null;
      if (saved) this.#state = { target: saved.target, credential: saved.credential, account: saved.account };
    } catch {
      // A value from an older page or edited by hand: start afresh rather than break the page.
    }
  }

  get state(): ConsoleState {
    return this.#state;
  }

  onChange(listener: (state: ConsoleState) => void): void {
    this.#listeners.push(listener);
  }

  /** Switches the target. A credential belongs to the server that issued it, so it is forgotten with the old target. */
  setTarget(target: Target): boolean {
    const same = this.#state.target?.kind === target.kind && this.#state.target.baseUrl === target.baseUrl;
    const forgot = !same && this.#state.credential !== undefined;
    this.#update(same ? { target } : { target, credential: undefined, account: undefined });
    return forgot;
  }

  /** Puts `credential` in place of any other: the console never sends two kinds at once. */
  setCredential(credential: Credential | undefined, account?: string): void {
    this.#update({ credential, account: credential ? account : undefined });
  }

  #update(change: Partial<ConsoleState>): void {
    this.#state = { ...this.#state, ...change };
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.#state));
    } catch {
      // Storage full or refused: the state still holds for this page.
    }
    for (const listener of this.#listeners) listener(this.#state);
  }
}
