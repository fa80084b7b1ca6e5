import { type Static, Type } from 'typebox';

// The identity check with liveness (issue 29, decision 0065): the player's selfie, and what the identity provider
// (Serpro's Datavalid) answered, as the operator's KYC queue shows it.

/** POST /api/app/identity/selfie: a JPEG (base64, a `data:image/jpeg;base64,` prefix allowed), at most 512 KiB. */
export const SelfieBody = Type.Object({ image: Type.String({ minLength: 16, maxLength: 700_000 }) });
export type SelfieBody = Static<typeof SelfieBody>;
/** The id the KYC submission names (`selfieId`); valid for 30 minutes, once. */
export const SelfieAnswer = Type.Object({ selfieId: Type.String() });
export type SelfieAnswer = Static<typeof SelfieAnswer>;
/** GET /api/admin/kyc/{uId}/selfie: the KYC's selfie as a data URL (each viewing is audited). */
export const SelfieImage = Type.Object({ image: Type.String() });
export type SelfieImage = Static<typeof SelfieImage>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** The provider's answer kept with the KYC: CPF standing, name and birth date against the registry, the face. */
export const KycCheck = Type.Object({
  provider: Type.String(),
  cpfStatus: Type.Union([
    Type.Literal('regular'),
    Type.Literal('irregular'),
    Type.Literal('not_found'),
    Type.Literal('unknown'),
  ]),
  nameMatch: Type.Boolean(),
  nameSimilarity: Nullable(Type.Number()),
  birthMatch: Nullable(Type.Boolean()),
  face: Nullable(
    Type.Object({
      available: Type.Boolean(),
      live: Nullable(Type.Boolean()),
      similarity: Nullable(Type.Number()),
      probability: Nullable(Type.String()),
    }),
  ),
  error: Type.Optional(Type.String()),
});
export type KycCheck = Static<typeof KycCheck>;
