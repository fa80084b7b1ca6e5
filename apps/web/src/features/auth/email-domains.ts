// The 14 mail domains offered while typing an email-style username. Chosen for Brazilian players:
// the global providers most used in Brazil plus the Brazilian portals (bol, uol, terra, ig).
export const mailDomains = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com',
  'yahoo.com.br',
  'icloud.com',
  'live.com',
  'bol.com.br',
  'uol.com.br',
  'terra.com.br',
  'ig.com.br',
  'msn.com',
  'protonmail.com',
  'aol.com',
] as const;

export const suggestionCountMax = 5;

/**
 * Completions for what the player typed: the part before '@' joined to each domain that starts
 * with what follows it. Nothing to suggest when the name is empty or the domain is already whole.
 */
export function emailSuggestions(
  typed: string,
  domains: readonly string[] = mailDomains,
  countMax = suggestionCountMax,
): string[] {
  const value = typed.trim().toLowerCase();
  const at = value.indexOf('@');
  const local = at === -1 ? value : value.slice(0, at);
  if (!local || /\s/.test(local)) return [];
  const domainTyped = at === -1 ? '' : value.slice(at + 1);
  return domains
    .filter((domain) => domain.startsWith(domainTyped) && domain !== domainTyped)
    .slice(0, countMax)
    .map((domain) => `${local}@${domain}`);
}
