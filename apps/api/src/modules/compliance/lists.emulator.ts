import { LIST_NAMES, type ListAnswer, type ListName, type ListsAdapter } from './lists.adapter.ts';

/** How the emulator answers for a CPF: on time, with an error, or after the caller gave up. */
export type EmulatedBehaviour = 'answer' | 'fail' | 'late';

/**
 * The lists' emulator, the default outside production (no COMPLIANCE_LISTS_URL): an in-memory register that tests
 * and developers control. It answers as the real one is described to: a yes/no per list; it can also fail or answer
 * late, per CPF, so the retry path is exercised like any other.
 */
class ListsEmulator implements ListsAdapter {
  readonly name = 'emulator';
  readonly #listed = new Map<string, Set<ListName>>();
  readonly #behaviour = new Map<string, EmulatedBehaviour>();
  /** How long a late answer takes; longer than any timeout the tests set. */
  lateMs = 1_000;
  /** Every CPF asked, in order (tests read it to see a check happened, or did not). */
  readonly asked: string[] = [];

  /** Puts the CPF on a list (or takes it off with `false`). */
  list(cpf: string, list: ListName, listed = true): void {
    const lists = this.#listed.get(cpf) ?? new Set<ListName>();
    if (listed) lists.add(list);
    else lists.delete(list);
    this.#listed.set(cpf, lists);
  }

  behave(cpf: string, behaviour: EmulatedBehaviour): void {
    this.#behaviour.set(cpf, behaviour);
  }

  reset(): void {
    this.#listed.clear();
    this.#behaviour.clear();
    this.asked.length = 0;
  }

  async check(cpf: string): Promise<ListAnswer[]> {
    this.asked.push(cpf);
    const behaviour = this.#behaviour.get(cpf) ?? 'answer';
    if (behaviour === 'fail') throw new Error('emulated register failure (HTTP 503)');
    if (behaviour === 'late') await new Promise((resolve) => setTimeout(resolve, this.lateMs).unref());
    const lists = this.#listed.get(cpf);
    return LIST_NAMES.map((list) => ({ list, listed: lists?.has(list) ?? false, reference: `EMU-${list}` }));
  }
}

/** The one emulator of the process: the service uses it when no endpoint is configured. */
export const listsEmulator = new ListsEmulator();
