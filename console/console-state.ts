// The console's state for this tab (docs/sandbox.md "The console on a shared origin"): where requests go (the sandbox in
// the page, or a server's base URL), kept in sessionStorage so that a reload keeps it, and the one credential in use,
// kept in this page's memory only; announced to the page's parts on change.
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
    let saved: Partial<ConsoleState> | null = null;
    try {
      saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<ConsoleState> | null;
    } catch {
      // A value from an older page or edited by hand: start afresh rather than break the page.
    }
    if (saved) {
      this.#state = { ...this.#state, target: saved.target };
      // A login an older console stored: wiped, so it is not left where other pages of the origin can read it.
      if ('credential' in saved || 'account' in saved) this.#save();
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
    this.#save();
    for (const listener of this.#listeners) listener(this.#state);
  }

  /**
   * Stores the target alone. Never the credential: sessionStorage (and localStorage) is shared by every page of the
   * origin, and on a static host one origin serves many projects (`<account>.github.io/<project>/`), so another
   * project's page could read a stored login and use its access and refresh tokens. A reload asks for a login again.
   */
  #save(): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify({ target: this.#state.target }));
    } catch {
      // Storage full or refused: the state still holds for this page.
    }
  }
}
