/**
 * The government's lists of people barred from fixed-odds betting, as SIGAP's "módulo de impedidos" answers for a
 * CPF (Portaria SPA/MF 1.231/2024 as amended by 2.217/2025, IN SPA/MF 22/2025; decision 0051). No API document is
 * public: this interface is what the ordinance describes (one question per CPF, a yes/no per list), and the HTTP
 * adapter below speaks a JSON of our own naming until Serpro's contract is in hand.
 */
export type ListName = 'social_programs' | 'self_exclusion';

/** Bolsa Família/BPC beneficiaries (IN SPA/MF 22/2025) and the central self-exclusion register. */
export const LIST_NAMES: readonly ListName[] = ['social_programs', 'self_exclusion'];

export interface ListAnswer {
  list: ListName;
  listed: boolean;
  /** The register's own reference for the answer, when it gives one (kept for the operator and the SPA). */
  reference?: string;
}

export interface ListsAdapter {
  readonly name: string;
  /** Asks every list about one CPF (11 digits). Rejects when the register fails; may answer after `signal` aborts. */
  check(cpf: string, signal: AbortSignal): Promise<ListAnswer[]>;
}

/** COMPLIANCE_LISTS_URL: POST {cpf} with a bearer token, answer `{ lists: [{ list, listed, reference? }] }`. */
export function httpListsAdapter(url: string, token: string): ListsAdapter {
  return {
    name: 'sigap-http',
    async check(cpf, signal) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ cpf }),
        signal,
      });
      if (!response.ok) throw new Error(`lists endpoint answered ${response.status}`);
      return parseListsAnswer(await response.json());
    },
  };
}

/** The endpoint's answer, checked: every list we ask about must be answered, or the check failed. */
export function parseListsAnswer(body: unknown): ListAnswer[] {
  const lists = (body as { lists?: unknown } | null)?.lists;
  if (!Array.isArray(lists)) throw new Error('lists endpoint answer has no lists');
  const answers = LIST_NAMES.map((name) => {
    const found = lists.find((entry) => (entry as { list?: unknown })?.list === name) as
      | { listed?: unknown; reference?: unknown }
      | undefined;
    if (!found || typeof found.listed !== 'boolean') throw new Error(`lists endpoint did not answer ${name}`);
    return {
      list: name,
      listed: found.listed,
      ...(typeof found.reference === 'string' ? { reference: found.reference.slice(0, 120) } : {}),
    };
  });
  return answers;
}
