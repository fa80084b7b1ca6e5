import { type Static, Type } from 'typebox';
import { ShortText, Text } from './common.ts';

export const CaptchaParams = Type.Object({ codeId: Type.Integer({ minimum: 1, maximum: 100_000_000 }) });

const Credentials = {
  username: Text({ minLength: 3, maxLength: 100 }),
  pwd: Type.String({ minLength: 1, maxLength: 64 }),
  codeId: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  captCode: Type.String({ minLength: 1, maxLength: 64 }),
};

export const LoginBody = Type.Object(Credentials);
export type LoginBody = Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  ...Credentials,
  name: Type.Optional(ShortText(100)),
  cardNo: Type.Optional(ShortText(30)),
  country: Type.Optional(ShortText(8)),
  phone: Type.Optional(Type.String({ maxLength: 30, pattern: '^[0-9+()\\- ]*$' })),
  pwd1: Type.Optional(ShortText(64)),
  regcode: Type.Optional(ShortText(16)),
  isapp: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)])),
  /** Ours (issue 15): deposit limits in reais chosen at registration; one is required under br-licensed. */
  depositDay: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  depositWeek: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  depositMonth: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  /**
   * Ours (issue 30, decision 0055): the loss and time limits and the registration data of Portaria SPA/MF
   * 1.231/2024 art. 31 (as amended in 2025). Optional here; the server requires them under br-licensed.
   */
  lossDay: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  lossWeek: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  lossMonth: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  sessionMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  gender: Type.Optional(
    Type.Union([
      Type.Literal('female'),
      Type.Literal('male'),
      Type.Literal('other'),
      Type.Literal('undisclosed'),
    ]),
  ),
  addressLine: Type.Optional(ShortText(200)),
  city: Type.Optional(ShortText(100)),
  state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  postalCode: Type.Optional(Type.String({ pattern: '^[0-9]{5}-?[0-9]{3}$' })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const TokenAnswer = Type.Object({ access_token: Type.String(), expires_in: Type.Integer() });
export type TokenAnswer = Static<typeof TokenAnswer>;

export const SendEmailBody = Type.Object({ email: Text({ minLength: 3, maxLength: 100 }) });
export type SendEmailBody = Static<typeof SendEmailBody>;
export const CheckEmailBody = Type.Object({
  email: Text({ minLength: 3, maxLength: 100 }),
  code: Type.String({ minLength: 4, maxLength: 12 }),
});
export type CheckEmailBody = Static<typeof CheckEmailBody>;
export const SetPwdBody = Type.Object({
  nPwd: Type.String({ minLength: 1, maxLength: 64 }),
  chkId: Type.String({ minLength: 20, maxLength: 100 }),
});
export type SetPwdBody = Static<typeof SetPwdBody>;

export const OperatorLoginBody = Type.Object({
  username: Text({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
