import type { AppContext } from '../../app-context.ts';

/**
 * The identity check behind KYC (issue 15, issue 29, decision 0065): what the federal records say about the CPF,
 * the name and the birth date given, and how the player's selfie compares with the official biometric base (with
 * liveness). modules/identity implements it with Serpro's Datavalid (adapter + emulator of the same protocol).
 */
export interface FaceCheck {
  /** Whether the official base holds a face for the CPF (the CNH portrait); without it nothing can be compared. */
  available: boolean;
  /** The liveness verdict on the selfie: a live person in front of the camera (null: not answered). */
  live: boolean | null;
  /** 0..1, the provider's similarity between the selfie and the face on record (null: not answered). */
  similarity: number | null;
  /** The provider's band, as it words it (e.g. "Alta probabilidade"). */
  probability: string | null;
}

export interface IdentityCheck {
  provider: string;
  /** The CPF's standing at the Receita Federal: only 'regular' may hold an account; 'not_found': no such CPF. */
  cpfStatus: 'regular' | 'irregular' | 'not_found' | 'unknown';
  /** Whether the name given matches the registry's name for the CPF, and the provider's similarity (0..1). */
  nameMatch: boolean;
  nameSimilarity: number | null;
  /** Whether the birth date given is the registry's (null: none was given). */
  birthMatch: boolean | null;
  /** The selfie's comparison; null when no selfie was sent. */
  face: FaceCheck | null;
  /** Set when the provider could not answer: the KYC then waits for the operator. */
  error?: 'timeout' | 'unavailable' | 'refused' | 'not_configured';
}

export interface IdentityInput {
  cpf: string;
  name: string;
  birthDate: string | null;
  /** The selfie as JPEG bytes, with liveness asked; absent: the biographic check only. */
  selfie?: Uint8Array;
}

export interface IdentityProvider {
  readonly name: string;
  check(input: IdentityInput): Promise<IdentityCheck>;
}

/** The answer recorded when the provider could not be asked or did not answer. */
export const unanswered = (provider: string, error: NonNullable<IdentityCheck['error']>): IdentityCheck => ({
  provider,
  cpfStatus: 'unknown',
  nameMatch: false,
  nameSimilarity: null,
  birthMatch: null,
  face: null,
  error,
});

/**
 * Approved without an operator only when the provider finds nothing to look at: a regular CPF, the name and the
 * birth date of the registry and, when a selfie is required, a live selfie of the CPF's face at or above the
 * similarity threshold.
 */
export function isClean(
  check: IdentityCheck,
  options: { faceRequired: boolean; minSimilarity: number },
): boolean {
  if (check.error || check.cpfStatus !== 'regular' || !check.nameMatch || check.birthMatch === false)
    return false;
  if (!options.faceRequired) return true;
  const face = check.face;
  return Boolean(
    face?.available &&
      face.live === true &&
      face.similarity !== null &&
      face.similarity >= options.minSimilarity,
  );
}

/** The reviewer's flags for a check (the operator's KYC queue). */
export function flagsOf(check: Partial<IdentityCheck> | null, minSimilarity = 0.85): string[] {
  if (!check) return [];
  const flags: string[] = [];
  if (check.error) flags.push('provider_unavailable');
  else if (check.cpfStatus && check.cpfStatus !== 'regular') flags.push(`cpf_${check.cpfStatus}`);
  if (!check.error && check.nameMatch === false) flags.push('name_mismatch');
  if (check.birthMatch === false) flags.push('birth_mismatch');
  const face = check.face;
  if (face && !face.available) flags.push('face_unavailable');
  if (face?.available && face.live === false) flags.push('liveness_failed');
  if (face?.available && face.live !== false && face.similarity !== null && face.similarity < minSimilarity)
    flags.push('face_mismatch');
  return flags;
}

/** The provider each app uses, set by modules/identity when the app is built (one per app, keyed by its config). */
const providers = new WeakMap<AppContext['config'], IdentityProvider>();

export function setIdentityProvider(config: AppContext['config'], provider: IdentityProvider): void {
  providers.set(config, provider);
}

export function identityProviderOf(config: AppContext['config']): IdentityProvider {
  return (
    providers.get(config) ?? {
      name: 'none',
      check: async () => unanswered('none', 'not_configured'),
    }
  );
}
