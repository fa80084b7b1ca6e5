/**
 * JSON Schemas (draft-07) of the messages we exchange with a PSP, written from the published documents, not from our
 * code, so that the emulator cannot agree with a mistake of our client:
 * - the Banco Central's API Pix, OpenAPI `openapi.yaml` version 2.9.0 (github.com/bacen/pix-api), for the calls we
 *   use; the standard's unanchored patterns are anchored here and its other ambiguities resolved as
 *   docs/providers/api-pix.md records;
 * - RFC 6749 section 5.1 for the token answer;
 * - Efí's published send-Pix pages (dev.efipay.com.br, "Envio e Pagamento Pix") for its own calls.
 * Only the fields we check are described; every object admits more (the standard lets PSPs add fields).
 */

type Schema = Record<string, unknown>;

const decimal = { type: 'string', pattern: '^\\d{1,10}\\.\\d{2}$' };
const txid = { type: 'string', pattern: '^[a-zA-Z0-9]{26,35}$' };
const endToEndId = { type: 'string', pattern: '^[a-zA-Z0-9]{32}$' };
const dateTime = { type: 'string', format: 'date-time' };
const devolucaoId = { type: 'string', pattern: '^[a-zA-Z0-9]{1,35}$' };

const pessoaFisica = {
  type: 'object',
  required: ['cpf', 'nome'],
  properties: { cpf: { type: 'string', pattern: '^\\d{11}$' }, nome: { type: 'string', maxLength: 200 } },
};
const pessoaJuridica = {
  type: 'object',
  required: ['cnpj', 'nome'],
  properties: { cnpj: { type: 'string', pattern: '^\\d{14}$' }, nome: { type: 'string', maxLength: 200 } },
};
const devedor = { oneOf: [pessoaFisica, pessoaJuridica] };
const cobBase = {
  chave: { type: 'string', minLength: 1, maxLength: 77 },
  solicitacaoPagador: { type: 'string', maxLength: 140 },
  infoAdicionais: {
    type: 'array',
    maxItems: 50,
    items: {
      type: 'object',
      required: ['nome', 'valor'],
      properties: { nome: { type: 'string', maxLength: 50 }, valor: { type: 'string', maxLength: 200 } },
    },
  },
};
const cobValor = {
  type: 'object',
  properties: { original: decimal, modalidadeAlteracao: { type: 'integer', minimum: 0, maximum: 1 } },
};
const cobStatus = { enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] };

/** `Pix` (received). */
const pix = {
  type: 'object',
  required: ['endToEndId', 'valor', 'horario'],
  properties: {
    endToEndId,
    txid: { type: 'string', pattern: '^[a-zA-Z0-9]{1,35}$' },
    valor: decimal,
    horario: dateTime,
    infoPagador: { type: 'string', maxLength: 140 },
    devolucoes: { type: 'array', items: { $ref: '#/definitions/Devolucao' } },
    // Not in openapi 2.9.0's `Pix`: the payer as PSPs add it (the shape of the standard's `devedor`); optional, and
    // what we read for br-licensed's own-CPF rule (docs/providers/api-pix.md).
    pagador: devedor,
  },
};

const devolucao = {
  type: 'object',
  required: ['id', 'rtrId', 'valor', 'horario', 'status'],
  properties: {
    id: devolucaoId,
    rtrId: endToEndId,
    valor: decimal,
    horario: {
      type: 'object',
      properties: { solicitacao: dateTime, liquidacao: dateTime },
    },
    status: { enum: ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] },
    motivo: { type: 'string', maxLength: 140 },
  },
};

const cobGerada = {
  type: 'object',
  required: ['txid', 'calendario', 'revisao', 'status', 'valor', 'chave'],
  properties: {
    calendario: {
      type: 'object',
      required: ['criacao', 'expiracao'],
      properties: { criacao: dateTime, expiracao: { type: 'integer', minimum: 1 } },
    },
    txid,
    revisao: { type: 'integer', minimum: 0 },
    devedor,
    loc: {
      type: 'object',
      required: ['id', 'tipoCob', 'criacao'],
      properties: {
        id: { type: 'integer' },
        location: { type: 'string', maxLength: 77 },
        tipoCob: { enum: ['cob', 'cobv'] },
        criacao: dateTime,
      },
    },
    location: { type: 'string', maxLength: 77 },
    status: cobStatus,
    valor: { ...cobValor, required: ['original'] },
    pixCopiaECola: { type: 'string', maxLength: 512 },
    ...cobBase,
  },
};

