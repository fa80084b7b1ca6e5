import { type TSchema, Type } from 'typebox';

/** `{ status, message, data }`: the body of every API answer (api-contract section 1). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Integer(), message: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Any(),
});

export function ok<T>(data: T, message = '') {
  return { status: 200, message, data };
}
