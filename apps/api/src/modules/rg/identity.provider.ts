/**
 * The identity check behind KYC (issue 15): what a Brazilian KYC bureau answers about a CPF. A real provider
 * (a bureau reading the Receita Federal's CPF registry and a PEP list) implements the same interface.
 */
export interface IdentityCheck {
  /** The CPF's standing at the Receita Federal: only 'regular' may hold an account. */
  cpfStatus: 'regular' | 'suspended' | 'cancelled' | 'deceased';
  /** Whether the name given matches the registry's name for the CPF. */
  nameMatch: boolean;
  /** Politically exposed person: the operator reviews before approving (enhanced due diligence). */
  pep: boolean;
}

export interface IdentityProvider {
  readonly name: string;
  check(input: { cpf: string; name: string; birthDate: string | null }): Promise<IdentityCheck>;
}

/**
 * The sandbox bureau: deterministic by the CPF's first digit, so tests and demos can pick an outcome with any
 * valid CPF. First digit 7: the name does not match; 8: the CPF is suspended; 9: a PEP. Anything else: a
 * regular CPF whose registry name is the one given, no PEP.
 */
export const sandboxIdentityProvider: IdentityProvider = {
  name: 'sandbox',
  async check({ cpf }) {
    const first = cpf[0];
    return {
      cpfStatus: first === '8' ? 'suspended' : 'regular',
      nameMatch: first !== '7',
      pep: first === '9',
    };
  },
};

/** Approved without an operator only when the bureau finds nothing to look at. */
export const isClean = (check: IdentityCheck): boolean =>
  check.cpfStatus === 'regular' && check.nameMatch && !check.pep;
