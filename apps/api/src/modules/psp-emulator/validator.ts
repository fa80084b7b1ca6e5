import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { API_PIX_SCHEMAS, type ApiPixSchemaName } from './api-pix.schemas.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
// CommonJS default export: the function itself under Node, or under `.default` through an interop layer.
type Plugin = (instance: Ajv) => Ajv;
const addFormats =
  (addFormatsModule as unknown as { default?: Plugin }).default ?? (addFormatsModule as unknown as Plugin);
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The violations of a message against one of the written schemas (empty when it conforms). */
export function violationsOf(
  schema: ApiPixSchemaName,
  data: unknown,
): { razao: string; propriedade: string }[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(API_PIX_SCHEMAS[schema]!);
    compiled.set(schema, validate);
  }
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => ({
    razao: error.message ?? 'inválido',
    propriedade: error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '(corpo)',
  }));
}