const definitions = { Devolucao: devolucao, Pix: pix };

/** Problem answer (RFC 7807) with the standard's `type` naming. */
const problema = {
  type: 'object',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', pattern: '^https://pix\\.bcb\\.gov\\.br/api/v2/error/[A-Za-z]+$' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    violacoes: {
      type: 'array',
      items: { type: 'object', properties: { razao: { type: 'string' }, propriedade: { type: 'string' } } },
    },
  },
};

export const API_PIX_SCHEMAS: Record<string, Schema> = {
  /** `PUT /cob/{txid}` body: `CobSolicitada`. */
  CobSolicitada: {
    type: 'object',
    required: ['valor', 'chave', 'calendario'],
    properties: {
      calendario: { type: 'object', properties: { expiracao: { type: 'integer', minimum: 1 } } },
      devedor,
      valor: { ...cobValor, required: ['original'] },
      ...cobBase,
    },
  },
  /** `PATCH /cob/{txid}` body: `CobRevisada`. */
  CobRevisada: {
    type: 'object',
    properties: {
      calendario: { type: 'object', properties: { expiracao: { type: 'integer', minimum: 1 } } },
      devedor,
      status: { enum: ['REMOVIDA_PELO_USUARIO_RECEBEDOR'] },
      valor: cobValor,
      ...cobBase,
    },
  },
  /** `PUT /cob` 201 and `PATCH /cob` 200: `CobGerada`. */
  CobGerada: cobGerada,
  /** `GET /cob/{txid}` 200: `CobCompleta` (with the Pix that paid it). */
  CobCompleta: {
    ...cobGerada,
    properties: {
      ...cobGerada.properties,
      pix: { type: 'array', items: { allOf: [pix, { properties: { txid } }] } },
    },
    definitions,
  },
  /** `GET /pix/{e2eid}` 200. */
  Pix: { ...pix, definitions },
  /** `GET /pix` 200: `PixConsultados` (`pix` optional: see docs/providers/api-pix.md). */
  PixConsultados: {
    type: 'object',
    required: ['parametros'],
    properties: {
      parametros: {
        type: 'object',
        required: ['inicio', 'fim', 'paginacao'],
        properties: {
          inicio: dateTime,
          fim: dateTime,
          paginacao: {
            type: 'object',
            required: ['paginaAtual', 'itensPorPagina', 'quantidadeDePaginas', 'quantidadeTotalDeItens'],
            properties: {
              paginaAtual: { type: 'integer', minimum: 0 },
              itensPorPagina: { type: 'integer', minimum: 1 },
              quantidadeDePaginas: { type: 'integer', minimum: 0 },
              quantidadeTotalDeItens: { type: 'integer', minimum: 0 },
            },
          },
        },
      },
      pix: { type: 'array', items: pix },
    },
    definitions,
  },
  /** `PUT /pix/{e2eid}/devolucao/{id}` body. */
  DevolucaoSolicitada: {
    type: 'object',
    required: ['valor'],
    properties: { valor: decimal, descricao: { type: 'string', maxLength: 140 } },
  },
  /** `PUT /pix/{e2eid}/devolucao/{id}` 201 and `GET` 200. */
  Devolucao: devolucao,
  /** `PUT /webhook/{chave}` body. */
  WebhookSolicitado: {
    type: 'object',
    required: ['webhookUrl'],
    properties: { webhookUrl: { type: 'string', format: 'uri', pattern: '^https?://' } },
  },
  /** The callback `POST {webhookUrl}/pix` body (`WebhookPixBody`). */
  WebhookPix: {
    type: 'object',
    required: ['pix'],
    properties: { pix: { type: 'array', items: pix } },
    definitions,
  },
  Problema: problema,
  /** RFC 6749 section 5.1: `access_token` and `token_type` required, `expires_in` and `scope` optional. */
  TokenResposta: {
    type: 'object',
    required: ['access_token', 'token_type'],
    properties: {
      access_token: { type: 'string', minLength: 1 },
      token_type: { type: 'string' },
      expires_in: { type: 'integer', minimum: 1 },
      scope: { type: 'string' },
    },
  },
  /** RFC 6749 section 4.4.2: the client-credentials request (form fields). */
  TokenPedido: {
    type: 'object',
    required: ['grant_type'],
    properties: { grant_type: { const: 'client_credentials' }, scope: { type: 'string' } },
  },

  // ---- Efí's send-Pix (not part of the standard) ----
  /** `PUT /v3/gn/pix/{idEnvio}` body. */
  EfiEnvioPedido: {
    type: 'object',
    required: ['valor', 'pagador', 'favorecido'],
    properties: {
      valor: decimal,
      pagador: {
        type: 'object',
        required: ['chave'],
        properties: {
          chave: { type: 'string', minLength: 1, maxLength: 77 },
          infoPagador: { type: 'string', maxLength: 140 },
        },
      },
      // A key, or a bank account (`contaBanco`, which we never send); `cpf`/`cnpj` of the holder are optional.
      favorecido: {
        type: 'object',
        anyOf: [{ required: ['chave'] }, { required: ['contaBanco'] }],
        properties: {
          chave: { type: 'string', minLength: 1, maxLength: 77 },
          cpf: { type: 'string', pattern: '^\\d{11}$' },
          cnpj: { type: 'string', pattern: '^\\d{14}$' },
          contaBanco: { type: 'object' },
        },
      },
    },
  },
  /** `PUT /v3/gn/pix/{idEnvio}` 201: the send's answer names the end-to-end id `e2eId`. */
  EfiEnvioResposta: {
    type: 'object',
    required: ['idEnvio', 'e2eId', 'valor', 'horario', 'status'],
    properties: {
      idEnvio: { type: 'string' },
      e2eId: endToEndId,
      valor: decimal,
      horario: { type: 'object', required: ['solicitacao'], properties: { solicitacao: dateTime } },
      status: { enum: ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'] },
    },
  },
  /** `GET /v2/gn/pix/enviados/id-envio/{idEnvio}` 200: the query names it `endToEndId`. */
  EfiPixEnviado: {
    type: 'object',
    required: ['endToEndId', 'idEnvio', 'valor', 'status', 'horario'],
    not: { required: ['e2eId'] },
    properties: {
      endToEndId,
      idEnvio: { type: 'string' },
      valor: decimal,
      chave: { type: 'string' },
      status: { enum: ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'] },
      horario: {
        type: 'object',
        required: ['solicitacao'],
        properties: { solicitacao: dateTime, liquidacao: dateTime },
      },
      favorecido: { type: 'object' },
    },
  },
  /** Efí's errors: `{nome, mensagem}`, not RFC 7807. */
  EfiErro: {
    type: 'object',
    required: ['nome', 'mensagem'],
    properties: { nome: { type: 'string' }, mensagem: { type: 'string' } },
  },
  /** A sent-Pix notice on the Pix webhook (`horario` null when the send was refused). */
  EfiPixEnviadoNotificacao: {
    type: 'object',
    required: ['pix'],
    properties: {
      pix: {
        type: 'array',
        items: {
          type: 'object',
          required: ['endToEndId', 'valor', 'horario', 'status', 'tipo', 'gnExtras'],
          properties: {
            endToEndId,
            valor: decimal,
            horario: { anyOf: [dateTime, { type: 'null' }] },
            status: { enum: ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'] },
            tipo: { const: 'SOLICITACAO' },
            gnExtras: { type: 'object', required: ['idEnvio'], properties: { idEnvio: { type: 'string' } } },
          },
        },
      },
    },
  },
};

export type ApiPixSchemaName = keyof typeof API_PIX_SCHEMAS;
