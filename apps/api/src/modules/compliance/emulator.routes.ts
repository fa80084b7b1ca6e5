import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listsEmulator } from './lists.emulator.ts';

const EmulatorBody = Type.Object({
  cpf: Type.String({ pattern: '^\\d{11}$' }),
  list: Type.Optional(Type.Union([Type.Literal('social_programs'), Type.Literal('self_exclusion')])),
  listed: Type.Optional(Type.Boolean()),
  behaviour: Type.Optional(Type.Union([Type.Literal('answer'), Type.Literal('fail'), Type.Literal('late')])),
});

/**
 * Outside production, with no COMPLIANCE_LISTS_URL: the emulator's control, for a developer or a browser journey
 * in another process (the API tests call the emulator directly). Puts a CPF on a list, or makes it fail or answer late.
 */
export function complianceEmulatorRoutes(app: TypedApp): void {
  app.post(
    '/api/dev/compliance-emulator',
    { schema: { hide: true, body: EmulatorBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { cpf, list, listed, behaviour } = request.body;
      if (list) listsEmulator.list(cpf, list, listed ?? true);
      if (behaviour) listsEmulator.behave(cpf, behaviour);
      return ok(null);
    },
  );
}
